import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { merchantIdColumn } from '../merchant/index.js';

export const accounts = pgTable(
  'account',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    phone: text('phone'),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    accountType: text('account_type', { enum: ['PLATFORM', 'MERCHANT'] }).notNull(),
    type: text('type', { enum: ['SUPER', 'NORMAL', 'SON'] }).notNull(),
    status: text('status', { enum: ['ENABLED', 'DISABLED'] })
      .notNull()
      .default('ENABLED'),
    merchantId: merchantIdColumn(),
    /** Who created the account; a SON belongs to the merchant of its creator. */
    createdBy: integer('created_by'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Where password recovery mails go (set on one's own profile); null: recovery mails go to the outbox. */
    email: text('email'),
    /**
     * The mail as it was when its owner proved to read it (a reset link mailed there was used); the
     * mail is verified while it is still this one (docs/security.md, "Single sign-on").
     */
    verifiedEmail: text('verified_email'),
    /** The interface language and the time zone every date is shown in, chosen on one's own profile; null: the browser's. */
    language: text('language'),
    timeZone: text('time_zone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_username_key').on(sql`lower(${t.username})`), index('account_merchant_idx').on(t.merchantId)],
);

export const accountRoles = pgTable(
  'account_role',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.roleId] }), index('account_role_role_idx').on(t.roleId)],
);

/**
 * Every sign-in name (username and phone, under normaliseSignInName's key) of every account, kept
 * by triggers on account (migration 0014): the primary key refuses a name another account signs in
 * with, even a concurrent claim.
 */
export const signInNames = pgTable(
  'sign_in_name',
  {
    name: text('name').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sign_in_name_account_idx').on(t.accountId)],
);

/**
 * Password reset links (docs/security.md, "Password recovery"): only the SHA-256 of the link's
 * token is kept; a link works once, until it expires.
 */
export const passwordResets = pgTable(
  'password_reset',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The address the link was mailed to (null: it went to the outbox); using it verifies that address. */
    mailedTo: text('mailed_to'),
  },
  (t) => [index('password_reset_account_idx').on(t.accountId)],
);

/**
 * A link mailed to an account's own address to verify it (docs/security.md, "One's own account"):
 * only the token's hash is kept, with the address it went to; used once, before it expires, while
 * the account still has that address.
 */
export const mailVerifications = pgTable(
  'mail_verification',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mail_verification_account_idx').on(t.accountId)],
);

/**
 * A single sign-on identity (the provider's issuer and subject) an administrator linked to an
 * account; one identity, one account (docs/security.md, "Single sign-on").
 */
export const accountSso = pgTable(
  'account_sso',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    linkedBy: integer('linked_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_sso_identity_key').on(t.issuer, t.subject)],
);
