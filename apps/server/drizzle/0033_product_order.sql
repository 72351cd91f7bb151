-- Product orders (Order centre, docs/orders.md), their plan switches and payments. A product, a
-- customer, a vehicle or a battery an order names stays; the orders go with their merchant.
CREATE TABLE "product_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchant"("id") ON DELETE CASCADE,
	"customer_id" integer NOT NULL REFERENCES "customer"("id"),
	"product_id" integer NOT NULL REFERENCES "product_package"("id"),
	"product_name" text NOT NULL,
	"operation_type" text NOT NULL,
	"vehicle_type_id" integer NOT NULL,
	"payment_gateway" text,
	"transaction_id" text,
	"source" text NOT NULL,
	"status" text DEFAULT 'ENROLLED' NOT NULL,
	"customer_status" text DEFAULT 'NEW' NOT NULL,
	"current_cycle" integer DEFAULT 0 NOT NULL,
	"total_cycles" integer NOT NULL,
	"cycle_days" integer NOT NULL,
	"overdue_days" integer DEFAULT 0 NOT NULL,
	"overdue_cycles" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"price_per_cycle" numeric(13, 2) NOT NULL,
	"renewal_price" numeric(13, 2) NOT NULL,
	"first_payment" numeric(13, 2) NOT NULL,
	"outstanding_balance" numeric(13, 2) NOT NULL,
	"start_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"terminated_at" timestamp with time zone,
	"vehicle_id" integer REFERENCES "vehicle"("id"),
	"battery_id" integer REFERENCES "battery"("id"),
	"combo_swaps" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_order_no_key" ON "product_order" ("order_no");
--> statement-breakpoint
-- Every list filter is served by an index: the tenant's rows newest first, the platform's, each filter.
CREATE INDEX "product_order_no_prefix_idx" ON "product_order" ("order_no" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "product_order_merchant_created_idx" ON "product_order" ("merchant_id", "created_at");
--> statement-breakpoint
CREATE INDEX "product_order_created_idx" ON "product_order" ("created_at");
--> statement-breakpoint
CREATE INDEX "product_order_status_created_idx" ON "product_order" ("status", "created_at");
--> statement-breakpoint
CREATE INDEX "product_order_customer_status_created_idx" ON "product_order" ("customer_status", "created_at");
--> statement-breakpoint
CREATE INDEX "product_order_source_created_idx" ON "product_order" ("source", "created_at");
--> statement-breakpoint
CREATE INDEX "product_order_customer_idx" ON "product_order" ("customer_id", "created_at");
--> statement-breakpoint
CREATE INDEX "product_order_product_idx" ON "product_order" ("product_id", "created_at");
--> statement-breakpoint
CREATE INDEX "product_order_vehicle_idx" ON "product_order" ("vehicle_id") WHERE "vehicle_id" is not null;
--> statement-breakpoint
CREATE INDEX "product_order_running_idx" ON "product_order" ("id") WHERE "status" = 'ENROLLED';
--> statement-breakpoint
CREATE TABLE "product_order_switch" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "product_order"("id") ON DELETE CASCADE,
	"old_terms" jsonb NOT NULL,
	"new_terms" jsonb NOT NULL,
	"operator_id" integer,
	"operator_name" text DEFAULT '' NOT NULL,
	"switched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_order_switch_order_idx" ON "product_order_switch" ("order_id", "switched_at");
--> statement-breakpoint
CREATE TABLE "product_order_payment" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "product_order"("id") ON DELETE CASCADE,
	"payment_gateway" text NOT NULL,
	"transaction_id" text NOT NULL,
	"amount" numeric(13, 2) NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_order_payment_key" ON "product_order_payment" ("payment_gateway", "transaction_id");
--> statement-breakpoint
CREATE INDEX "product_order_payment_order_idx" ON "product_order_payment" ("order_id");
