-- Distribution of devices to a merchant and a station (docs/operation-centre.md, "Distribution"):
-- batteries and vehicles name the station they are assigned to, as cabinets already do; vehicles
-- carry the assigned/unassigned status batteries have; cabinets are assigned when they stand in a
-- station. Each device moved is a row of distribution_record (who, when, from where to where).
ALTER TABLE "battery" ADD COLUMN "station_id" integer REFERENCES "station"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "station_id" integer REFERENCES "station"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "distribution_status" text DEFAULT 'UNASSIGNED' NOT NULL;
--> statement-breakpoint
CREATE INDEX "battery_merchant_distribution_idx" ON "battery" ("merchant_id", "distribution_status", "id");
--> statement-breakpoint
CREATE INDEX "battery_assigned_idx" ON "battery" ("id") WHERE "distribution_status" = 'ASSIGNED';
--> statement-breakpoint
CREATE INDEX "vehicle_merchant_distribution_idx" ON "vehicle" ("merchant_id", "distribution_status", "id");
--> statement-breakpoint
CREATE INDEX "vehicle_distribution_idx" ON "vehicle" ("distribution_status", "id");
--> statement-breakpoint
CREATE INDEX "cabinet_merchant_station_idx" ON "cabinet" ("merchant_id", "station_id", "id");
--> statement-breakpoint
CREATE INDEX "cabinet_unplaced_idx" ON "cabinet" ("id") WHERE "station_id" IS NULL;
--> statement-breakpoint
CREATE TABLE "distribution_record" (
  "id" serial PRIMARY KEY NOT NULL,
  "kind" text NOT NULL,
  "action" text NOT NULL,
  "device_id" integer NOT NULL,
  "device_number" text NOT NULL,
  "from_merchant_id" integer,
  "from_merchant_name" text,
  "from_station_id" integer,
  "from_station_name" text,
  "to_merchant_id" integer,
  "to_merchant_name" text,
  "to_station_id" integer,
  "to_station_name" text,
  "operator_id" integer,
  "operator_name" text NOT NULL,
  "remark" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "distribution_record_kind_idx" ON "distribution_record" ("kind", "id");
--> statement-breakpoint
CREATE INDEX "distribution_record_from_idx" ON "distribution_record" ("kind", "from_merchant_id", "id");
--> statement-breakpoint
CREATE INDEX "distribution_record_to_idx" ON "distribution_record" ("kind", "to_merchant_id", "id");
--> statement-breakpoint
CREATE INDEX "distribution_record_number_idx" ON "distribution_record" ("kind", "device_number" text_pattern_ops);
