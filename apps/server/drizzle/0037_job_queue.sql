-- The job queue (docs/firmware.md, "Job queue"): paced background work claimed with
-- FOR UPDATE SKIP LOCKED under a lease, on PGlite and PostgreSQL alike.
CREATE TABLE "job" (
  "id" bigserial PRIMARY KEY,
  "queue" text NOT NULL,
  "group_key" text,
  "payload" jsonb NOT NULL,
  "state" text DEFAULT 'PENDING' NOT NULL,
  "run_at" timestamp with time zone NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "max_attempts" integer DEFAULT 3 NOT NULL,
  "locked_by" text,
  "locked_until" timestamp with time zone,
  "last_error" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "job_due_idx" ON "job" ("queue", "run_at") WHERE "state" IN ('PENDING', 'RUNNING');
--> statement-breakpoint
CREATE INDEX "job_group_idx" ON "job" ("group_key") WHERE "state" = 'PENDING';
