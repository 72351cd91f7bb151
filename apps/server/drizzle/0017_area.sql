-- Areas (System centre → Areas): provinces and the cities under them, each with its outline on the
-- map (docs/stations-and-maps.md). Platform data: no tenant column.
CREATE TABLE "area" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL CHECK ("type" IN ('PROVINCE', 'CITY')),
	"province_id" integer REFERENCES "area"("id") ON DELETE RESTRICT,
	"polygon" jsonb,
	"min_lng" double precision,
	"min_lat" double precision,
	"max_lng" double precision,
	"max_lat" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CHECK (("type" = 'PROVINCE') = ("province_id" IS NULL))
);
--> statement-breakpoint
-- Code and name are unique whatever their case: of two racing adds one wins, the other is told.
CREATE UNIQUE INDEX "area_code_key" ON "area" (lower("code"));
--> statement-breakpoint
CREATE UNIQUE INDEX "area_name_key" ON "area" (lower("name"));
--> statement-breakpoint
-- A province's cities; the point-in-area lookup narrows by the outline's bounding box first.
CREATE INDEX "area_province_idx" ON "area" ("province_id");
--> statement-breakpoint
CREATE INDEX "area_box_idx" ON "area" ("min_lng", "max_lng");
