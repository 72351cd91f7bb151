-- The dashboard's rollups (docs/dashboard.md): per merchant (0: no merchant) by hour, day and in all; per cabinet by hour and day.
CREATE TABLE "dashboard_merchant_hour" (
	"merchant_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"swaps" integer DEFAULT 0 NOT NULL,
	"energy_kwh" numeric(16, 3) DEFAULT '0' NOT NULL,
	"vehicles_sold" integer DEFAULT 0 NOT NULL,
	"batteries_sold" integer DEFAULT 0 NOT NULL,
	"new_users" integer DEFAULT 0 NOT NULL,
	"approved_users" integer DEFAULT 0 NOT NULL,
	PRIMARY KEY ("merchant_id", "hour")
);
--> statement-breakpoint
CREATE INDEX "dashboard_merchant_hour_hour_idx" ON "dashboard_merchant_hour" ("hour");
--> statement-breakpoint
CREATE TABLE "dashboard_merchant_day" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"swaps" integer DEFAULT 0 NOT NULL,
	"energy_kwh" numeric(16, 3) DEFAULT '0' NOT NULL,
	"vehicles_sold" integer DEFAULT 0 NOT NULL,
	"batteries_sold" integer DEFAULT 0 NOT NULL,
	"new_users" integer DEFAULT 0 NOT NULL,
	"approved_users" integer DEFAULT 0 NOT NULL,
	PRIMARY KEY ("merchant_id", "day")
);
--> statement-breakpoint
CREATE INDEX "dashboard_merchant_day_day_idx" ON "dashboard_merchant_day" ("day");
--> statement-breakpoint
CREATE TABLE "dashboard_merchant_total" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"swaps" integer DEFAULT 0 NOT NULL,
	"energy_kwh" numeric(16, 3) DEFAULT '0' NOT NULL,
	"vehicles_sold" integer DEFAULT 0 NOT NULL,
	"batteries_sold" integer DEFAULT 0 NOT NULL,
	"new_users" integer DEFAULT 0 NOT NULL,
	"approved_users" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_cabinet_hour" (
	"cabinet_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"station_id" integer,
	"swaps" integer DEFAULT 0 NOT NULL,
	"energy_kwh" numeric(16, 3) DEFAULT '0' NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	PRIMARY KEY ("cabinet_id", "merchant_id", "hour")
);
--> statement-breakpoint
CREATE INDEX "dashboard_cabinet_hour_station_idx" ON "dashboard_cabinet_hour" ("station_id", "hour");
--> statement-breakpoint
CREATE TABLE "dashboard_cabinet_day" (
	"cabinet_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"station_id" integer,
	"swaps" integer DEFAULT 0 NOT NULL,
	"energy_kwh" numeric(16, 3) DEFAULT '0' NOT NULL,
	"day" date NOT NULL,
	PRIMARY KEY ("merchant_id", "day", "cabinet_id")
);
--> statement-breakpoint
CREATE INDEX "dashboard_cabinet_day_rank_idx" ON "dashboard_cabinet_day" ("day", "swaps" DESC);
--> statement-breakpoint
CREATE INDEX "dashboard_cabinet_day_merchant_rank_idx" ON "dashboard_cabinet_day" ("merchant_id", "day", "swaps" DESC);
--> statement-breakpoint
CREATE INDEX "dashboard_cabinet_day_station_idx" ON "dashboard_cabinet_day" ("station_id", "day");
