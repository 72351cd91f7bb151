import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { DEVICE_KINDS, DISTRIBUTION_ACTIONS } from '@swap/contracts';

/**
 * Distribution history: one row per device distributed or recalled (docs/operation-centre.md,
 * "Distribution"). Merchants are ids (their names are read beside the rows); stations are named as
 * they were then, since a station may be renamed or removed later.
 */
export const distributionRecords = pgTable(
  'distribution_record',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: DEVICE_KINDS }).notNull(),
    action: text('action', { enum: DISTRIBUTION_ACTIONS }).notNull(),
    deviceId: integer('device_id').notNull(),
    deviceNumber: text('device_number').notNull(),
    fromMerchantId: integer('from_merchant_id'),
    fromMerchantName: text('from_merchant_name'),
    fromStationId: integer('from_station_id'),
    fromStationName: text('from_station_name'),
    toMerchantId: integer('to_merchant_id'),
    toMerchantName: text('to_merchant_name'),
    toStationId: integer('to_station_id'),
    toStationName: text('to_station_name'),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name').notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('distribution_record_kind_idx').on(t.kind, t.id),
    // A merchant reads the rows from or to it: each side by its own index.
    index('distribution_record_from_idx').on(t.kind, t.fromMerchantId, t.id),
    index('distribution_record_to_idx').on(t.kind, t.toMerchantId, t.id),
    index('distribution_record_number_idx').on(t.kind, t.deviceNumber.op('text_pattern_ops')),
  ],
);
