import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Sign-in sessions: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'session',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    accountId: integer('account_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
  },
  (t) => [index('session_account_idx').on(t.accountId)],
);

/** Failed sign-ins per key (account name or address) inside the current window, for throttling. */
export const loginFailures = pgTable('login_failure', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});
