-- Firmware files, the versions cabinets run, upgrade tasks and commands to many cabinets
-- (docs/firmware.md).
ALTER TABLE "cabinet" ADD COLUMN "firmware_version" text;
--> statement-breakpoint
CREATE INDEX "cabinet_type_firmware_idx" ON "cabinet" ("type_id", "firmware_version", "id");
--> statement-breakpoint
CREATE TABLE "firmware_file" (
  "id" serial PRIMARY KEY,
  "device_kind" text NOT NULL,
  "type_id" integer NOT NULL REFERENCES "device_type"("id"),
  "version" text NOT NULL,
  "file_id" integer NOT NULL REFERENCES "stored_file"("id"),
  "file_name" text NOT NULL,
  "file_size" integer NOT NULL,
  "sha256" text NOT NULL,
  "release_notes" text DEFAULT '' NOT NULL,
  "created_by_id" integer NOT NULL,
  "created_by_name" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_file_version_key" ON "firmware_file" ("type_id", "version");
--> statement-breakpoint
CREATE INDEX "firmware_file_kind_idx" ON "firmware_file" ("device_kind", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "firmware_file_created_idx" ON "firmware_file" ("created_at", "id");
--> statement-breakpoint
CREATE TABLE "device_task" (
  "id" serial PRIMARY KEY,
  "task_kind" text NOT NULL,
  "task_state" text DEFAULT 'RUNNING' NOT NULL,
  "firmware_id" integer REFERENCES "firmware_file"("id") ON DELETE RESTRICT,
  "command" text,
  "compartment" integer,
  "devices_per_minute" integer NOT NULL,
  "merchant_id" integer REFERENCES "merchant"("id"),
  "created_by_id" integer NOT NULL,
  "created_by_username" text NOT NULL,
  "created_by_name" text NOT NULL,
  "created_ip" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "device_task_created_idx" ON "device_task" ("created_at", "id");
--> statement-breakpoint
CREATE INDEX "device_task_merchant_idx" ON "device_task" ("merchant_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "device_task_kind_idx" ON "device_task" ("task_kind", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "device_task_state_idx" ON "device_task" ("task_state", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "device_task_firmware_idx" ON "device_task" ("firmware_id") WHERE "firmware_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "device_task_device" (
  "id" serial PRIMARY KEY,
  "task_id" integer NOT NULL REFERENCES "device_task"("id") ON DELETE CASCADE,
  "cabinet_id" integer NOT NULL REFERENCES "cabinet"("id") ON DELETE CASCADE,
  "device_state" text DEFAULT 'PENDING' NOT NULL,
  "firmware_status" text,
  "failure_key" text,
  "attempts" integer DEFAULT 0 NOT NULL,
  "command_id" uuid,
  "download_token" text,
  "download_expires_at" timestamp with time zone,
  "started_at" timestamp with time zone,
  "finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "device_task_device_key" ON "device_task_device" ("task_id", "cabinet_id");
--> statement-breakpoint
CREATE INDEX "device_task_device_state_idx" ON "device_task_device" ("task_id", "device_state", "id");
--> statement-breakpoint
CREATE INDEX "device_task_device_command_idx" ON "device_task_device" ("command_id") WHERE "command_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "device_task_device_token_key" ON "device_task_device" ("download_token") WHERE "download_token" IS NOT NULL;
