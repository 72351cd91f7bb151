-- Each device's log: its state changes, commands, alarms and upgrades (docs/device-protocol.md, "Device log").
CREATE TABLE "device_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_kind" text NOT NULL,
	"device_id" integer NOT NULL,
	"merchant_id" integer,
	"kind" text NOT NULL,
	"text_key" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A device's log newest first, and one kind of its entries.
CREATE INDEX "device_log_device_at_idx" ON "device_log" ("device_kind", "device_id", "at", "id");
--> statement-breakpoint
CREATE INDEX "device_log_device_kind_at_idx" ON "device_log" ("device_kind", "device_id", "kind", "at", "id");
