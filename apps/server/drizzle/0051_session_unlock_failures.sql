-- The lock screen (docs/security.md, "Lock screen"): wrong passwords a session's lock screen took; the fifth ends it.
ALTER TABLE "session" ADD COLUMN "unlock_failures" integer DEFAULT 0 NOT NULL;
