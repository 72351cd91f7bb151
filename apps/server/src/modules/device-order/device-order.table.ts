import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CURRENCIES, DEVICE_ORDER_KINDS, DEVICE_ORDER_STATUSES, DEVICE_ORDER_TYPES, MONEY_PRECISION, ORDER_SOURCES } from '@swap/contracts';
import { areaIdColumn } from '../area/index.js';
import { merchantIdColumn } from '../merchant/index.js';

/**
 * Vehicle and battery orders (docs/orders.md, "Vehicle and battery orders"): a device of the merchant
 * sold or leased to a customer, with the amounts the operation centre's prices gave it. The customer
 * key is declared in the migration (0035); the device is a vehicle or a battery by `kind`.
 */
export const deviceOrders = pgTable(
  'device_order',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    kind: text('kind', { enum: DEVICE_ORDER_KINDS }).notNull(),
    orderType: text('order_type', { enum: DEVICE_ORDER_TYPES }).notNull(),
    merchantId: merchantIdColumn().notNull(),
    customerId: integer('customer_id').notNull(),
    deviceId: integer('device_id').notNull(),
    deviceNumber: text('device_number').notNull(),
    cityId: areaIdColumn('city_id', 'restrict').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    price: numeric('price', { precision: MONEY_PRECISION, scale: 2 }).notNull(),
    deposit: numeric('deposit', { precision: MONEY_PRECISION, scale: 2 }).notNull(),
    totalAmount: numeric('total_amount', { precision: MONEY_PRECISION, scale: 2 }).notNull(),
    source: text('source', { enum: ORDER_SOURCES }).notNull(),
    status: text('status', { enum: DEVICE_ORDER_STATUSES }).notNull().default('REGISTERED'),
    paymentGateway: text('payment_gateway'),
    transactionId: text('transaction_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_order_no_key').on(t.orderNo),
    index('device_order_no_prefix_idx').on(t.orderNo.op('text_pattern_ops')),
    index('device_order_kind_created_idx').on(t.kind, t.createdAt),
    index('device_order_merchant_created_idx').on(t.merchantId, t.kind, t.createdAt),
    index('device_order_status_created_idx').on(t.status, t.createdAt),
    index('device_order_type_created_idx').on(t.orderType, t.createdAt),
    index('device_order_customer_idx').on(t.customerId, t.createdAt),
    index('device_order_device_number_idx').on(t.deviceNumber.op('text_pattern_ops')),
    // A device is in one open order at a time: the database holds the line under any race.
    uniqueIndex('device_order_open_key')
      .on(t.kind, t.deviceId)
      .where(sql`${t.status} in ('REGISTERED', 'IN_PROGRESS', 'PAID')`),
  ],
);
