-- Custom SQL migration file, put your code below! --
-- Keeps stock_count (devices per kind, type, owner, stock and scrap status) in step with the device
-- tables. Row triggers: an update that touches none of the four columns (telemetry) is skipped by
-- the WHEN clause without calling the function.
CREATE OR REPLACE FUNCTION stock_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO stock_count AS c (kind, type_id, merchant_key, stock_status, scrap_status, n)
    VALUES (TG_ARGV[0], OLD.type_id, coalesce(OLD.merchant_id, 0), OLD.stock_status, OLD.scrap_status, -1)
    ON CONFLICT (kind, type_id, merchant_key, stock_status, scrap_status) DO UPDATE SET n = c.n - 1;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO stock_count AS c (kind, type_id, merchant_key, stock_status, scrap_status, n)
    VALUES (TG_ARGV[0], NEW.type_id, coalesce(NEW.merchant_id, 0), NEW.stock_status, NEW.scrap_status, 1)
    ON CONFLICT (kind, type_id, merchant_key, stock_status, scrap_status) DO UPDATE SET n = c.n + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER battery_stock_count_insert AFTER INSERT OR DELETE ON battery FOR EACH ROW EXECUTE FUNCTION stock_count_apply('battery');
--> statement-breakpoint
CREATE TRIGGER battery_stock_count_update AFTER UPDATE ON battery FOR EACH ROW
  WHEN (OLD.type_id IS DISTINCT FROM NEW.type_id OR OLD.merchant_id IS DISTINCT FROM NEW.merchant_id
        OR OLD.stock_status IS DISTINCT FROM NEW.stock_status OR OLD.scrap_status IS DISTINCT FROM NEW.scrap_status)
  EXECUTE FUNCTION stock_count_apply('battery');
--> statement-breakpoint
CREATE TRIGGER vehicle_stock_count_insert AFTER INSERT OR DELETE ON vehicle FOR EACH ROW EXECUTE FUNCTION stock_count_apply('vehicle');
--> statement-breakpoint
CREATE TRIGGER vehicle_stock_count_update AFTER UPDATE ON vehicle FOR EACH ROW
  WHEN (OLD.type_id IS DISTINCT FROM NEW.type_id OR OLD.merchant_id IS DISTINCT FROM NEW.merchant_id
        OR OLD.stock_status IS DISTINCT FROM NEW.stock_status OR OLD.scrap_status IS DISTINCT FROM NEW.scrap_status)
  EXECUTE FUNCTION stock_count_apply('vehicle');
--> statement-breakpoint
CREATE TRIGGER cabinet_stock_count_insert AFTER INSERT OR DELETE ON cabinet FOR EACH ROW EXECUTE FUNCTION stock_count_apply('cabinet');
--> statement-breakpoint
CREATE TRIGGER cabinet_stock_count_update AFTER UPDATE ON cabinet FOR EACH ROW
  WHEN (OLD.type_id IS DISTINCT FROM NEW.type_id OR OLD.merchant_id IS DISTINCT FROM NEW.merchant_id
        OR OLD.stock_status IS DISTINCT FROM NEW.stock_status OR OLD.scrap_status IS DISTINCT FROM NEW.scrap_status)
  EXECUTE FUNCTION stock_count_apply('cabinet');
--> statement-breakpoint
-- Devices that existed before the triggers.
INSERT INTO stock_count (kind, type_id, merchant_key, stock_status, scrap_status, n)
SELECT 'battery', type_id, coalesce(merchant_id, 0), stock_status, scrap_status, count(*)::int FROM battery GROUP BY 2, 3, 4, 5
UNION ALL
SELECT 'vehicle', type_id, coalesce(merchant_id, 0), stock_status, scrap_status, count(*)::int FROM vehicle GROUP BY 2, 3, 4, 5
UNION ALL
SELECT 'cabinet', type_id, coalesce(merchant_id, 0), stock_status, scrap_status, count(*)::int FROM cabinet GROUP BY 2, 3, 4, 5
ON CONFLICT DO NOTHING;
