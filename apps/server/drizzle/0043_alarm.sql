-- Alarms (docs/alarms.md): the three levels, device alarm rules, and the alarms they raise.
CREATE TABLE "alarm_level" (
	"level" text PRIMARY KEY NOT NULL,
	"colour" text NOT NULL,
	"sound" boolean NOT NULL,
	"webhook_url" text DEFAULT '' NOT NULL,
	"label_en" text NOT NULL,
	"label_in" text NOT NULL,
	"label_th" text NOT NULL,
	"label_zh" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer REFERENCES "merchant"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"device_type_id" integer REFERENCES "device_type"("id") ON DELETE CASCADE,
	"parameter" text NOT NULL,
	"range_from" double precision,
	"range_to" double precision,
	"hold_seconds" integer DEFAULT 0 NOT NULL,
	"clear_margin" double precision DEFAULT 0 NOT NULL,
	"level" text NOT NULL,
	"content" text NOT NULL,
	"notifications" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "alarm_rule_merchant_idx" ON "alarm_rule" ("merchant_id", "created_at");
--> statement-breakpoint
CREATE TABLE "alarm" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer REFERENCES "merchant"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"device_id" integer NOT NULL,
	"device_number" text NOT NULL,
	"rule_id" integer REFERENCES "alarm_rule"("id") ON DELETE SET NULL,
	"parameter" text NOT NULL,
	"level" text NOT NULL,
	"content" text NOT NULL,
	"state" text NOT NULL,
	"header" boolean DEFAULT true NOT NULL,
	"value" double precision,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"assignee_id" integer REFERENCES "account"("id") ON DELETE SET NULL,
	"comment" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
-- One alarm per device and rule until it clears: a condition reported again updates it, never a second.
CREATE UNIQUE INDEX "alarm_active_uq" ON "alarm" ("kind", "device_id", "rule_id") WHERE "state" <> 'CLEARED';
--> statement-breakpoint
CREATE INDEX "alarm_merchant_opened_idx" ON "alarm" ("merchant_id", "opened_at");
--> statement-breakpoint
CREATE INDEX "alarm_kind_opened_idx" ON "alarm" ("kind", "opened_at");
--> statement-breakpoint
CREATE INDEX "alarm_opened_idx" ON "alarm" ("opened_at");
--> statement-breakpoint
-- The header's count of open alarms and its stream's new ones.
CREATE INDEX "alarm_open_idx" ON "alarm" ("merchant_id", "id") WHERE "state" = 'OPEN';
