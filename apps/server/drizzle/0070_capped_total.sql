-- The total of a large list in one round trip (docs/scaling.md, "How a device list page is read"):
-- the planner's row estimate of `statement` (EXPLAIN, no execution) and, when it is at most twice
-- `cap`, the count of its first cap + 1 rows. `statement` holds $1, $2, … where `params` holds the
-- values as text; each mark is replaced once, in one pass, by its value quoted as a literal (a
-- value that itself reads "$2" stays text), as the driver would have sent it.
CREATE OR REPLACE FUNCTION capped_total(statement text, params text[], cap integer, OUT estimate double precision, OUT counted integer)
LANGUAGE plpgsql AS $$
DECLARE
  pieces text[] := regexp_split_to_array(statement, '\$[0-9]+');
  marks text[] := array(SELECT m[1] FROM regexp_matches(statement, '\$([0-9]+)', 'g') AS m);
  inlined text := pieces[1];
  plan json;
BEGIN
  FOR i IN 1 .. coalesce(array_length(marks, 1), 0) LOOP
    inlined := inlined || quote_nullable(params[marks[i]::integer]) || pieces[i + 1];
  END LOOP;
  EXECUTE 'EXPLAIN (FORMAT JSON) ' || inlined INTO plan;
  estimate := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::double precision;
  IF estimate <= 2 * cap THEN
    EXECUTE 'SELECT count(*)::integer FROM (' || inlined || ' LIMIT ' || (cap + 1) || ') capped' INTO counted;
  END IF;
END
$$;
