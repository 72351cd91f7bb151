-- Asset applications (Operation centre → Applications): returns and replacements, removed with their merchant.
CREATE TABLE "application" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchant"("id") ON DELETE CASCADE,
	"application_type" text NOT NULL,
	"application_status" text DEFAULT 'AUDIT' NOT NULL,
	"customer_id" text NOT NULL,
	"device_kind" text NOT NULL,
	"device_ids" integer[] NOT NULL,
	"device_numbers" text[] NOT NULL,
	"exchange_numbers" text[] DEFAULT '{}' NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A tenant's list newest first, the platform's by date or state, a customer's, a device's.
CREATE INDEX "application_merchant_created_idx" ON "application" ("merchant_id", "created_at");
--> statement-breakpoint
CREATE INDEX "application_created_idx" ON "application" ("created_at");
--> statement-breakpoint
CREATE INDEX "application_status_created_idx" ON "application" ("application_status", "created_at");
--> statement-breakpoint
CREATE INDEX "application_customer_idx" ON "application" ("customer_id");
--> statement-breakpoint
CREATE INDEX "application_device_numbers_idx" ON "application" USING gin ("device_numbers");
--> statement-breakpoint
CREATE TABLE "application_step" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL REFERENCES "application"("id") ON DELETE CASCADE,
	"from_status" text,
	"to_status" text NOT NULL,
	"operator_id" integer,
	"operator_name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "application_step_application_idx" ON "application_step" ("application_id", "id");
