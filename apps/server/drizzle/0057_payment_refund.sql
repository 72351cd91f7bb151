-- Refunds asked of a payment gateway (docs/orders.md, "Refund through the gateway"): one row per
-- refund sent, REQUESTED until the gateway's signed answer; at most one not FAILED per order.
CREATE TABLE "payment_refund" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_gateway" text NOT NULL,
	"transaction_id" text NOT NULL,
	"order_kind" text NOT NULL,
	"order_no" text NOT NULL,
	"order_id" integer NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchant"("id") ON DELETE CASCADE,
	"amount" numeric(13, 2) NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"gateway_refund_id" text,
	"reason" text,
	"operator_id" integer,
	"operator_name" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refund_open_key" ON "payment_refund" ("order_kind", "order_id") WHERE "status" <> 'FAILED';
--> statement-breakpoint
CREATE INDEX "payment_refund_order_idx" ON "payment_refund" ("order_no");
--> statement-breakpoint
-- One form of a wallet payment's transaction id for every kind of order: W and the movement's id.
UPDATE "wallet_order" SET "transaction_id" = 'W' || substr("transaction_id", 8)
WHERE "payment_gateway" = 'WALLET' AND "transaction_id" LIKE 'wallet-%';
