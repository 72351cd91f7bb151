-- Order lists at scale (docs/scaling.md, "Orders and customers"): a merchant's staff filter by status
-- within their merchant, and the transfer and energy lists sort by order number within their kind;
-- each is served by an index in list order, so a page and its capped count read index ranges only.
CREATE INDEX "product_order_merchant_status_idx" ON "product_order" ("merchant_id", "status", "created_at");
--> statement-breakpoint
CREATE INDEX "swap_order_merchant_status_idx" ON "swap_order" ("merchant_id", "kind", "status", "created_at");
--> statement-breakpoint
CREATE INDEX "swap_order_kind_no_idx" ON "swap_order" ("kind", "order_no");
