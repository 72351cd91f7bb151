CREATE TABLE "device_command" (
	"id" uuid PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"battery_id" integer,
	"name" text NOT NULL,
	"compartment" integer,
	"status" text NOT NULL,
	"failure_code" text,
	"detail" text,
	"issued_by_id" integer,
	"issued_by_name" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_command" ADD CONSTRAINT "device_command_cabinet_id_cabinet_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_command" ADD CONSTRAINT "device_command_battery_id_battery_id_fk" FOREIGN KEY ("battery_id") REFERENCES "public"."battery"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_command" ADD CONSTRAINT "device_command_issued_by_id_account_id_fk" FOREIGN KEY ("issued_by_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_command_outstanding_key" ON "device_command" USING btree ("cabinet_id") WHERE "device_command"."status" in ('QUEUED', 'SENT', 'ACCEPTED');--> statement-breakpoint
CREATE INDEX "device_command_expiry_idx" ON "device_command" USING btree ("expires_at") WHERE "device_command"."status" in ('QUEUED', 'SENT', 'ACCEPTED');--> statement-breakpoint
CREATE INDEX "device_command_cabinet_idx" ON "device_command" USING btree ("cabinet_id","issued_at");--> statement-breakpoint
CREATE INDEX "device_command_battery_idx" ON "device_command" USING btree ("battery_id","issued_at") WHERE "device_command"."battery_id" is not null;