-- Each agent's products and packages (docs/operation-centre.md, "Products and packages"): exact
-- amounts in the merchant's currency; its vehicle type and city stay while a product names them.
CREATE TABLE "product_package" (
  "id" serial PRIMARY KEY NOT NULL,
  "merchant_id" integer NOT NULL REFERENCES "merchant"("id"),
  "name" text NOT NULL,
  "operation_type" text NOT NULL,
  "vehicle_type_id" integer NOT NULL REFERENCES "device_type"("id"),
  "city_id" integer NOT NULL REFERENCES "area"("id") ON DELETE restrict,
  "currency" text NOT NULL,
  "deposit" numeric(13, 2) NOT NULL,
  "admin_fee" numeric(13, 2) NOT NULL,
  "price_per_cycle" numeric(13, 2) NOT NULL,
  "renewal_price" numeric(13, 2) NOT NULL,
  "daily_renewal_price" numeric(13, 2) NOT NULL,
  "cycles" integer NOT NULL,
  "battery_count" integer NOT NULL,
  "swaps_per_cycle" integer NOT NULL,
  "time_limit" integer NOT NULL,
  "time_limit_unit" text NOT NULL,
  "agreement" text NOT NULL,
  "start_at" timestamp with time zone NOT NULL,
  "end_at" timestamp with time zone NOT NULL,
  "sale_mode" text NOT NULL,
  "labels" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_package_merchant_created_idx" ON "product_package" ("merchant_id", "created_at");
--> statement-breakpoint
CREATE INDEX "product_package_created_idx" ON "product_package" ("created_at");
--> statement-breakpoint
CREATE INDEX "product_package_city_idx" ON "product_package" ("city_id");
--> statement-breakpoint
CREATE INDEX "product_package_vehicle_type_idx" ON "product_package" ("vehicle_type_id");
