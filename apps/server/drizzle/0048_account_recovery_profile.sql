-- One's own account: an email address for password recovery, the language and time zone the
-- screens use; the browser of each session; single-use password reset links (only the hash of the
-- link's token is kept); the outbox of mails not sent by SMTP (docs/security.md, "Password recovery").
ALTER TABLE "account" ADD COLUMN "email" text;
--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "language" text;
--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "time_zone" text;
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE TABLE "password_reset" (
  "id" serial PRIMARY KEY NOT NULL,
  "account_id" integer NOT NULL REFERENCES "account"("id") ON DELETE CASCADE,
  "token_hash" text NOT NULL UNIQUE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "password_reset_account_idx" ON "password_reset" ("account_id");
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
  "id" serial PRIMARY KEY NOT NULL,
  "recipient" text NOT NULL,
  "subject" text NOT NULL,
  "body" text NOT NULL,
  "error" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
