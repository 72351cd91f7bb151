-- The telemetry history partitioned by day (docs/scaling.md, "Partitioning by time"): each history
-- table becomes a table partitioned by range of "at", with the same name, columns and indexes, so
-- writes and reads name it as before. One partition per UTC day ("<table>_YYYYMMDD") is made ahead
-- by the device link's hourly upkeep, and the retention purge drops whole days. A default partition
-- ("<table>_default") takes a report of a day without a partition, so nothing is refused.
-- A table that held rows becomes the partition "<table>_legacy" from the earliest time to the day
-- after its latest row (at least tomorrow, UTC): nothing is copied; PostgreSQL reads it once for its
-- latest time and once to check the range while attaching it. The purge deletes its rows past the
-- retention as it did, and drops it once all of it is past. An empty table is replaced.
DO $$
DECLARE
  t text;
  legacy text;
  device text;
  bound timestamptz;
  tomorrow timestamptz := (date_trunc('day', now() AT TIME ZONE 'UTC') + interval '1 day') AT TIME ZONE 'UTC';
  has_rows boolean;
BEGIN
  FOREACH t IN ARRAY ARRAY['battery_telemetry', 'vehicle_telemetry', 'cabinet_telemetry'] LOOP
    legacy := t || '_legacy';
    device := split_part(t, '_', 1) || '_id';
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I)', t) INTO has_rows;
    EXECUTE format('ALTER TABLE %I RENAME TO %I', t, legacy);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_track_insert', legacy);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_track_delete', legacy);
    EXECUTE format('ALTER INDEX %I RENAME TO %I', t || '_device_at_idx', legacy || '_device_at_idx');
    EXECUTE format('ALTER INDEX %I RENAME TO %I', t || '_at_brin', legacy || '_at_brin');
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS) PARTITION BY RANGE (at)', t, legacy);
    EXECUTE format('CREATE INDEX %I ON %I USING btree (%I, at)', t || '_device_at_idx', t, device);
    EXECUTE format('CREATE INDEX %I ON %I USING brin (at)', t || '_at_brin', t);
    EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', t || '_default', t);
    IF has_rows THEN
      EXECUTE format('SELECT (date_trunc(''day'', max(at) AT TIME ZONE ''UTC'') + interval ''1 day'') AT TIME ZONE ''UTC'' FROM %I', legacy)
        INTO bound;
      EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (MINVALUE) TO (%L)', t, legacy, greatest(bound, tomorrow));
    ELSE
      EXECUTE format('DROP TABLE %I', legacy);
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- The trajectory triggers (migrations 0020, 0023) move to the partitioned tables: a statement-level
-- trigger on the parent sees the rows of every partition a statement touched.
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
--> statement-breakpoint
-- The purge removes the summaries of the hours past the retention by time.
CREATE INDEX "telemetry_track_hour_brin" ON "telemetry_track" USING brin ("hour");
