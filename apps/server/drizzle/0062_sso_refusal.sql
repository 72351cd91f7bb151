-- Refused single sign-ons (docs/security.md, "Refused single sign-ons"): kept 30 days and at most 10,000 rows.
CREATE TABLE "sso_refusal" (
	"id" serial PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"reason" text NOT NULL,
	"account_id" integer,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sso_refusal_created_at_idx" ON "sso_refusal" USING btree ("created_at");
