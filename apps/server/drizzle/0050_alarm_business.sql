-- Business alarm rules (docs/alarms.md, "Business rules") and the business alarms they raise.
CREATE TABLE "alarm_business_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer REFERENCES "merchant"("id") ON DELETE CASCADE,
	"condition" text NOT NULL,
	"threshold" integer NOT NULL,
	"window_minutes" integer,
	"level" text NOT NULL,
	"content" text NOT NULL,
	"notifications" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "alarm_business_rule_merchant_idx" ON "alarm_business_rule" ("merchant_id", "created_at");
--> statement-breakpoint
ALTER TABLE "alarm" ADD COLUMN "business_rule_id" integer REFERENCES "alarm_business_rule"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- One business alarm per subject and rule until it clears.
CREATE UNIQUE INDEX "alarm_business_active_uq" ON "alarm" ("business_rule_id", "device_id") WHERE "state" <> 'CLEARED' AND "business_rule_id" IS NOT NULL;
--> statement-breakpoint
-- The command failure rate reads the commands finished within its window.
CREATE INDEX "device_command_finished_idx" ON "device_command" ("finished_at") WHERE "finished_at" IS NOT NULL;
