-- An account's mail counts as verified once a reset link mailed to it was used (docs/security.md, "Single sign-on"): single sign-on matches only a verified mail.
ALTER TABLE "account" ADD COLUMN "verified_email" text;
--> statement-breakpoint
ALTER TABLE "password_reset" ADD COLUMN "mailed_to" text;
