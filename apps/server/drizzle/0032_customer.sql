-- Customers and their identity submissions (User centre, docs/customers.md): removed with their merchant.
CREATE TABLE "customer" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchant"("id") ON DELETE CASCADE,
	"customer_number" text NOT NULL,
	"given_name" text NOT NULL,
	"family_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"certificate_type" text,
	"certificate_number" text,
	"auth_status" text DEFAULT 'NOT_CERTIFIED' NOT NULL,
	"restriction" text DEFAULT 'UNRESTRICTED' NOT NULL,
	"restrict_reason" text DEFAULT '' NOT NULL,
	"deletion" text DEFAULT 'NORMAL' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "customer_number_key" ON "customer" ("merchant_id", "customer_number");
--> statement-breakpoint
CREATE UNIQUE INDEX "customer_phone_key" ON "customer" ("merchant_id", "phone");
--> statement-breakpoint
-- Every list filter is served by an index: the tenant's rows newest first, the platform's, each filter.
CREATE INDEX "customer_merchant_created_idx" ON "customer" ("merchant_id", "created_at");
--> statement-breakpoint
CREATE INDEX "customer_created_idx" ON "customer" ("created_at");
--> statement-breakpoint
CREATE INDEX "customer_number_prefix_idx" ON "customer" ("customer_number" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "customer_given_name_idx" ON "customer" (lower("given_name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "customer_family_name_idx" ON "customer" (lower("family_name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "customer_phone_prefix_idx" ON "customer" ("phone" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "customer_certificate_idx" ON "customer" ("certificate_number" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "customer_auth_created_idx" ON "customer" ("auth_status", "created_at");
--> statement-breakpoint
CREATE INDEX "customer_restriction_created_idx" ON "customer" ("restriction", "created_at");
--> statement-breakpoint
CREATE INDEX "customer_deletion_created_idx" ON "customer" ("deletion", "created_at");
--> statement-breakpoint
CREATE TABLE "identity_submission" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL REFERENCES "customer"("id"),
	"merchant_id" integer NOT NULL REFERENCES "merchant"("id") ON DELETE CASCADE,
	"certificate_type" text NOT NULL,
	"certificate_number" text NOT NULL,
	"document_file_ids" integer[] NOT NULL,
	"face_file_id" integer,
	"submitter" text NOT NULL,
	"audit_state" text DEFAULT 'PENDING' NOT NULL,
	"audit_mode" text,
	"auto_finding" text,
	"audit_reason" text DEFAULT '' NOT NULL,
	"auditor_id" integer,
	"auditor_name" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "identity_merchant_submitted_idx" ON "identity_submission" ("merchant_id", "submitted_at");
--> statement-breakpoint
CREATE INDEX "identity_submitted_idx" ON "identity_submission" ("submitted_at");
--> statement-breakpoint
CREATE INDEX "identity_state_submitted_idx" ON "identity_submission" ("audit_state", "submitted_at");
--> statement-breakpoint
CREATE INDEX "identity_submitter_submitted_idx" ON "identity_submission" ("submitter", "submitted_at");
--> statement-breakpoint
CREATE INDEX "identity_customer_idx" ON "identity_submission" ("customer_id", "submitted_at");
--> statement-breakpoint
CREATE INDEX "identity_certificate_idx" ON "identity_submission" ("certificate_number" text_pattern_ops);
--> statement-breakpoint
CREATE UNIQUE INDEX "identity_pending_key" ON "identity_submission" ("customer_id") WHERE "audit_state" = 'PENDING';
--> statement-breakpoint
-- Top-ups, wallets and applications named a customer by the text it gave: each (merchant, text)
-- that names no customer becomes one (its number the text, its name too), then each refers to it.
INSERT INTO "customer" ("merchant_id", "customer_number", "given_name")
SELECT DISTINCT "merchant_id", "customer_id", left("customer_id", 20) FROM (
	SELECT "merchant_id", "customer_id" FROM "top_up"
	UNION SELECT "merchant_id", "customer_id" FROM "wallet"
	UNION SELECT "merchant_id", "customer_id" FROM "application"
) AS named
ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "top_up" ADD CONSTRAINT "top_up_customer_fk" FOREIGN KEY ("merchant_id", "customer_id") REFERENCES "customer"("merchant_id", "customer_number");
--> statement-breakpoint
ALTER TABLE "wallet" ADD CONSTRAINT "wallet_customer_fk" FOREIGN KEY ("merchant_id", "customer_id") REFERENCES "customer"("merchant_id", "customer_number");
--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_customer_fk" FOREIGN KEY ("merchant_id", "customer_id") REFERENCES "customer"("merchant_id", "customer_number");
--> statement-breakpoint
-- A vehicle's bound user becomes a reference to a customer; an id that names none is cleared.
UPDATE "vehicle" SET "bound_user_id" = NULL WHERE "bound_user_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "customer" c WHERE c."id" = "vehicle"."bound_user_id");
--> statement-breakpoint
ALTER TABLE "vehicle" ADD CONSTRAINT "vehicle_bound_user_fk" FOREIGN KEY ("bound_user_id") REFERENCES "customer"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "vehicle_bound_user_idx" ON "vehicle" ("bound_user_id") WHERE "bound_user_id" IS NOT NULL;
