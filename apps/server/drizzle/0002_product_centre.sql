CREATE TABLE "device_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"structure" text,
	"rated_current" double precision,
	"cell_count" integer,
	"weight" double precision,
	"rated_voltage" double precision,
	"rated_capacity" double precision,
	"battery_compartments" integer,
	"compartment_type" text,
	"compartment_count" integer,
	"charger_total_power" double precision,
	"external_max_power" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "battery" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"name" text,
	"type_id" integer NOT NULL,
	"brand" text,
	"model" text,
	"imei" text,
	"weight" double precision,
	"rated_voltage" double precision,
	"rated_capacity" double precision,
	"rated_current" double precision,
	"software_version" text,
	"hardware_version" text,
	"cell_count" integer,
	"structure" text,
	"bms_brand" text,
	"cell_brand" text,
	"capacity" double precision,
	"soc" double precision,
	"cycles" integer DEFAULT 0 NOT NULL,
	"temperature" double precision,
	"cell_voltages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"gsm_signal" integer,
	"gps_signal" integer,
	"charge_switch" text DEFAULT 'ALLOWED' NOT NULL,
	"discharge_switch" text DEFAULT 'ALLOWED' NOT NULL,
	"alarm_status" text DEFAULT 'NORMAL' NOT NULL,
	"scrap_status" text DEFAULT 'NORMAL' NOT NULL,
	"scrap_reason" text,
	"scrapped_at" timestamp with time zone,
	"stock_status" text DEFAULT 'INSTOCK' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"location" text,
	"android_serial_number" text,
	"merchant_id" integer,
	"vehicle_id" integer,
	"last_report_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"name" text,
	"type_id" integer NOT NULL,
	"brand" text,
	"model" text,
	"activation_status" text DEFAULT 'NOT_ACTIVATED' NOT NULL,
	"acc_state" text DEFAULT 'OFF' NOT NULL,
	"fault" text,
	"compartment_type" text,
	"battery1_id" integer,
	"battery2_id" integer,
	"bound_user_id" integer,
	"dealer" text,
	"motor_number" text,
	"engine_number" text,
	"vin" text,
	"rate_capacity" double precision,
	"rate_voltage" double precision,
	"sale_status" text DEFAULT 'UNSOLD' NOT NULL,
	"availability" text DEFAULT 'AVAILABLE' NOT NULL,
	"sale_mode" text DEFAULT 'RENT_OR_SALE' NOT NULL,
	"stock_status" text DEFAULT 'INSTOCK' NOT NULL,
	"scrap_status" text DEFAULT 'NORMAL' NOT NULL,
	"scrap_reason" text,
	"scrapped_at" timestamp with time zone,
	"latitude" double precision,
	"longitude" double precision,
	"location" text,
	"merchant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cabinet_compartment" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabinet_id" integer NOT NULL,
	"idx" integer NOT NULL,
	"state" text DEFAULT 'EMPTY' NOT NULL,
	"door_lock" text DEFAULT 'LOCKED' NOT NULL,
	"battery_lock" text DEFAULT 'UNLOCKED' NOT NULL,
	"in_place" boolean DEFAULT false NOT NULL,
	"charger_switch" text DEFAULT 'OFF' NOT NULL,
	"voltage" double precision,
	"current" double precision,
	"temperature" double precision,
	"preset" double precision,
	"indicator" text DEFAULT 'OFF' NOT NULL,
	"fault" text,
	"nfc_switch" text DEFAULT 'ON' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"battery_id" integer
);
--> statement-breakpoint
CREATE TABLE "cabinet" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"brand" text,
	"model" text,
	"type_id" integer NOT NULL,
	"product_number" text,
	"network_type" text,
	"communication_type" text,
	"compartment_count" integer NOT NULL,
	"factory_date" date,
	"supply_status" text DEFAULT 'NORMAL' NOT NULL,
	"humidity" double precision,
	"signal" integer,
	"water_alarm" boolean DEFAULT false NOT NULL,
	"smoke_alarm" boolean DEFAULT false NOT NULL,
	"temperature" double precision,
	"lamp" text DEFAULT 'OFF' NOT NULL,
	"radiator_setting" text DEFAULT 'AUTO' NOT NULL,
	"external_max_power" double precision,
	"charger_total_power" double precision,
	"meter_count" integer,
	"load" double precision,
	"imei" text,
	"android_serial_number" text,
	"site" text,
	"seller" text,
	"purchase_time" timestamp with time zone,
	"latitude" double precision,
	"longitude" double precision,
	"location" text,
	"stock_status" text DEFAULT 'INSTOCK' NOT NULL,
	"scrap_status" text DEFAULT 'NORMAL' NOT NULL,
	"scrap_reason" text,
	"scrapped_at" timestamp with time zone,
	"merchant_id" integer,
	"last_report_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_batch_item" (
	"batch_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"device_number" text NOT NULL,
	"type_id" integer NOT NULL,
	CONSTRAINT "stock_batch_item_batch_id_device_id_pk" PRIMARY KEY("batch_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "stock_batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"direction" text NOT NULL,
	"type_id" integer,
	"quantity" integer NOT NULL,
	"operator_id" integer,
	"operator_name" text NOT NULL,
	"merchant_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_count" (
	"kind" text NOT NULL,
	"type_id" integer NOT NULL,
	"merchant_key" integer NOT NULL,
	"stock_status" text NOT NULL,
	"scrap_status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "stock_count_kind_type_id_merchant_key_stock_status_scrap_status_pk" PRIMARY KEY("kind","type_id","merchant_key","stock_status","scrap_status")
);
--> statement-breakpoint
ALTER TABLE "battery" ADD CONSTRAINT "battery_type_id_device_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."device_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battery" ADD CONSTRAINT "battery_merchant_id_merchant_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle" ADD CONSTRAINT "vehicle_type_id_device_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."device_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle" ADD CONSTRAINT "vehicle_battery1_id_battery_id_fk" FOREIGN KEY ("battery1_id") REFERENCES "public"."battery"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle" ADD CONSTRAINT "vehicle_battery2_id_battery_id_fk" FOREIGN KEY ("battery2_id") REFERENCES "public"."battery"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle" ADD CONSTRAINT "vehicle_merchant_id_merchant_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinet_compartment" ADD CONSTRAINT "cabinet_compartment_cabinet_id_cabinet_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinet_compartment" ADD CONSTRAINT "cabinet_compartment_battery_id_battery_id_fk" FOREIGN KEY ("battery_id") REFERENCES "public"."battery"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinet" ADD CONSTRAINT "cabinet_type_id_device_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."device_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinet" ADD CONSTRAINT "cabinet_merchant_id_merchant_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batch_item" ADD CONSTRAINT "stock_batch_item_batch_id_stock_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batch_item" ADD CONSTRAINT "stock_batch_item_type_id_device_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."device_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batch" ADD CONSTRAINT "stock_batch_type_id_device_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."device_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batch" ADD CONSTRAINT "stock_batch_merchant_id_merchant_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_type_kind_code_key" ON "device_type" USING btree ("kind",lower("code"));--> statement-breakpoint
CREATE INDEX "device_type_kind_idx" ON "device_type" USING btree ("kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "battery_number_key" ON "battery" USING btree ("number");--> statement-breakpoint
CREATE INDEX "battery_number_prefix_idx" ON "battery" USING btree ("number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "battery_merchant_idx" ON "battery" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "battery_merchant_stock_idx" ON "battery" USING btree ("merchant_id","stock_status","id");--> statement-breakpoint
CREATE INDEX "battery_merchant_type_idx" ON "battery" USING btree ("merchant_id","type_id","id");--> statement-breakpoint
CREATE INDEX "battery_type_idx" ON "battery" USING btree ("type_id","id");--> statement-breakpoint
CREATE INDEX "battery_stock_idx" ON "battery" USING btree ("stock_status","id");--> statement-breakpoint
CREATE INDEX "battery_created_idx" ON "battery" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "battery_model_idx" ON "battery" USING btree ("model","id");--> statement-breakpoint
CREATE INDEX "battery_brand_idx" ON "battery" USING btree ("brand","id");--> statement-breakpoint
CREATE INDEX "battery_imei_idx" ON "battery" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "battery_scrapped_idx" ON "battery" USING btree ("id") WHERE "battery"."scrap_status" = 'SCRAPPED';--> statement-breakpoint
CREATE INDEX "battery_vehicle_idx" ON "battery" USING btree ("vehicle_id") WHERE "battery"."vehicle_id" is not null;--> statement-breakpoint
CREATE INDEX "battery_bound_idx" ON "battery" USING btree ("id") WHERE "battery"."vehicle_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_number_key" ON "vehicle" USING btree ("number");--> statement-breakpoint
CREATE INDEX "vehicle_number_prefix_idx" ON "vehicle" USING btree ("number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "vehicle_merchant_idx" ON "vehicle" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "vehicle_merchant_stock_idx" ON "vehicle" USING btree ("merchant_id","stock_status","id");--> statement-breakpoint
CREATE INDEX "vehicle_merchant_type_idx" ON "vehicle" USING btree ("merchant_id","type_id","id");--> statement-breakpoint
CREATE INDEX "vehicle_type_idx" ON "vehicle" USING btree ("type_id","id");--> statement-breakpoint
CREATE INDEX "vehicle_stock_idx" ON "vehicle" USING btree ("stock_status","id");--> statement-breakpoint
CREATE INDEX "vehicle_created_idx" ON "vehicle" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_model_idx" ON "vehicle" USING btree ("model","id");--> statement-breakpoint
CREATE INDEX "vehicle_brand_idx" ON "vehicle" USING btree ("brand","id");--> statement-breakpoint
CREATE INDEX "vehicle_vin_idx" ON "vehicle" USING btree ("vin");--> statement-breakpoint
CREATE INDEX "vehicle_scrapped_idx" ON "vehicle" USING btree ("id") WHERE "vehicle"."scrap_status" = 'SCRAPPED';--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_battery1_key" ON "vehicle" USING btree ("battery1_id") WHERE "vehicle"."battery1_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_battery2_key" ON "vehicle" USING btree ("battery2_id") WHERE "vehicle"."battery2_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cabinet_compartment_slot_key" ON "cabinet_compartment" USING btree ("cabinet_id","idx");--> statement-breakpoint
CREATE UNIQUE INDEX "cabinet_compartment_battery_key" ON "cabinet_compartment" USING btree ("battery_id") WHERE "cabinet_compartment"."battery_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cabinet_number_key" ON "cabinet" USING btree ("number");--> statement-breakpoint
CREATE INDEX "cabinet_number_prefix_idx" ON "cabinet" USING btree ("number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "cabinet_merchant_idx" ON "cabinet" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "cabinet_type_idx" ON "cabinet" USING btree ("type_id","id");--> statement-breakpoint
CREATE INDEX "cabinet_stock_idx" ON "cabinet" USING btree ("stock_status","id");--> statement-breakpoint
CREATE INDEX "cabinet_created_idx" ON "cabinet" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "cabinet_model_idx" ON "cabinet" USING btree ("model","id");--> statement-breakpoint
CREATE INDEX "cabinet_site_idx" ON "cabinet" USING btree ("site","id");--> statement-breakpoint
CREATE INDEX "cabinet_scrapped_idx" ON "cabinet" USING btree ("id") WHERE "cabinet"."scrap_status" = 'SCRAPPED';--> statement-breakpoint
CREATE UNIQUE INDEX "stock_batch_number_key" ON "stock_batch" USING btree ("number");--> statement-breakpoint
CREATE INDEX "stock_batch_kind_idx" ON "stock_batch" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "stock_batch_merchant_idx" ON "stock_batch" USING btree ("merchant_id","kind","id");