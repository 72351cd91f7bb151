-- Door and fault alarms (docs/alarms.md, "Parameters"): a compartment's alarm names its compartment
-- (one alarm per cabinet, compartment and rule), a fault alarm keeps the device's fault text.
ALTER TABLE "alarm" ADD COLUMN "compartment" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "alarm" ADD COLUMN "detail" text DEFAULT '' NOT NULL;
--> statement-breakpoint
DROP INDEX "alarm_active_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_active_uq" ON "alarm" ("kind", "device_id", "rule_id", "compartment") WHERE "state" <> 'CLEARED';
--> statement-breakpoint
-- The periodic check opens the compartment alarms whose hold has passed.
CREATE INDEX "alarm_pending_idx" ON "alarm" ("opened_at") WHERE "state" = 'PENDING';
