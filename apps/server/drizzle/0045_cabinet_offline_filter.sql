-- The cabinet list's "offline" filter, newest first: the few cabinets not heard from.
CREATE INDEX "cabinet_offline_idx" ON "cabinet" ("id") WHERE NOT "online";
