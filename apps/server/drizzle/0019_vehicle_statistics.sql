-- Vehicle statistics (docs/stations-and-maps.md, "Vehicle statistics"): a swap record names the
-- vehicle it served, and a vehicle's report may carry its charge.
ALTER TABLE "swap_record" ADD COLUMN "vehicle_id" integer REFERENCES "vehicle"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- A vehicle's swaps per day over a period (and a removed vehicle's rows to unlink).
CREATE INDEX "swap_record_vehicle_started_idx" ON "swap_record" ("vehicle_id", "started_at") WHERE "vehicle_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "vehicle_telemetry" ADD COLUMN "soc" real;
