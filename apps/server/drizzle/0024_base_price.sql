-- Base prices (docs/operation-centre.md, "Base prices"): amounts are exact, numeric(13, 2).
CREATE TABLE "base_price" (
  "id" serial PRIMARY KEY,
  "merchant_id" integer NOT NULL REFERENCES "merchant"("id"),
  "operation_type" text NOT NULL,
  "vehicle_type_id" integer REFERENCES "device_type"("id"),
  "battery_count" integer NOT NULL,
  "city_id" integer NOT NULL REFERENCES "area"("id") ON DELETE restrict,
  "currency" text NOT NULL,
  "price" numeric(13, 2) NOT NULL,
  "deposit" numeric(13, 2) NOT NULL,
  "rent" numeric(13, 2) NOT NULL,
  "daily_rate" numeric(13, 2) NOT NULL,
  "min_daily_rate" numeric(13, 2) NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One price per merchant, city, operation type, vehicle type (Any Bike: null) and number of batteries;
-- the price look-up reads this index once.
CREATE UNIQUE INDEX "base_price_key" ON "base_price" ("merchant_id", "city_id", "operation_type", (coalesce("vehicle_type_id", 0)), "battery_count");
--> statement-breakpoint
CREATE INDEX "base_price_merchant_created_idx" ON "base_price" ("merchant_id", "created_at");
--> statement-breakpoint
CREATE INDEX "base_price_created_idx" ON "base_price" ("created_at");
--> statement-breakpoint
CREATE INDEX "base_price_city_idx" ON "base_price" ("city_id");
--> statement-breakpoint
CREATE INDEX "base_price_vehicle_type_idx" ON "base_price" ("vehicle_type_id");
