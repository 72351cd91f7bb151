-- Refund of a paid transfer or energy order to the customer's wallet (docs/orders.md, "Refund"): when it was refunded.
ALTER TABLE "swap_order" ADD COLUMN "refunded_at" timestamp with time zone;
