-- External systems and their webhook deliveries (Operation centre → Distribution → External systems).
CREATE TABLE "external_system" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchant"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"signing_key" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "external_system_merchant_created_idx" ON "external_system" ("merchant_id", "created_at");
--> statement-breakpoint
CREATE INDEX "external_system_created_idx" ON "external_system" ("created_at");
--> statement-breakpoint
CREATE TABLE "external_system_device" (
	"system_id" integer NOT NULL REFERENCES "external_system"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	PRIMARY KEY ("system_id", "kind", "number")
);
--> statement-breakpoint
-- A device's event finds the systems that may see it.
CREATE INDEX "external_system_device_number_idx" ON "external_system_device" ("kind", "number");
--> statement-breakpoint
CREATE TABLE "webhook_delivery" (
	"id" serial PRIMARY KEY NOT NULL,
	"system_id" integer NOT NULL REFERENCES "external_system"("id") ON DELETE CASCADE,
	"merchant_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"device_kind" text,
	"device_number" text,
	"data" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_answer" text,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The worker's queue: the pending deliveries by when they are due.
CREATE INDEX "webhook_delivery_due_idx" ON "webhook_delivery" ("next_attempt_at") WHERE status = 'PENDING';
--> statement-breakpoint
CREATE INDEX "webhook_delivery_merchant_created_idx" ON "webhook_delivery" ("merchant_id", "created_at");
--> statement-breakpoint
CREATE INDEX "webhook_delivery_created_idx" ON "webhook_delivery" ("created_at");
--> statement-breakpoint
CREATE INDEX "webhook_delivery_system_created_idx" ON "webhook_delivery" ("system_id", "created_at");
--> statement-breakpoint
CREATE INDEX "webhook_delivery_status_created_idx" ON "webhook_delivery" ("status", "created_at");
--> statement-breakpoint
CREATE INDEX "webhook_delivery_event_created_idx" ON "webhook_delivery" ("event_type", "created_at");
--> statement-breakpoint
CREATE INDEX "webhook_delivery_number_idx" ON "webhook_delivery" USING btree ("device_number" text_pattern_ops);
--> statement-breakpoint
CREATE TABLE "webhook_attempt" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL REFERENCES "webhook_delivery"("id") ON DELETE CASCADE,
	"attempt" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"answer" text DEFAULT '' NOT NULL,
	"error" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_attempt_delivery_idx" ON "webhook_attempt" ("delivery_id", "attempt");
