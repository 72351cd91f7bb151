-- The transfer and energy lists' cabinet number filter (docs/scaling.md, "Orders and customers"):
-- a list names its kind, so the cabinet index carries it; the capped count then reads the named
-- cabinets' orders of that kind from the index alone, where it scanned the whole table before.
DROP INDEX "swap_order_cabinet_idx";--> statement-breakpoint
CREATE INDEX "swap_order_cabinet_idx" ON "swap_order" USING btree ("cabinet_id","kind","created_at");
