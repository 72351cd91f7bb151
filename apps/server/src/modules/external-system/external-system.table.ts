import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { DEVICE_KINDS, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '@swap/contracts';
import { merchantIdColumn } from '../merchant/index.js';

/**
 * Partner systems a merchant registered (docs/operation-centre.md, "External systems"). The signing
 * key is kept as it is, since every delivery is signed with it; no answer and no audit entry carries it.
 */
export const externalSystems = pgTable(
  'external_system',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantIdColumn().notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    signingKey: text('signing_key').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('external_system_merchant_created_idx').on(t.merchantId, t.createdAt),
    index('external_system_created_idx').on(t.createdAt),
  ],
);

/** The devices a system may see, by kind and number; an event of a device is looked up by them. */
export const externalSystemDevices = pgTable(
  'external_system_device',
  {
    systemId: integer('system_id')
      .notNull()
      .references(() => externalSystems.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DEVICE_KINDS }).notNull(),
    number: text('number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.systemId, t.kind, t.number] }), index('external_system_device_number_idx').on(t.kind, t.number)],
);

/** One event to deliver to one system; PENDING rows are the worker's queue. */
export const webhookDeliveries = pgTable(
  'webhook_delivery',
  {
    id: serial('id').primaryKey(),
    systemId: integer('system_id')
      .notNull()
      .references(() => externalSystems.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id').notNull(),
    eventType: text('event_type', { enum: WEBHOOK_EVENT_TYPES }).notNull(),
    deviceKind: text('device_kind', { enum: DEVICE_KINDS }),
    deviceNumber: text('device_number'),
    data: jsonb('data').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastAnswer: text('last_answer'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_delivery_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'PENDING'`),
    index('webhook_delivery_merchant_created_idx').on(t.merchantId, t.createdAt),
    index('webhook_delivery_created_idx').on(t.createdAt),
    index('webhook_delivery_system_created_idx').on(t.systemId, t.createdAt),
    index('webhook_delivery_status_created_idx').on(t.status, t.createdAt),
    index('webhook_delivery_event_created_idx').on(t.eventType, t.createdAt),
    index('webhook_delivery_number_idx').on(t.deviceNumber.op('text_pattern_ops')),
  ],
);

/** Every attempt of a delivery: its HTTP status, the first characters of the answer, or the error. */
export const webhookAttempts = pgTable(
  'webhook_attempt',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    answer: text('answer').notNull().default(''),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempt_delivery_idx').on(t.deliveryId, t.attempt)],
);
