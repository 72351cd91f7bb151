import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { AUDIT_MODES, AUDIT_STATES, AUTH_STATUSES, CERTIFICATE_TYPES, DELETION_STATUSES, RESTRICTIONS, SUBMITTERS } from '@swap/contracts';
import { merchantIdColumn } from '../merchant/index.js';

/**
 * Customers of the merchants (docs/customers.md): top-ups, wallets and applications name one by
 * (merchant, number), a vehicle's bound user by id. A customer is never deleted, only marked so.
 */
export const customers = pgTable(
  'customer',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantIdColumn().notNull(),
    customerNumber: text('customer_number').notNull(),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull().default(''),
    /** Digits and a leading +, as normalisePhone keeps them; unique per merchant. */
    phone: text('phone'),
    certificateType: text('certificate_type', { enum: CERTIFICATE_TYPES }),
    certificateNumber: text('certificate_number'),
    authStatus: text('auth_status', { enum: AUTH_STATUSES }).notNull().default('NOT_CERTIFIED'),
    restriction: text('restriction', { enum: RESTRICTIONS }).notNull().default('UNRESTRICTED'),
    restrictReason: text('restrict_reason').notNull().default(''),
    deletion: text('deletion', { enum: DELETION_STATUSES }).notNull().default('NORMAL'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_number_key').on(t.merchantId, t.customerNumber),
    uniqueIndex('customer_phone_key').on(t.merchantId, t.phone),
    index('customer_merchant_created_idx').on(t.merchantId, t.createdAt),
    index('customer_created_idx').on(t.createdAt),
    index('customer_number_prefix_idx').on(t.customerNumber.op('text_pattern_ops')),
    index('customer_given_name_idx').on(sql`lower(${t.givenName}) text_pattern_ops`),
    index('customer_family_name_idx').on(sql`lower(${t.familyName}) text_pattern_ops`),
    index('customer_phone_prefix_idx').on(t.phone.op('text_pattern_ops')),
    index('customer_certificate_idx').on(t.certificateNumber.op('text_pattern_ops')),
    index('customer_auth_created_idx').on(t.authStatus, t.createdAt),
    index('customer_restriction_created_idx').on(t.restriction, t.createdAt),
    index('customer_deletion_created_idx').on(t.deletion, t.createdAt),
  ],
);

/** Identity submissions: the documents a customer sent and the audit's outcome (docs/customers.md, "Identity audits"). */
export const identitySubmissions = pgTable(
  'identity_submission',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    merchantId: merchantIdColumn().notNull(),
    certificateType: text('certificate_type', { enum: CERTIFICATE_TYPES }).notNull(),
    certificateNumber: text('certificate_number').notNull(),
    documentFileIds: integer('document_file_ids').array().notNull(),
    faceFileId: integer('face_file_id'),
    submitter: text('submitter', { enum: SUBMITTERS }).notNull(),
    auditState: text('audit_state', { enum: AUDIT_STATES }).notNull().default('PENDING'),
    auditMode: text('audit_mode', { enum: AUDIT_MODES }),
    /** What the automatic check found (a catalogue key), worded in the reader's language. */
    autoFinding: text('auto_finding'),
    auditReason: text('audit_reason').notNull().default(''),
    auditorId: integer('auditor_id'),
    auditorName: text('auditor_name').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
  },
  (t) => [
    index('identity_merchant_submitted_idx').on(t.merchantId, t.submittedAt),
    index('identity_submitted_idx').on(t.submittedAt),
    index('identity_state_submitted_idx').on(t.auditState, t.submittedAt),
    index('identity_submitter_submitted_idx').on(t.submitter, t.submittedAt),
    index('identity_customer_idx').on(t.customerId, t.submittedAt),
    index('identity_certificate_idx').on(t.certificateNumber.op('text_pattern_ops')),
    // One submission waiting per customer.
    uniqueIndex('identity_pending_key')
      .on(t.customerId)
      .where(sql`${t.auditState} = 'PENDING'`),
  ],
);
