import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CURRENCIES, MONEY_PRECISION, PAYMENT_RESULTS } from '@swap/contracts';
import { merchantIdColumn } from '../merchant/index.js';

/**
 * Every payment result a gateway reported and the callback accepted (docs/orders.md, "The payment
 * callback"): one row per gateway transaction, so the same report again finds its row and changes
 * nothing. The order is named by its kind, number and id (the order modules own the orders).
 */
export const paymentCallbacks = pgTable(
  'payment_callback',
  {
    id: serial('id').primaryKey(),
    paymentGateway: text('payment_gateway').notNull(),
    transactionId: text('transaction_id').notNull(),
    orderKind: text('order_kind').notNull(),
    orderNo: text('order_no').notNull(),
    orderId: integer('order_id').notNull(),
    merchantId: merchantIdColumn().notNull(),
    amount: numeric('amount', { precision: MONEY_PRECISION, scale: 2 }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    status: text('status', { enum: PAYMENT_RESULTS }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_callback_transaction_key').on(t.paymentGateway, t.transactionId),
    index('payment_callback_order_idx').on(t.orderNo),
  ],
);

/**
 * Every payment request staff asked a gateway for and the gateway took (docs/orders.md, "Asking the
 * gateway for a payment"): who asked, when, the amount and the gateway's transaction; the order's
 * page lists them beside the gateway's reports.
 */
export const paymentRequests = pgTable(
  'payment_request',
  {
    id: serial('id').primaryKey(),
    paymentGateway: text('payment_gateway').notNull(),
    transactionId: text('transaction_id').notNull(),
    orderKind: text('order_kind').notNull(),
    orderNo: text('order_no').notNull(),
    orderId: integer('order_id').notNull(),
    merchantId: merchantIdColumn().notNull(),
    amount: numeric('amount', { precision: MONEY_PRECISION, scale: 2 }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_request_order_idx').on(t.orderNo)],
);
