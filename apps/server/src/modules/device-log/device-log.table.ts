import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { DEVICE_KINDS, DEVICE_LOG_KINDS } from '@swap/contracts';

/**
 * Each device's log (docs/device-protocol.md, "Device log"): what happened to it, as a message key
 * and its parameters, worded in the reader's language when read. The device is named by kind and id
 * (batteries, cabinets and vehicles share the log); merchant_id is its owner when it happened.
 */
export const deviceLogs = pgTable(
  'device_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceKind: text('device_kind', { enum: DEVICE_KINDS }).notNull(),
    deviceId: integer('device_id').notNull(),
    merchantId: integer('merchant_id'),
    kind: text('kind', { enum: DEVICE_LOG_KINDS }).notNull(),
    textKey: text('text_key').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A device's log newest first, and one kind of its entries.
    index('device_log_device_at_idx').on(t.deviceKind, t.deviceId, t.at, t.id),
    index('device_log_device_kind_at_idx').on(t.deviceKind, t.deviceId, t.kind, t.at, t.id),
  ],
);
