-- Wallets and top-ups (Operation centre → Pricing → Top-up records): removed with their merchant.
CREATE TABLE "wallet" (
	"merchant_id" integer NOT NULL REFERENCES "merchant"("id") ON DELETE CASCADE,
	"customer_id" text NOT NULL,
	"balance" numeric(13, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("merchant_id", "customer_id")
);
--> statement-breakpoint
CREATE TABLE "top_up" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchant"("id") ON DELETE CASCADE,
	"customer_id" text NOT NULL,
	"paid_amount" numeric(13, 2) NOT NULL,
	"gift_amount" numeric(13, 2) NOT NULL,
	"marketing_type" text NOT NULL,
	"currency" text NOT NULL,
	"balance_after" numeric(13, 2) NOT NULL,
	"operator_id" integer,
	"operator_name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A tenant's records newest first, the platform's by date, a customer's.
CREATE INDEX "top_up_merchant_created_idx" ON "top_up" ("merchant_id", "created_at");
--> statement-breakpoint
CREATE INDEX "top_up_created_idx" ON "top_up" ("created_at");
--> statement-breakpoint
CREATE INDEX "top_up_customer_created_idx" ON "top_up" ("customer_id", "created_at");
