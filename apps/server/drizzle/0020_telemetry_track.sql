-- A device's history summarised per hour for trajectories (docs/stations-and-maps.md, "Trajectories",
-- and docs/scaling.md): each hour holds its legs merged into items (runs of moving or of standing
-- legs a minute apart at most; every other leg alone), whatever the stop length, plus one marker row
-- (seq 0) saying the hour was summarised. Written by the trajectory call for the hours it reads;
-- forgotten here whenever the history of those hours changes.
CREATE TABLE "telemetry_track" (
  "kind" text NOT NULL,
  "device_id" integer NOT NULL,
  "hour" timestamp with time zone NOT NULL,
  "seq" integer NOT NULL,
  "start_at" timestamp with time zone NOT NULL,
  "end_at" timestamp with time zone NOT NULL,
  "legs" integer NOT NULL,
  "still" boolean NOT NULL,
  "head" boolean NOT NULL,
  "dt" double precision NOT NULL,
  "km" double precision NOT NULL,
  "top" double precision,
  "used" double precision,
  "lat1" double precision,
  "lng1" double precision,
  "lat2" double precision,
  "lng2" double precision,
  CONSTRAINT "telemetry_track_pkey" PRIMARY KEY ("kind", "device_id", "hour", "seq")
);
--> statement-breakpoint
-- Reports written or removed for a summarised hour: that hour and every later one up to the hour of
-- the device's next report (whose first leg started at a report that changed) are forgotten. Reports
-- of the last minutes (the only ones live ingest writes) belong to no summarised hour: the trajectory
-- call summarises hours ended more than five minutes ago.
CREATE FUNCTION vehicle_track_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM telemetry_track t USING (
    SELECT c.vehicle_id AS device_id, date_trunc('hour', min(c.at)) AS lo, max(c.at) AS hi
    FROM changed c WHERE c.at < date_trunc('hour', now() - interval '5 minutes') GROUP BY c.vehicle_id
  ) d
  WHERE t.kind = 'vehicle' AND t.device_id = d.device_id AND t.hour >= d.lo
    AND t.hour <= coalesce((SELECT date_trunc('hour', v.at) FROM vehicle_telemetry v
                            WHERE v.vehicle_id = d.device_id AND v.at > d.hi ORDER BY v.at LIMIT 1), 'infinity');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION battery_track_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM telemetry_track t USING (
    SELECT c.battery_id AS device_id, date_trunc('hour', min(c.at)) AS lo, max(c.at) AS hi
    FROM changed c WHERE c.latitude IS NOT NULL AND c.at < date_trunc('hour', now() - interval '5 minutes') GROUP BY c.battery_id
  ) d
  WHERE t.kind = 'battery' AND t.device_id = d.device_id AND t.hour >= d.lo
    AND t.hour <= coalesce((SELECT date_trunc('hour', b.at) FROM battery_telemetry b
                            WHERE b.battery_id = d.device_id AND b.at > d.hi AND b.latitude IS NOT NULL ORDER BY b.at LIMIT 1), 'infinity');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER vehicle_telemetry_track_insert AFTER INSERT ON vehicle_telemetry REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION vehicle_track_forget();
--> statement-breakpoint
CREATE TRIGGER vehicle_telemetry_track_delete AFTER DELETE ON vehicle_telemetry REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION vehicle_track_forget();
--> statement-breakpoint
CREATE TRIGGER battery_telemetry_track_insert AFTER INSERT ON battery_telemetry REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION battery_track_forget();
--> statement-breakpoint
CREATE TRIGGER battery_telemetry_track_delete AFTER DELETE ON battery_telemetry REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION battery_track_forget();
