-- A battery's holder (docs/orders.md, "Vehicle and battery orders"): the customer a battery order
-- handed it over to, passed on to the pack a swap hands out for it, cleared when the product order
-- holding it ends. Added empty with its key NOT VALID (no scan of the battery table). Batteries handed
-- over before stay without a holder: whether they came back since is not recorded.
ALTER TABLE "battery" ADD COLUMN "holder_customer_id" integer;
--> statement-breakpoint
ALTER TABLE "battery" ADD CONSTRAINT "battery_holder_customer_id_fkey" FOREIGN KEY ("holder_customer_id") REFERENCES "customer"("id") NOT VALID;
--> statement-breakpoint
-- A customer's batteries held (the customer's page).
CREATE INDEX IF NOT EXISTS "battery_holder_idx" ON "battery" ("holder_customer_id", "id") WHERE "holder_customer_id" IS NOT NULL;
