-- Vehicle and battery orders (Order centre, docs/orders.md): a device of the merchant sold or leased
-- to a customer. A customer or a city an order names stays; the orders go with their merchant.
CREATE TABLE "device_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"kind" text NOT NULL,
	"order_type" text NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchant"("id") ON DELETE CASCADE,
	"customer_id" integer NOT NULL REFERENCES "customer"("id"),
	"device_id" integer NOT NULL,
	"device_number" text NOT NULL,
	"city_id" integer NOT NULL REFERENCES "area"("id") ON DELETE RESTRICT,
	"currency" text NOT NULL,
	"price" numeric(13, 2) NOT NULL,
	"deposit" numeric(13, 2) NOT NULL,
	"total_amount" numeric(13, 2) NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'REGISTERED' NOT NULL,
	"payment_gateway" text,
	"transaction_id" text,
	"paid_at" timestamp with time zone,
	"handed_over_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "device_order_no_key" ON "device_order" ("order_no");
--> statement-breakpoint
-- Every list filter is served by an index: the tenant's rows of a kind newest first, each filter.
CREATE INDEX "device_order_no_prefix_idx" ON "device_order" ("order_no" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "device_order_kind_created_idx" ON "device_order" ("kind", "created_at");
--> statement-breakpoint
CREATE INDEX "device_order_merchant_created_idx" ON "device_order" ("merchant_id", "kind", "created_at");
--> statement-breakpoint
CREATE INDEX "device_order_status_created_idx" ON "device_order" ("status", "created_at");
--> statement-breakpoint
CREATE INDEX "device_order_type_created_idx" ON "device_order" ("order_type", "created_at");
--> statement-breakpoint
CREATE INDEX "device_order_customer_idx" ON "device_order" ("customer_id", "created_at");
--> statement-breakpoint
CREATE INDEX "device_order_device_number_idx" ON "device_order" ("device_number" text_pattern_ops);
--> statement-breakpoint
-- A device is in one open order at a time.
CREATE UNIQUE INDEX "device_order_open_key" ON "device_order" ("kind", "device_id") WHERE "status" in ('REGISTERED', 'IN_PROGRESS', 'PAID');
