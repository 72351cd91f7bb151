-- Sign-in throttling reserves each try before the password is checked (docs/security.md): a row per
-- key (account and address, account, address) counts failures, and not_before holds the growing
-- delay. The old fixed-window counts are dropped: they only ever held a few minutes of state.
DROP TABLE "login_failure";
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"allowance" integer NOT NULL,
	"not_before" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_success_at" timestamp with time zone
);
