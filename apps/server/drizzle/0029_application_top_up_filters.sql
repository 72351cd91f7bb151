-- Every list filter is served by an index (docs/scaling.md): the application list's type and
-- device-number filters (a device number matches the devices concerned or those given in exchange)
-- and the top-up list's marketing-type filter.
CREATE INDEX "application_type_created_idx" ON "application" ("application_type", "created_at");--> statement-breakpoint
CREATE INDEX "application_exchange_numbers_idx" ON "application" USING gin ("exchange_numbers");--> statement-breakpoint
CREATE INDEX "top_up_marketing_created_idx" ON "top_up" ("marketing_type", "created_at");
