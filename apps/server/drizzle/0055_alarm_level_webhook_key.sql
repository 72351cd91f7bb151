-- A level's webhook signs each delivery with its own key (docs/alarms.md, "Webhooks").
ALTER TABLE "alarm_level" ADD COLUMN "webhook_key" text DEFAULT '' NOT NULL;
