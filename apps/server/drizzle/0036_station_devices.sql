-- A station to which cabinets, batteries or vehicles are distributed is not removed
-- (docs/stations-and-maps.md, "Removal"): its removal counts them through these indexes, and the
-- batteries' and vehicles' keys refuse the removal too instead of clearing their station.
CREATE INDEX "battery_station_idx" ON "battery" ("station_id") WHERE "station_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "vehicle_station_idx" ON "vehicle" ("station_id") WHERE "station_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "battery" DROP CONSTRAINT "battery_station_id_fkey";
--> statement-breakpoint
ALTER TABLE "battery" ADD CONSTRAINT "battery_station_id_fkey" FOREIGN KEY ("station_id") REFERENCES "station"("id") ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE "vehicle" DROP CONSTRAINT "vehicle_station_id_fkey";
--> statement-breakpoint
ALTER TABLE "vehicle" ADD CONSTRAINT "vehicle_station_id_fkey" FOREIGN KEY ("station_id") REFERENCES "station"("id") ON DELETE RESTRICT;
--> statement-breakpoint
-- Stations made from an older cabinet's site text lack a position or a responsible person until
-- staff complete them: the list's "incomplete" filter finds those few.
CREATE INDEX "station_incomplete_idx" ON "station" ("type", "id") WHERE "latitude" IS NULL OR "responsible_person" = '';
