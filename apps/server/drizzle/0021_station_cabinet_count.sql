-- A station's cabinets, counted as they join and leave it (docs/stations-and-maps.md, "Stations"):
-- the station list, its sort and the map read the count from the station row instead of counting
-- each station's cabinets. Row triggers on the cabinet table; an update that keeps the cabinet's
-- station (telemetry, state) is skipped by the WHEN clause without calling the function. Two
-- cabinets joining one station at once wait on its row, so the count stays exact.
ALTER TABLE "station" ADD COLUMN "cabinet_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "station" SET "cabinet_count" = c.n
FROM (SELECT "station_id", count(*)::int AS n FROM "cabinet" WHERE "station_id" IS NOT NULL GROUP BY "station_id") c
WHERE c."station_id" = "station"."id";
--> statement-breakpoint
CREATE FUNCTION station_cabinet_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.station_id IS NOT NULL THEN
    UPDATE station SET cabinet_count = cabinet_count - 1 WHERE id = OLD.station_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.station_id IS NOT NULL THEN
    UPDATE station SET cabinet_count = cabinet_count + 1 WHERE id = NEW.station_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cabinet_station_count_insert AFTER INSERT OR DELETE ON cabinet FOR EACH ROW EXECUTE FUNCTION station_cabinet_count_apply();
--> statement-breakpoint
CREATE TRIGGER cabinet_station_count_update AFTER UPDATE ON cabinet FOR EACH ROW
  WHEN (OLD.station_id IS DISTINCT FROM NEW.station_id)
  EXECUTE FUNCTION station_cabinet_count_apply();
--> statement-breakpoint
-- The area filter (docs/stations-and-maps.md, "Areas") bounds type, latitude and longitude as an
-- index range; what the list and its count read besides (owner, creation time, id) is carried in
-- the index, so a filter over thousands of stations reads the index alone, not a table row each.
DROP INDEX "station_position_idx";
--> statement-breakpoint
CREATE INDEX "station_position_idx" ON "station" ("type", "latitude", "longitude") INCLUDE ("merchant_id", "created_at", "id");
