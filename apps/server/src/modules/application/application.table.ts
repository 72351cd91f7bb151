import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { APPLICATION_DEVICE_KINDS, APPLICATION_STATUSES, APPLICATION_TYPES } from '@swap/contracts';
import { merchantIdColumn } from '../merchant/index.js';

/**
 * Asset applications: a customer's return or replacement of devices of one merchant, in one state
 * (docs/operation-centre.md, "Applications"). The devices are kept by id and by number as they were
 * when the application was made.
 */
export const applications = pgTable(
  'application',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantIdColumn().notNull(),
    applicationType: text('application_type', { enum: APPLICATION_TYPES }).notNull(),
    applicationStatus: text('application_status', { enum: APPLICATION_STATUSES }).notNull().default('AUDIT'),
    customerId: text('customer_id').notNull(),
    deviceKind: text('device_kind', { enum: APPLICATION_DEVICE_KINDS }).notNull(),
    deviceIds: integer('device_ids').array().notNull(),
    deviceNumbers: text('device_numbers').array().notNull(),
    exchangeNumbers: text('exchange_numbers').array().notNull().default([]),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('application_merchant_created_idx').on(t.merchantId, t.createdAt),
    index('application_created_idx').on(t.createdAt),
    index('application_status_created_idx').on(t.applicationStatus, t.createdAt),
    index('application_customer_idx').on(t.customerId),
    index('application_type_created_idx').on(t.applicationType, t.createdAt),
    index('application_device_numbers_idx').using('gin', t.deviceNumbers),
    index('application_exchange_numbers_idx').using('gin', t.exchangeNumbers),
  ],
);

/** Each step of an application: from which state to which, by whom, when, with the operator's remark. */
export const applicationSteps = pgTable(
  'application_step',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: APPLICATION_STATUSES }),
    toStatus: text('to_status', { enum: APPLICATION_STATUSES }).notNull(),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name').notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_step_application_idx').on(t.applicationId, t.id)],
);
