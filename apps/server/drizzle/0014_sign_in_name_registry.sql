-- The key a sign-in name is unique under; normaliseSignInName in the contracts is the same function.
-- A name of digits, plus signs and separators is a phone and loses its separators (white space,
-- hyphens, parentheses, dots); any other name is case-folded (ASCII, as usernames are).
CREATE OR REPLACE FUNCTION sign_in_key(name text) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE
    WHEN name ~ '^[0-9+\t\n\v\f\r ().-]+$' AND name ~ '[0-9]' THEN regexp_replace(name, '[\t\n\v\f\r ().-]', '', 'g')
    ELSE translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
  END
$$;
--> statement-breakpoint
CREATE TABLE "sign_in_name" (
	"name" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL REFERENCES "account"("id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "sign_in_name_account_idx" ON "sign_in_name" ("account_id");
--> statement-breakpoint
-- Usernames and phones are both typed at sign-in, so they share one registry: each account claims
-- the keys of its username and phone, and the primary key refuses a claim another account holds, a
-- concurrent one included (the second insert waits for the first and then fails). An account
-- whose username and phone share a key claims it once; a change releases only what the account
-- no longer uses, and only its own claims.
CREATE OR REPLACE FUNCTION sign_in_name_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_names text[] := '{}';
  new_names text[] := array_remove(ARRAY[sign_in_key(NEW.username), sign_in_key(nullif(NEW.phone, ''))], NULL);
BEGIN
  IF TG_OP = 'UPDATE' THEN
    old_names := array_remove(ARRAY[sign_in_key(OLD.username), sign_in_key(nullif(OLD.phone, ''))], NULL);
    DELETE FROM sign_in_name WHERE account_id = OLD.id AND name = ANY (old_names) AND NOT (name = ANY (new_names));
  END IF;
  -- In key order, so two accounts claiming each other's names wait for one another instead of deadlocking.
  INSERT INTO sign_in_name (name, account_id)
  SELECT DISTINCT claimed, NEW.id FROM unnest(new_names) AS claimed WHERE NOT (claimed = ANY (old_names)) ORDER BY claimed;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER account_sign_in_name AFTER INSERT ON account FOR EACH ROW EXECUTE FUNCTION sign_in_name_apply();
--> statement-breakpoint
CREATE TRIGGER account_sign_in_name_update AFTER UPDATE OF username, phone ON account FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.phone IS DISTINCT FROM NEW.phone) EXECUTE FUNCTION sign_in_name_apply();
--> statement-breakpoint
-- Accounts made before the registry. A key two accounts already share stays with the account made
-- first; the other keeps its name without a claim until it is changed (and is refused a change
-- to another taken name like any account). Those are
--   select id, username, phone from account a where not exists (select 1 from sign_in_name s
--   where s.account_id = a.id and s.name in (sign_in_key(a.username), sign_in_key(nullif(a.phone, ''))));
INSERT INTO sign_in_name (name, account_id)
SELECT DISTINCT ON (name) name, account_id FROM (
  SELECT sign_in_key(username) AS name, id AS account_id, created_at FROM account
  UNION ALL
  SELECT sign_in_key(nullif(phone, '')), id, created_at FROM account WHERE nullif(phone, '') IS NOT NULL
) AS names
ORDER BY name, created_at, account_id
ON CONFLICT DO NOTHING;
