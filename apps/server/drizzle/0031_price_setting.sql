-- Price settings of each agent in a city (docs/operation-centre.md, "Price settings"): battery prices,
-- consumer prices, package prices and top-up offers; exact amounts in the agent's currency; one per
-- agent, city and the kind's own key.
CREATE TABLE "battery_price" (
  "id" serial PRIMARY KEY NOT NULL,
  "merchant_id" integer NOT NULL REFERENCES "merchant"("id"),
  "city_id" integer NOT NULL REFERENCES "area"("id") ON DELETE restrict,
  "enabled" boolean NOT NULL,
  "currency" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "battery_type_id" integer NOT NULL REFERENCES "device_type"("id"),
  "deposit" numeric(13, 2) NOT NULL,
  "rent_per_cycle" numeric(13, 2) NOT NULL,
  "cycle_days" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "battery_price_key" ON "battery_price" ("merchant_id", "city_id", "battery_type_id");
--> statement-breakpoint
CREATE INDEX "battery_price_merchant_created_idx" ON "battery_price" ("merchant_id", "created_at");
--> statement-breakpoint
CREATE INDEX "battery_price_created_idx" ON "battery_price" ("created_at");
--> statement-breakpoint
CREATE INDEX "battery_price_city_idx" ON "battery_price" ("city_id");
--> statement-breakpoint
CREATE INDEX "battery_price_battery_type_idx" ON "battery_price" ("battery_type_id");
--> statement-breakpoint
CREATE TABLE "consumer_price" (
  "id" serial PRIMARY KEY NOT NULL,
  "merchant_id" integer NOT NULL REFERENCES "merchant"("id"),
  "city_id" integer NOT NULL REFERENCES "area"("id") ON DELETE restrict,
  "enabled" boolean NOT NULL,
  "currency" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "billing_mode" text NOT NULL,
  "unit_price" numeric(13, 2) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "consumer_price_key" ON "consumer_price" ("merchant_id", "city_id", "billing_mode");
--> statement-breakpoint
CREATE INDEX "consumer_price_merchant_created_idx" ON "consumer_price" ("merchant_id", "created_at");
--> statement-breakpoint
CREATE INDEX "consumer_price_created_idx" ON "consumer_price" ("created_at");
--> statement-breakpoint
CREATE INDEX "consumer_price_city_idx" ON "consumer_price" ("city_id");
--> statement-breakpoint
CREATE TABLE "package_price" (
  "id" serial PRIMARY KEY NOT NULL,
  "merchant_id" integer NOT NULL REFERENCES "merchant"("id"),
  "city_id" integer NOT NULL REFERENCES "area"("id") ON DELETE restrict,
  "enabled" boolean NOT NULL,
  "currency" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "name" text NOT NULL,
  "swaps" integer NOT NULL,
  "price" numeric(13, 2) NOT NULL,
  "validity_days" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "package_price_key" ON "package_price" ("merchant_id", "city_id", "name");
--> statement-breakpoint
CREATE INDEX "package_price_merchant_created_idx" ON "package_price" ("merchant_id", "created_at");
--> statement-breakpoint
CREATE INDEX "package_price_created_idx" ON "package_price" ("created_at");
--> statement-breakpoint
CREATE INDEX "package_price_city_idx" ON "package_price" ("city_id");
--> statement-breakpoint
CREATE TABLE "recharge_setting" (
  "id" serial PRIMARY KEY NOT NULL,
  "merchant_id" integer NOT NULL REFERENCES "merchant"("id"),
  "city_id" integer NOT NULL REFERENCES "area"("id") ON DELETE restrict,
  "enabled" boolean NOT NULL,
  "currency" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "paid_amount" numeric(13, 2) NOT NULL,
  "gift_amount" numeric(13, 2) NOT NULL,
  "marketing_type" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_setting_key" ON "recharge_setting" ("merchant_id", "city_id", "paid_amount");
--> statement-breakpoint
CREATE INDEX "recharge_setting_merchant_created_idx" ON "recharge_setting" ("merchant_id", "created_at");
--> statement-breakpoint
CREATE INDEX "recharge_setting_created_idx" ON "recharge_setting" ("created_at");
--> statement-breakpoint
CREATE INDEX "recharge_setting_city_idx" ON "recharge_setting" ("city_id");
