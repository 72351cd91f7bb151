import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { CURRENCIES, MONEY_PRECISION, OPERATION_TYPES } from '@swap/contracts';
import { areaIdColumn } from '../area/index.js';
import { deviceTypeIdColumn } from '../device-type/index.js';
import { merchantIdColumn } from '../merchant/index.js';

const amount = (name: string) => numeric(name, { precision: MONEY_PRECISION, scale: 2 }).notNull();

/**
 * Base prices (docs/operation-centre.md, "Base prices"): one per merchant, operation type, vehicle
 * type (null: Any Bike), number of batteries and city. The unique key is also the price look-up's
 * index, its city before the rest, so "has the city any price" reads the same index.
 */
export const basePrices = pgTable(
  'base_price',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantIdColumn().notNull(),
    operationType: text('operation_type', { enum: OPERATION_TYPES }).notNull(),
    vehicleTypeId: deviceTypeIdColumn('vehicle_type_id'),
    batteryCount: integer('battery_count').notNull(),
    cityId: areaIdColumn('city_id', 'restrict').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    price: amount('price'),
    deposit: amount('deposit'),
    rent: amount('rent'),
    dailyRate: amount('daily_rate'),
    minDailyRate: amount('min_daily_rate'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('base_price_key').on(t.merchantId, t.cityId, t.operationType, sql`coalesce(${t.vehicleTypeId}, 0)`, t.batteryCount),
    index('base_price_merchant_created_idx').on(t.merchantId, t.createdAt),
    index('base_price_created_idx').on(t.createdAt),
    index('base_price_city_idx').on(t.cityId),
    index('base_price_vehicle_type_idx').on(t.vehicleTypeId),
  ],
);
