-- Swaps and reservations name their customer by reference (docs/customers.md, "Swaps and
-- reservations"): the number stays as the cabinet or the caller gave it, for display; the id is set
-- on new rows and filled in on old ones by the server's batched backfill (never one UPDATE over the
-- swap table). The columns are added empty and their keys NOT VALID: no scan, no long lock; new and
-- updated rows are checked. On a large installation build the two indexes first with
-- CREATE INDEX CONCURRENTLY under the same names (docs/scaling.md, "Customer references").
ALTER TABLE "swap_record" ADD COLUMN "customer_id" integer;
--> statement-breakpoint
ALTER TABLE "swap_record" ADD CONSTRAINT "swap_record_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customer"("id") NOT VALID;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "swap_record_customer_started_idx" ON "swap_record" ("customer_id", "started_at", "id") WHERE "customer_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "customer_id" integer;
--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customer"("id") NOT VALID;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "appointment_customer_created_idx" ON "appointment" ("customer_id", "created_at", "id") WHERE "customer_id" IS NOT NULL;
--> statement-breakpoint
-- Where the backfill of each table has got to: the last id it went through; done once it passed
-- the table's last row. Several servers take turns on the row's lock.
CREATE TABLE "reference_backfill" (
	"name" text PRIMARY KEY NOT NULL,
	"last_id" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "reference_backfill" ("name") VALUES ('swap_record.customer_id'), ('appointment.customer_id');
