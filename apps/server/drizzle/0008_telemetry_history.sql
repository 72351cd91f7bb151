CREATE TABLE "battery_telemetry" (
	"battery_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"soc" real NOT NULL,
	"voltage" real NOT NULL,
	"current" real NOT NULL,
	"temperature" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cabinet_telemetry" (
	"cabinet_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"temperature" real NOT NULL,
	"humidity" real NOT NULL,
	"load" real NOT NULL,
	"signal" integer NOT NULL,
	"water_alarm" boolean NOT NULL,
	"smoke_alarm" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_telemetry" (
	"vehicle_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"speed" real NOT NULL,
	"acc" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "battery_telemetry_device_at_idx" ON "battery_telemetry" USING btree ("battery_id","at");--> statement-breakpoint
CREATE INDEX "battery_telemetry_at_brin" ON "battery_telemetry" USING brin ("at");--> statement-breakpoint
CREATE INDEX "cabinet_telemetry_device_at_idx" ON "cabinet_telemetry" USING btree ("cabinet_id","at");--> statement-breakpoint
CREATE INDEX "cabinet_telemetry_at_brin" ON "cabinet_telemetry" USING brin ("at");--> statement-breakpoint
CREATE INDEX "vehicle_telemetry_device_at_idx" ON "vehicle_telemetry" USING btree ("vehicle_id","at");--> statement-breakpoint
CREATE INDEX "vehicle_telemetry_at_brin" ON "vehicle_telemetry" USING brin ("at");--> statement-breakpoint
-- Hand-written: telemetry rewrites the latest state of every device all day long. Room left on each
-- page lets PostgreSQL update a row in place (HOT) without touching the device tables' many indexes.
ALTER TABLE "battery" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "vehicle" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "cabinet" SET (fillfactor = 80);
