CREATE TABLE "device_credential" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "battery" ADD COLUMN "voltage" double precision;--> statement-breakpoint
ALTER TABLE "battery" ADD COLUMN "current" double precision;--> statement-breakpoint
ALTER TABLE "cabinet" ADD COLUMN "online" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "device_credential_number_key" ON "device_credential" USING btree ("number");--> statement-breakpoint
CREATE INDEX "cabinet_online_report_idx" ON "cabinet" USING btree ("last_report_at") WHERE "cabinet"."online";