import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  CURRENCIES,
  MONEY_PRECISION,
  OPERATION_TYPES,
  ORDER_SOURCES,
  PRODUCT_CUSTOMER_STATUSES,
  PRODUCT_ORDER_STATUSES,
  type PlanTerms,
} from '@swap/contracts';
import { merchantIdColumn } from '../merchant/index.js';

/**
 * Product orders (docs/orders.md): a customer's sign-up for a product, with the terms it took from
 * the product (amounts exact in the merchant's currency), its cycles and what it owes. The customer,
 * product, vehicle and battery keys are declared in the migration (0033).
 */
export const productOrders = pgTable(
  'product_order',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    merchantId: merchantIdColumn().notNull(),
    customerId: integer('customer_id').notNull(),
    productId: integer('product_id').notNull(),
    productName: text('product_name').notNull(),
    operationType: text('operation_type', { enum: OPERATION_TYPES }).notNull(),
    vehicleTypeId: integer('vehicle_type_id').notNull(),
    paymentGateway: text('payment_gateway'),
    transactionId: text('transaction_id'),
    source: text('source', { enum: ORDER_SOURCES }).notNull(),
    status: text('status', { enum: PRODUCT_ORDER_STATUSES }).notNull().default('ENROLLED'),
    customerStatus: text('customer_status', { enum: PRODUCT_CUSTOMER_STATUSES }).notNull().default('NEW'),
    /** Cycles paid so far (0 until the first payment). */
    currentCycle: integer('current_cycle').notNull().default(0),
    totalCycles: integer('total_cycles').notNull(),
    cycleDays: integer('cycle_days').notNull(),
    overdueDays: integer('overdue_days').notNull().default(0),
    overdueCycles: integer('overdue_cycles').notNull().default(0),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    pricePerCycle: numeric('price_per_cycle', { precision: MONEY_PRECISION, scale: 2 }).notNull(),
    renewalPrice: numeric('renewal_price', { precision: MONEY_PRECISION, scale: 2 }).notNull(),
    /** What the first payment must bring: deposit, admin fee and the first cycle. */
    firstPayment: numeric('first_payment', { precision: MONEY_PRECISION, scale: 2 }).notNull(),
    outstandingBalance: numeric('outstanding_balance', { precision: MONEY_PRECISION, scale: 2 }).notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull().defaultNow(),
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    terminatedAt: timestamp('terminated_at', { withTimezone: true }),
    vehicleId: integer('vehicle_id'),
    batteryId: integer('battery_id'),
    /** Swaps left in the swap combo package; null when the order has none. */
    comboSwaps: integer('combo_swaps'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_order_no_key').on(t.orderNo),
    index('product_order_no_prefix_idx').on(t.orderNo.op('text_pattern_ops')),
    index('product_order_merchant_created_idx').on(t.merchantId, t.createdAt),
    index('product_order_merchant_status_idx').on(t.merchantId, t.status, t.createdAt),
    index('product_order_created_idx').on(t.createdAt),
    index('product_order_status_created_idx').on(t.status, t.createdAt),
    index('product_order_customer_status_created_idx').on(t.customerStatus, t.createdAt),
    index('product_order_source_created_idx').on(t.source, t.createdAt),
    index('product_order_customer_idx').on(t.customerId, t.createdAt),
    index('product_order_product_idx').on(t.productId, t.createdAt),
    index('product_order_vehicle_idx')
      .on(t.vehicleId)
      .where(sql`${t.vehicleId} is not null`),
    // What the overdue and expiry job walks: the running orders only.
    index('product_order_running_idx')
      .on(t.id)
      .where(sql`${t.status} = 'ENROLLED'`),
  ],
);

/** Each plan switch of an order with the terms before and after (docs/orders.md, "Switch plan"). */
export const productOrderSwitches = pgTable(
  'product_order_switch',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => productOrders.id, { onDelete: 'cascade' }),
    oldTerms: jsonb('old_terms').$type<PlanTerms>().notNull(),
    newTerms: jsonb('new_terms').$type<PlanTerms>().notNull(),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name').notNull().default(''),
    switchedAt: timestamp('switched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_order_switch_order_idx').on(t.orderId, t.switchedAt)],
);

/** The payments an order took, one per gateway transaction: the same transaction twice counts once. */
export const productOrderPayments = pgTable(
  'product_order_payment',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => productOrders.id, { onDelete: 'cascade' }),
    paymentGateway: text('payment_gateway').notNull(),
    transactionId: text('transaction_id').notNull(),
    amount: numeric('amount', { precision: MONEY_PRECISION, scale: 2 }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_order_payment_key').on(t.paymentGateway, t.transactionId),
    index('product_order_payment_order_idx').on(t.orderId),
  ],
);
