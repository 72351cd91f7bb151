-- Refunds of vehicle, battery, recharge and package orders (docs/orders.md, "Refunds"): when a paid order's money went back.
ALTER TABLE "device_order" ADD COLUMN "refunded_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "wallet_order" ADD COLUMN "refunded_at" timestamp with time zone;
