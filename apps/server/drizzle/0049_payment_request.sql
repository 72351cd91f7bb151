-- Payment requests staff asked a payment gateway for (docs/orders.md, "Asking the gateway for a
-- payment"): one row per request the gateway took, shown beside the gateway's reports on the order's
-- page. They go with their merchant.
CREATE TABLE "payment_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_gateway" text NOT NULL,
	"transaction_id" text NOT NULL,
	"order_kind" text NOT NULL,
	"order_no" text NOT NULL,
	"order_id" integer NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchant"("id") ON DELETE CASCADE,
	"amount" numeric(13, 2) NOT NULL,
	"currency" text NOT NULL,
	"operator_id" integer,
	"operator_name" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_request_order_idx" ON "payment_request" ("order_no");
