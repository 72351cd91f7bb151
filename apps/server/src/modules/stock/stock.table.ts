import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEVICE_KINDS, SCRAP_STATUSES, STOCK_DIRECTIONS, STOCK_STATUSES } from '@swap/contracts';
import { merchants } from '../merchant/merchant.table.js';
import { deviceTypes } from '../device-type/device-type.table.js';

/**
 * One stock-in or stock-out operation. merchantId is the owner of its devices when they share one
 * (the batch is then visible to that merchant too); null for platform stock or a mixed batch.
 */
export const stockBatches = pgTable(
  'stock_batch',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    kind: text('kind', { enum: DEVICE_KINDS }).notNull(),
    direction: text('direction', { enum: STOCK_DIRECTIONS }).notNull(),
    typeId: integer('type_id').references(() => deviceTypes.id),
    quantity: integer('quantity').notNull(),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name').notNull(),
    merchantId: integer('merchant_id').references(() => merchants.id),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_batch_number_key').on(t.number),
    index('stock_batch_kind_idx').on(t.kind, t.id),
    index('stock_batch_merchant_idx').on(t.merchantId, t.kind, t.id),
    // Prefix search (number LIKE 'SB2026%') under any database collation.
    index('stock_batch_number_prefix_idx').on(t.number.op('text_pattern_ops')),
    index('stock_batch_direction_idx').on(t.kind, t.direction, t.id),
    index('stock_batch_type_idx').on(t.kind, t.typeId, t.id),
    index('stock_batch_created_idx').on(t.kind, t.createdAt, t.id),
  ],
);

/** The devices of a batch; deviceId points into the kind's table (battery, vehicle or cabinet). */
export const stockBatchItems = pgTable(
  'stock_batch_item',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => stockBatches.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').notNull(),
    deviceNumber: text('device_number').notNull(),
    typeId: integer('type_id')
      .notNull()
      .references(() => deviceTypes.id),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.deviceId] })],
);

/**
 * Devices per kind, type, owner (0 = platform), stock and scrap status: the stock summary reads
 * these few rows instead of grouping a million devices. Kept by row triggers on the device tables
 * (migration 0003_stock_count_triggers), so every writer — services, device link, bulk loads — counts.
 */
export const stockCounts = pgTable(
  'stock_count',
  {
    kind: text('kind', { enum: DEVICE_KINDS }).notNull(),
    typeId: integer('type_id').notNull(),
    merchantKey: integer('merchant_key').notNull(),
    stockStatus: text('stock_status', { enum: STOCK_STATUSES }).notNull(),
    scrapStatus: text('scrap_status', { enum: SCRAP_STATUSES }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.typeId, t.merchantKey, t.stockStatus, t.scrapStatus] })],
);
