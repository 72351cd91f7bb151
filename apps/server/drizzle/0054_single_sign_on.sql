-- Single sign-on (docs/security.md, "Single sign-on"): each sign-in sent to the provider, kept until
-- it comes back once or ten minutes pass (only the state's and the browser cookie's hashes; the
-- PKCE verifier and the nonce), and the provider identities administrators linked to accounts.
CREATE TABLE "sso_sign_in" (
  "id" serial PRIMARY KEY NOT NULL,
  "state_hash" text NOT NULL UNIQUE,
  "browser_hash" text NOT NULL,
  "code_verifier" text NOT NULL,
  "nonce" text NOT NULL,
  "redirect" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sso_sign_in_expires_idx" ON "sso_sign_in" ("expires_at");
--> statement-breakpoint
CREATE TABLE "account_sso" (
  "account_id" integer PRIMARY KEY NOT NULL REFERENCES "account"("id") ON DELETE CASCADE,
  "issuer" text NOT NULL,
  "subject" text NOT NULL,
  "linked_by" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "account_sso_identity_key" ON "account_sso" ("issuer", "subject");
