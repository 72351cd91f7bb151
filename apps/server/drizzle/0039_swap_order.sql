-- Transfer (swap) and energy (kWh) orders (Order centre, docs/orders.md): the paid side of a charged
-- swap, one order per swap record. A customer, cabinet or city an order names stays; the orders go
-- with their merchant.
CREATE TABLE "swap_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"kind" text NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchant"("id") ON DELETE CASCADE,
	"customer_id" integer NOT NULL REFERENCES "customer"("id"),
	"swap_record_id" integer NOT NULL REFERENCES "swap_record"("id"),
	"swap_at" timestamp with time zone NOT NULL,
	"cabinet_id" integer NOT NULL REFERENCES "cabinet"("id"),
	"city_id" integer NOT NULL REFERENCES "area"("id") ON DELETE RESTRICT,
	"currency" text NOT NULL,
	"unit_price" numeric(13, 2) NOT NULL,
	"meter_start_kwh" numeric(13, 3),
	"meter_end_kwh" numeric(13, 3),
	"energy_kwh" numeric(13, 3),
	"amount" numeric(13, 2) NOT NULL,
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
CREATE UNIQUE INDEX "swap_order_no_key" ON "swap_order" ("order_no");
--> statement-breakpoint
-- One order per swap, also when the cabinet's report arrives twice at once.
CREATE UNIQUE INDEX "swap_order_swap_key" ON "swap_order" ("swap_record_id");
--> statement-breakpoint
-- Every list filter is served by an index: the tenant's rows of a kind newest first, each filter.
CREATE INDEX "swap_order_no_prefix_idx" ON "swap_order" ("order_no" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "swap_order_kind_created_idx" ON "swap_order" ("kind", "created_at");
--> statement-breakpoint
CREATE INDEX "swap_order_merchant_created_idx" ON "swap_order" ("merchant_id", "kind", "created_at");
--> statement-breakpoint
CREATE INDEX "swap_order_status_created_idx" ON "swap_order" ("kind", "status", "created_at");
--> statement-breakpoint
CREATE INDEX "swap_order_customer_idx" ON "swap_order" ("customer_id", "created_at");
--> statement-breakpoint
CREATE INDEX "swap_order_cabinet_idx" ON "swap_order" ("cabinet_id", "created_at");
--> statement-breakpoint
-- The order job walks the unpaid and the paid, not yet completed ones only.
CREATE INDEX "swap_order_unpaid_idx" ON "swap_order" ("created_at") WHERE "status" in ('REGISTERED', 'IN_PROGRESS');
--> statement-breakpoint
CREATE INDEX "swap_order_paid_idx" ON "swap_order" ("paid_at") WHERE "status" = 'PAID';
