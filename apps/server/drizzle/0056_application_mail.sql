-- An applicant's mail and language: the review's outcome is mailed to the applicant (docs/accounts-merchants-roles.md, "Sign-up").
ALTER TABLE "merchant_application" ADD COLUMN "email" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "merchant_application" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;
