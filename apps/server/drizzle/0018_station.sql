-- Stations (Sites → Integrated stations, Swap stations): where cabinets stand
-- (docs/stations-and-maps.md). A cabinet names its station; stations are made from the site texts
-- the cabinets carried until now, one per owner and site.
CREATE TABLE "station" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"nature" text NOT NULL CHECK ("nature" IN ('SELF_OPERATED', 'FRANCHISED', 'PARTNER')),
	"type" text NOT NULL CHECK ("type" IN ('INTEGRATED', 'SWAP')),
	"address" text NOT NULL,
	"latitude" double precision CHECK ("latitude" BETWEEN -90 AND 90),
	"longitude" double precision CHECK ("longitude" BETWEEN -180 AND 180),
	"merchant_id" integer REFERENCES "merchant"("id"),
	"responsible_person" text NOT NULL,
	"status" text NOT NULL CHECK ("status" IN ('READY', 'DEPLOYED', 'MAINTENANCE')),
	"area_id" integer REFERENCES "area"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "station_type_merchant_idx" ON "station" ("type", "merchant_id", "id");
--> statement-breakpoint
CREATE INDEX "station_type_created_idx" ON "station" ("type", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "station_position_idx" ON "station" ("latitude", "longitude");
--> statement-breakpoint
-- An owner's station names are unique whatever their case (the platform's own stations too).
CREATE UNIQUE INDEX "station_name_key" ON "station" (coalesce("merchant_id", 0), lower("name"));
--> statement-breakpoint
-- A station with cabinets is not removed: its cabinets move elsewhere first.
ALTER TABLE "cabinet" ADD COLUMN "station_id" integer REFERENCES "station"("id") ON DELETE RESTRICT;
--> statement-breakpoint
CREATE INDEX "cabinet_station_idx" ON "cabinet" ("station_id", "id");
--> statement-breakpoint
-- One swap station per owner and site text (trimmed, any case), placed at its cabinets' mean
-- position, deployed; its address is a cabinet's location text, or the site text.
INSERT INTO "station" ("name", "nature", "type", "address", "latitude", "longitude", "merchant_id", "responsible_person", "status", "created_at")
SELECT min(btrim("site")), 'SELF_OPERATED', 'SWAP', coalesce(min("location"), min(btrim("site"))), avg("latitude"), avg("longitude"),
	"merchant_id", '', 'DEPLOYED', min("created_at")
FROM "cabinet"
WHERE "site" IS NOT NULL AND btrim("site") <> ''
GROUP BY "merchant_id", lower(btrim("site"));
--> statement-breakpoint
UPDATE "cabinet" SET "station_id" = "station"."id"
FROM "station"
WHERE "cabinet"."site" IS NOT NULL AND btrim("cabinet"."site") <> ''
	AND "station"."merchant_id" IS NOT DISTINCT FROM "cabinet"."merchant_id"
	AND lower("station"."name") = lower(btrim("cabinet"."site"));
