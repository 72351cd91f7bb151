import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CURRENCIES, MONEY_PRECISION, PAYMENT_REFUND_STATUSES, PAYMENT_RESULTS } from '@swap/contracts';
import { merchantIdColumn } from '../merchant/index.js';

/**
 * What each row of a gateway's transaction holds (a report, a payment request, a refund): the
 * gateway and its transaction, the order by its kind, number and id, its merchant, the amount and
 * currency. Fresh columns for each table.
 */
function gatewayTransactionColumns() {
  return {
    id: serial('id').primaryKey(),
    paymentGateway: text('payment_gateway').notNull(),
    transactionId: text('transaction_id').notNull(),
    orderKind: text('order_kind').notNull(),
    orderNo: text('order_no').notNull(),
    orderId: integer('order_id').notNull(),
    merchantId: merchantIdColumn().notNull(),
    amount: numeric('amount', { precision: MONEY_PRECISION, scale: 2 }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
  };
}

/** Who asked the gateway (staff; the name kept when the account goes) and when. */
function staffRequestColumns() {
  return {
    operatorId: integer('operator_id'),
    operatorName: text('operator_name').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/**
 * Every payment result a gateway reported and the callback accepted (docs/orders.md, "The payment
 * callback"): one row per gateway transaction, so the same report again finds its row and changes
 * nothing. The order is named by its kind, number and id (the order modules own the orders).
 */
export const paymentCallbacks = pgTable(
  'payment_callback',
  {
    ...gatewayTransactionColumns(),
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
    ...gatewayTransactionColumns(),
    ...staffRequestColumns(),
  },
  (t) => [index('payment_request_order_idx').on(t.orderNo)],
);

/**
 * Every refund staff asked a gateway for (docs/orders.md, "Refund through the gateway"): the
 * payment it gives back (the gateway and its transaction), the order, who asked and when, and the
 * gateway's signed answer. `REQUESTED` until answered; at most one that is not `FAILED` per order, so
 * of two refunds at once one is sent. The gateway knows a refund by its number, `RF` and the id.
 */
export const paymentRefunds = pgTable(
  'payment_refund',
  {
    ...gatewayTransactionColumns(),
    status: text('status', { enum: PAYMENT_REFUND_STATUSES }).notNull().default('REQUESTED'),
    gatewayRefundId: text('gateway_refund_id'),
    reason: text('reason'),
    ...staffRequestColumns(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_refund_open_key')
      .on(t.orderKind, t.orderId)
      .where(sql`${t.status} <> 'FAILED'`),
    index('payment_refund_order_idx').on(t.orderNo),
  ],
);
