-- Each cabinet keeps how many of its batteries are ready to swap (in an enabled compartment,
-- swappable or full) and how many stand in it, so the dashboard's emptiest stations and the
-- station business rule add up cabinets, not every compartment (docs/dashboard.md, "Ranking").
-- Row triggers on the compartment table; an update that changes neither (most state reports:
-- voltage, temperature, locks) is skipped by the WHEN clause without calling the function.
ALTER TABLE "cabinet" ADD COLUMN "ready_batteries" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "cabinet" ADD COLUMN "standing_batteries" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "cabinet" SET "ready_batteries" = c.ready, "standing_batteries" = c.standing
FROM (SELECT "cabinet_id",
             (count(*) FILTER (WHERE "enabled" AND "state" IN ('SWAPPABLE', 'FULL')))::int AS ready,
             count("battery_id")::int AS standing
      FROM "cabinet_compartment" GROUP BY "cabinet_id") c
WHERE c."cabinet_id" = "cabinet"."id";
--> statement-breakpoint
CREATE FUNCTION cabinet_battery_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ready_before integer := 0;
  standing_before integer := 0;
  ready_after integer := 0;
  standing_after integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    ready_before := (OLD.enabled AND OLD.state IN ('SWAPPABLE', 'FULL'))::integer;
    standing_before := (OLD.battery_id IS NOT NULL)::integer;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    ready_after := (NEW.enabled AND NEW.state IN ('SWAPPABLE', 'FULL'))::integer;
    standing_after := (NEW.battery_id IS NOT NULL)::integer;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.cabinet_id = NEW.cabinet_id THEN
    UPDATE cabinet SET ready_batteries = ready_batteries + ready_after - ready_before,
                       standing_batteries = standing_batteries + standing_after - standing_before
    WHERE id = NEW.cabinet_id;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE cabinet SET ready_batteries = ready_batteries - ready_before, standing_batteries = standing_batteries - standing_before
    WHERE id = OLD.cabinet_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE cabinet SET ready_batteries = ready_batteries + ready_after, standing_batteries = standing_batteries + standing_after
    WHERE id = NEW.cabinet_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cabinet_compartment_counts_insert AFTER INSERT OR DELETE ON cabinet_compartment FOR EACH ROW EXECUTE FUNCTION cabinet_battery_counts_apply();
--> statement-breakpoint
CREATE TRIGGER cabinet_compartment_counts_update AFTER UPDATE ON cabinet_compartment FOR EACH ROW
  WHEN (OLD.cabinet_id IS DISTINCT FROM NEW.cabinet_id
        OR (OLD.enabled AND OLD.state IN ('SWAPPABLE', 'FULL')) IS DISTINCT FROM (NEW.enabled AND NEW.state IN ('SWAPPABLE', 'FULL'))
        OR (OLD.battery_id IS NULL) IS DISTINCT FROM (NEW.battery_id IS NULL))
  EXECUTE FUNCTION cabinet_battery_counts_apply();
