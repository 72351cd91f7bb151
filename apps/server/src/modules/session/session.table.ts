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
    /** The browser that signed in (its User-Agent), shown in the list of one's sessions. */
    userAgent: text('user_agent').notNull().default(''),
    /** Wrong passwords the lock screen took in this session; the fifth ends it. */
    unlockFailures: integer('unlock_failures').notNull().default(0),
  },
  (t) => [index('session_account_idx').on(t.accountId)],
);

/**
 * Sign-in throttling, one row per key (account and address, account, address): failures counted
 * before the password is checked, the delay they impose, and when the key last succeeded
 * (docs/security.md).
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  /** Failures this key may have before each further one delays the next try. */
  allowance: integer('allowance').notNull(),
  notBefore: timestamp('not_before', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
});

/**
 * Single sign-ons sent to the provider and not yet back: the state's hash (the key it comes back
 * with), the hash of the cookie of the browser that started it, the PKCE verifier and the nonce;
 * used once, within ten minutes (docs/security.md, "Single sign-on").
 */
export const ssoSignIns = pgTable('sso_sign_in', {
  id: serial('id').primaryKey(),
  stateHash: text('state_hash').notNull().unique(),
  browserHash: text('browser_hash').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirect: text('redirect'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Refused single sign-ons (docs/security.md, "Refused single sign-ons"): sign-ins the provider
 * confirmed but the product refused, kept 30 days and at most 10,000 rows (the oldest go first).
 */
export const ssoRefusals = pgTable(
  'sso_refusal',
  {
    id: serial('id').primaryKey(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    /** UNLINKED, UNVERIFIED, AMBIGUOUS or DISABLED (SSO_REFUSAL_REASONS). */
    reason: text('reason').notNull(),
    /** The disabled account the identity reached (DISABLED only). */
    accountId: integer('account_id'),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_refusal_created_at_idx').on(t.createdAt)],
);
