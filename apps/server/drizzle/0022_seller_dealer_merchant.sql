-- A cabinet's seller and a vehicle's dealer name a merchant (docs/stations-and-maps.md, "Seller and
-- dealer"). The text each carried until now becomes the merchant it names, matched on the whole
-- name (trimmed, any case) when exactly one merchant bears it; the text is then cleared. Text that
-- names no merchant stays as it was and is still shown until a merchant is chosen.
ALTER TABLE "cabinet" ADD COLUMN "seller_id" integer REFERENCES "merchant"("id");
--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "dealer_id" integer REFERENCES "merchant"("id");
--> statement-breakpoint
-- A merchant named as a seller or dealer is in use: removing it looks these up.
CREATE INDEX "cabinet_seller_idx" ON "cabinet" ("seller_id") WHERE "seller_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "vehicle_dealer_idx" ON "vehicle" ("dealer_id") WHERE "dealer_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "cabinet" SET "seller_id" = "named"."id", "seller" = NULL
FROM (SELECT lower("name") AS "key", min("id") AS "id" FROM "merchant" GROUP BY lower("name") HAVING count(*) = 1) AS "named"
WHERE "cabinet"."seller" IS NOT NULL AND lower(btrim("cabinet"."seller")) = "named"."key";
--> statement-breakpoint
UPDATE "vehicle" SET "dealer_id" = "named"."id", "dealer" = NULL
FROM (SELECT lower("name") AS "key", min("id") AS "id" FROM "merchant" GROUP BY lower("name") HAVING count(*) = 1) AS "named"
WHERE "vehicle"."dealer" IS NOT NULL AND lower(btrim("vehicle"."dealer")) = "named"."key";
