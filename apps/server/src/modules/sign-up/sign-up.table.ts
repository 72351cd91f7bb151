import { sql } from 'drizzle-orm';
import { LANGUAGES } from '@swap/contracts';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Merchant applications from the sign-up page (docs/accounts-merchants-roles.md, "Sign-up"): what the
 * company sent, its administrator's sign-in (the password only as its hash), and the review.
 */
export const merchantApplications = pgTable(
  'merchant_application',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: ['AGENT', 'DIRECT'] }).notNull(),
    personInCharge: text('person_in_charge').notNull(),
    contact: text('contact').notNull(),
    /** The contact as sign-in compares phones (spaces, hyphens, dots and brackets dropped): one pending application per contact. */
    contactKey: text('contact_key').notNull(),
    /** Where the review's outcome is mailed; empty for applications sent before the form asked for it (their mail waits in the outbox). */
    email: text('email').notNull().default(''),
    /** The language the applicant applied in, which the outcome's mail is written in. */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    officeAddress: text('office_address').notNull(),
    idCardFrontFileId: integer('id_card_front_file_id').notNull(),
    idCardBackFileId: integer('id_card_back_file_id').notNull(),
    facePhotoFileId: integer('face_photo_file_id').notNull(),
    username: text('username').notNull(),
    /** The username as sign-in compares it: one pending application per name. */
    usernameKey: text('username_key').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'REJECTED'] })
      .notNull()
      .default('PENDING'),
    reason: text('reason').notNull().default(''),
    merchantId: integer('merchant_id'),
    accountId: integer('account_id'),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchant_application_pending_contact_idx')
      .on(t.contactKey)
      .where(sql`status = 'PENDING'`),
    uniqueIndex('merchant_application_pending_username_idx')
      .on(t.usernameKey)
      .where(sql`status = 'PENDING'`),
    index('merchant_application_created_idx').on(t.createdAt),
    index('merchant_application_status_idx').on(t.status, t.createdAt),
    index('merchant_application_username_idx').on(t.usernameKey, t.createdAt),
  ],
);

/**
 * The documents applicants uploaded before applying, with the address they came from: an application
 * may name only files its own address uploaded, each once.
 */
export const signUpUploads = pgTable('sign_up_upload', {
  fileId: integer('file_id').primaryKey(),
  ip: text('ip').notNull(),
  applicationId: integer('application_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
