import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const auditLogs = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The client's request-time header, when sent. */
    requestTime: timestamp('request_time', { withTimezone: true }),
    accountId: integer('account_id'),
    username: text('username').notNull(),
    merchantId: integer('merchant_id'),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    changes: jsonb('changes'),
    ip: text('ip').notNull().default(''),
    success: boolean('success').notNull().default(true),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_username_idx').on(t.username, t.at),
    index('audit_log_merchant_idx').on(t.merchantId, t.at),
    index('audit_log_object_type_idx').on(t.objectType, t.at),
  ],
);
