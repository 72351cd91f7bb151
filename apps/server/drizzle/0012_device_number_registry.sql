CREATE TABLE "device_number" (
	"number" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
-- A device number is its MQTT username and client id and keys its secret: one number, one device,
-- whatever the kind. Each device row claims its number here; the primary key refuses a claim by
-- another kind, a concurrent one included (the second insert waits for the first and then fails).
-- Release matches the kind too, so a row that never held the claim cannot free another kind's number.
CREATE OR REPLACE FUNCTION device_number_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM device_number WHERE number = OLD.number AND kind = TG_ARGV[0];
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO device_number (number, kind) VALUES (NEW.number, TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER battery_device_number AFTER INSERT OR DELETE ON battery FOR EACH ROW EXECUTE FUNCTION device_number_apply('battery');
--> statement-breakpoint
CREATE TRIGGER battery_device_number_update AFTER UPDATE OF number ON battery FOR EACH ROW
  WHEN (OLD.number IS DISTINCT FROM NEW.number) EXECUTE FUNCTION device_number_apply('battery');
--> statement-breakpoint
CREATE TRIGGER vehicle_device_number AFTER INSERT OR DELETE ON vehicle FOR EACH ROW EXECUTE FUNCTION device_number_apply('vehicle');
--> statement-breakpoint
CREATE TRIGGER vehicle_device_number_update AFTER UPDATE OF number ON vehicle FOR EACH ROW
  WHEN (OLD.number IS DISTINCT FROM NEW.number) EXECUTE FUNCTION device_number_apply('vehicle');
--> statement-breakpoint
CREATE TRIGGER cabinet_device_number AFTER INSERT OR DELETE ON cabinet FOR EACH ROW EXECUTE FUNCTION device_number_apply('cabinet');
--> statement-breakpoint
CREATE TRIGGER cabinet_device_number_update AFTER UPDATE OF number ON cabinet FOR EACH ROW
  WHEN (OLD.number IS DISTINCT FROM NEW.number) EXECUTE FUNCTION device_number_apply('cabinet');
--> statement-breakpoint
-- Devices registered before the registry. A number two kinds already share stays with the device
-- registered first; the other keeps its row without a claim until it is renumbered. Those are
--   select 'battery' as kind, number from battery union all select 'vehicle', number from vehicle
--   union all select 'cabinet', number from cabinet except select kind, number from device_number;
INSERT INTO device_number (number, kind)
SELECT DISTINCT ON (number) number, kind FROM (
  SELECT number, 'battery' AS kind, created_at FROM battery
  UNION ALL
  SELECT number, 'vehicle', created_at FROM vehicle
  UNION ALL
  SELECT number, 'cabinet', created_at FROM cabinet
) AS registered
ORDER BY number, created_at, kind
ON CONFLICT DO NOTHING;
