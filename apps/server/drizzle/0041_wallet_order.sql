-- Wallet set, recharge orders and package orders (Order centre, docs/wallet.md and docs/orders.md).
-- The wallet set: one per merchant, the rules of its top-ups (the minimum paid, the marketing types in use).
CREATE TABLE "wallet_setting" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchant"("id") ON DELETE CASCADE,
	"currency" text NOT NULL,
	"min_top_up" numeric(13, 2) NOT NULL,
	"marketing_types" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_setting_key" ON "wallet_setting" ("merchant_id");
--> statement-breakpoint
CREATE INDEX "wallet_setting_created_idx" ON "wallet_setting" ("created_at");
--> statement-breakpoint
-- A customer's wallet top-up order or purchase of a swap package. A customer an order names stays;
-- the orders go with their merchant.
CREATE TABLE "wallet_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"kind" text NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchant"("id") ON DELETE CASCADE,
	"customer_id" integer NOT NULL REFERENCES "customer"("id"),
	"currency" text NOT NULL,
	"paid_amount" numeric(13, 2) NOT NULL,
	"gift_amount" numeric(13, 2) DEFAULT '0' NOT NULL,
	"marketing_type" text,
	"offer_id" integer,
	"package_price_id" integer,
	"package_name" text,
	"swaps" integer,
	"validity_days" integer,
	"swaps_left" integer,
	"valid_until" timestamp with time zone,
	"source" text NOT NULL,
	"status" text DEFAULT 'REGISTERED' NOT NULL,
	"payment_gateway" text,
	"transaction_id" text,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_order_no_key" ON "wallet_order" ("order_no");
--> statement-breakpoint
-- Every list filter is served by an index: the tenant's rows of a kind newest first, each filter.
CREATE INDEX "wallet_order_no_prefix_idx" ON "wallet_order" ("order_no" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "wallet_order_kind_created_idx" ON "wallet_order" ("kind", "created_at");
--> statement-breakpoint
CREATE INDEX "wallet_order_merchant_created_idx" ON "wallet_order" ("merchant_id", "kind", "created_at");
--> statement-breakpoint
CREATE INDEX "wallet_order_status_created_idx" ON "wallet_order" ("status", "created_at");
--> statement-breakpoint
CREATE INDEX "wallet_order_customer_idx" ON "wallet_order" ("customer_id", "created_at");
--> statement-breakpoint
-- A gateway transaction pays one order.
CREATE UNIQUE INDEX "wallet_order_transaction_key" ON "wallet_order" ("payment_gateway", "transaction_id") WHERE "transaction_id" IS NOT NULL;
--> statement-breakpoint
-- A customer has the first-top-up offer once: one such recharge order open or paid, under any race.
CREATE UNIQUE INDEX "wallet_order_first_top_up_key" ON "wallet_order" ("merchant_id", "customer_id")
	WHERE "kind" = 'recharge' AND "marketing_type" = 'FIRST_TOP_UP' AND "status" IN ('REGISTERED', 'IN_PROGRESS', 'PAID', 'COMPLETED');
