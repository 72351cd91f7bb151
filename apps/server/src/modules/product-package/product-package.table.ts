import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CURRENCIES, DURATION_UNITS, MONEY_PRECISION, OPERATION_TYPES, SALE_MODES, type PackageLabel } from '@swap/contracts';
import { areaIdColumn } from '../area/index.js';
import { deviceTypeIdColumn } from '../device-type/index.js';
import { merchantIdColumn } from '../merchant/index.js';

/**
 * Each agent's products and packages (docs/operation-centre.md, "Products and packages"). Amounts are
 * exact decimals in the merchant's currency, fixed when the product is written. Its vehicle type and
 * city stay while a product names them.
 */
export const productPackages = pgTable(
  'product_package',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantIdColumn().notNull(),
    name: text('name').notNull(),
    operationType: text('operation_type', { enum: OPERATION_TYPES }).notNull(),
    vehicleTypeId: deviceTypeIdColumn('vehicle_type_id').notNull(),
    cityId: areaIdColumn('city_id', 'restrict').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    deposit: numeric('deposit', { precision: MONEY_PRECISION, scale: 2 }).notNull(),
    adminFee: numeric('admin_fee', { precision: MONEY_PRECISION, scale: 2 }).notNull(),
    pricePerCycle: numeric('price_per_cycle', { precision: MONEY_PRECISION, scale: 2 }).notNull(),
    renewalPrice: numeric('renewal_price', { precision: MONEY_PRECISION, scale: 2 }).notNull(),
    dailyRenewalPrice: numeric('daily_renewal_price', { precision: MONEY_PRECISION, scale: 2 }).notNull(),
    cycles: integer('cycles').notNull(),
    batteryCount: integer('battery_count').notNull(),
    swapsPerCycle: integer('swaps_per_cycle').notNull(),
    timeLimit: integer('time_limit').notNull(),
    timeLimitUnit: text('time_limit_unit', { enum: DURATION_UNITS }).notNull(),
    agreement: text('agreement').notNull(),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'string' }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true, mode: 'string' }).notNull(),
    saleMode: text('sale_mode', { enum: SALE_MODES }).notNull(),
    labels: jsonb('labels').$type<PackageLabel[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_package_merchant_created_idx').on(t.merchantId, t.createdAt),
    index('product_package_created_idx').on(t.createdAt),
    index('product_package_city_idx').on(t.cityId),
    index('product_package_vehicle_type_idx').on(t.vehicleTypeId),
  ],
);
