-- Sign-up (docs/accounts-merchants-roles.md, "Sign-up"): merchant applications and the documents applicants uploaded.
CREATE TABLE "merchant_application" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"person_in_charge" text NOT NULL,
	"contact" text NOT NULL,
	"contact_key" text NOT NULL,
	"office_address" text NOT NULL,
	"id_card_front_file_id" integer NOT NULL,
	"id_card_back_file_id" integer NOT NULL,
	"face_photo_file_id" integer NOT NULL,
	"username" text NOT NULL,
	"username_key" text NOT NULL,
	"password_hash" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"merchant_id" integer,
	"account_id" integer,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_application_pending_contact_idx" ON "merchant_application" USING btree ("contact_key") WHERE status = 'PENDING';
--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_application_pending_username_idx" ON "merchant_application" USING btree ("username_key") WHERE status = 'PENDING';
--> statement-breakpoint
CREATE INDEX "merchant_application_created_idx" ON "merchant_application" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "merchant_application_status_idx" ON "merchant_application" USING btree ("status","created_at");
--> statement-breakpoint
CREATE INDEX "merchant_application_username_idx" ON "merchant_application" USING btree ("username_key","created_at");
--> statement-breakpoint
CREATE TABLE "sign_up_upload" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"application_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
