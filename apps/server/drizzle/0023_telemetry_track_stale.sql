-- Closes the race of a late report with the hourly summary of trajectories (docs/stations-and-maps.md,
-- "Trajectories"): a report committed while another transaction summarises its hour could not see
-- that summary to forget it (not committed yet), so the summary kept the hour without the report.
-- The triggers now also write the range they forget here; the trajectory call and the summary job
-- forget it again, under the device's lock, before reading the summary (migration 0020's functions,
-- replaced).
CREATE TABLE "telemetry_track_stale" (
  "kind" text NOT NULL,
  "device_id" integer NOT NULL,
  "lo" timestamp with time zone NOT NULL,
  "hi" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "telemetry_track_stale_device_idx" ON "telemetry_track_stale" ("kind", "device_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vehicle_track_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT c.vehicle_id AS device_id, date_trunc('hour', min(c.at)) AS lo,
      coalesce((SELECT date_trunc('hour', v.at) FROM vehicle_telemetry v
                WHERE v.vehicle_id = c.vehicle_id AND v.at > max(c.at) ORDER BY v.at LIMIT 1), 'infinity') AS hi
    FROM changed c WHERE c.at < date_trunc('hour', now() - interval '5 minutes') GROUP BY c.vehicle_id
  ), gone AS (
    DELETE FROM telemetry_track t USING d
    WHERE t.kind = 'vehicle' AND t.device_id = d.device_id AND t.hour >= d.lo AND t.hour <= d.hi
  )
  INSERT INTO telemetry_track_stale (kind, device_id, lo, hi) SELECT 'vehicle', device_id, lo, hi FROM d;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION battery_track_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT c.battery_id AS device_id, date_trunc('hour', min(c.at)) AS lo,
      coalesce((SELECT date_trunc('hour', b.at) FROM battery_telemetry b
                WHERE b.battery_id = c.battery_id AND b.at > max(c.at) AND b.latitude IS NOT NULL ORDER BY b.at LIMIT 1), 'infinity') AS hi
    FROM changed c WHERE c.latitude IS NOT NULL AND c.at < date_trunc('hour', now() - interval '5 minutes') GROUP BY c.battery_id
  ), gone AS (
    DELETE FROM telemetry_track t USING d
    WHERE t.kind = 'battery' AND t.device_id = d.device_id AND t.hour >= d.lo AND t.hour <= d.hi
  )
  INSERT INTO telemetry_track_stale (kind, device_id, lo, hi) SELECT 'battery', device_id, lo, hi FROM d;
  RETURN NULL;
END
$$;
