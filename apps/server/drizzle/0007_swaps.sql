CREATE TABLE "appointment" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"compartment" integer NOT NULL,
	"battery_number" text,
	"battery_soc" double precision,
	"customer" text NOT NULL,
	"status" text DEFAULT 'RESERVED' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"swap_id" integer,
	"merchant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swap_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"request_id" text,
	"battery_in_number" text,
	"battery_in_compartment" integer,
	"battery_in_soc" double precision,
	"battery_out_number" text,
	"battery_out_compartment" integer,
	"battery_out_soc" double precision,
	"customer" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"result" text NOT NULL,
	"failure_code" text,
	"appointment_id" integer,
	"merchant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "battery" ADD COLUMN "distribution_status" text DEFAULT 'UNASSIGNED' NOT NULL;--> statement-breakpoint
ALTER TABLE "battery" ADD COLUMN "return_status" text DEFAULT 'NONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "battery" ADD COLUMN "swap_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "battery" ADD COLUMN "swap_request_id" text;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_cabinet_id_cabinet_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinet"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_merchant_id_merchant_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_record" ADD CONSTRAINT "swap_record_cabinet_id_cabinet_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinet"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_record" ADD CONSTRAINT "swap_record_merchant_id_merchant_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_held_key" ON "appointment" USING btree ("cabinet_id","compartment") WHERE "appointment"."status" = 'RESERVED';--> statement-breakpoint
CREATE INDEX "appointment_held_expiry_idx" ON "appointment" USING btree ("expires_at") WHERE "appointment"."status" = 'RESERVED';--> statement-breakpoint
CREATE INDEX "appointment_created_idx" ON "appointment" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "appointment_merchant_created_idx" ON "appointment" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "appointment_cabinet_idx" ON "appointment" USING btree ("cabinet_id","id");--> statement-breakpoint
CREATE INDEX "appointment_status_idx" ON "appointment" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "appointment_customer_idx" ON "appointment" USING btree ("customer","id");--> statement-breakpoint
CREATE UNIQUE INDEX "swap_record_event_key" ON "swap_record" USING btree ("cabinet_id","event_id");--> statement-breakpoint
CREATE INDEX "swap_record_started_idx" ON "swap_record" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "swap_record_merchant_started_idx" ON "swap_record" USING btree ("merchant_id","started_at","id");--> statement-breakpoint
CREATE INDEX "swap_record_cabinet_started_idx" ON "swap_record" USING btree ("cabinet_id","started_at","id");--> statement-breakpoint
CREATE INDEX "swap_record_result_idx" ON "swap_record" USING btree ("result","id");--> statement-breakpoint
CREATE INDEX "swap_record_battery_in_idx" ON "swap_record" USING btree ("battery_in_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "swap_record_battery_out_idx" ON "swap_record" USING btree ("battery_out_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "swap_record_customer_idx" ON "swap_record" USING btree ("customer","id");--> statement-breakpoint
CREATE INDEX "battery_unassigned_idx" ON "battery" USING btree ("id") WHERE "battery"."distribution_status" = 'UNASSIGNED';--> statement-breakpoint
CREATE INDEX "battery_returning_idx" ON "battery" USING btree ("id") WHERE "battery"."return_status" = 'RETURNING';--> statement-breakpoint
-- Batteries already sitting in a cabinet are in service at a site: they stay usable after the upgrade.
UPDATE "battery" SET "distribution_status" = 'ASSIGNED' WHERE "id" IN (SELECT "battery_id" FROM "cabinet_compartment" WHERE "battery_id" IS NOT NULL);
