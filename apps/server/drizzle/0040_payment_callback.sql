-- Payment results reported by payment gateways (docs/orders.md, "The payment callback"): one row per
-- gateway transaction, so the same report twice is recorded once. They go with their merchant.
CREATE TABLE "payment_callback" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_gateway" text NOT NULL,
	"transaction_id" text NOT NULL,
	"order_kind" text NOT NULL,
	"order_no" text NOT NULL,
	"order_id" integer NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchant"("id") ON DELETE CASCADE,
	"amount" numeric(13, 2) NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_callback_transaction_key" ON "payment_callback" ("payment_gateway", "transaction_id");
--> statement-breakpoint
CREATE INDEX "payment_callback_order_idx" ON "payment_callback" ("order_no");
