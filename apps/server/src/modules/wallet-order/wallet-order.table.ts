import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CURRENCIES, MARKETING_TYPES, MONEY_PRECISION, ORDER_SOURCES, WALLET_ORDER_KINDS, WALLET_ORDER_STATUSES } from '@swap/contracts';
import { merchantIdColumn } from '../merchant/index.js';

const amount = (name: string) => numeric(name, { precision: MONEY_PRECISION, scale: 2 });

/**
 * Recharge and package orders (docs/orders.md, "Recharge and package orders"): a customer's wallet
 * top-up, or purchase of a swap package with the terms the package price gave it. The customer key
 * is declared in the migration (0041).
 */
export const walletOrders = pgTable(
  'wallet_order',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    kind: text('kind', { enum: WALLET_ORDER_KINDS }).notNull(),
    merchantId: merchantIdColumn().notNull(),
    customerId: integer('customer_id').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    paidAmount: amount('paid_amount').notNull(),
    giftAmount: amount('gift_amount').notNull().default('0'),
    marketingType: text('marketing_type', { enum: MARKETING_TYPES }),
    offerId: integer('offer_id'),
    packagePriceId: integer('package_price_id'),
    packageName: text('package_name'),
    swaps: integer('swaps'),
    validityDays: integer('validity_days'),
    swapsLeft: integer('swaps_left'),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    source: text('source', { enum: ORDER_SOURCES }).notNull(),
    status: text('status', { enum: WALLET_ORDER_STATUSES }).notNull().default('REGISTERED'),
    paymentGateway: text('payment_gateway'),
    transactionId: text('transaction_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_order_no_key').on(t.orderNo),
    index('wallet_order_no_prefix_idx').on(t.orderNo.op('text_pattern_ops')),
    index('wallet_order_kind_created_idx').on(t.kind, t.createdAt),
    index('wallet_order_merchant_created_idx').on(t.merchantId, t.kind, t.createdAt),
    index('wallet_order_status_created_idx').on(t.status, t.createdAt),
    index('wallet_order_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('wallet_order_transaction_key')
      .on(t.paymentGateway, t.transactionId)
      .where(sql`${t.transactionId} is not null`),
    uniqueIndex('wallet_order_first_top_up_key')
      .on(t.merchantId, t.customerId)
      .where(
        sql`${t.kind} = 'recharge' and ${t.marketingType} = 'FIRST_TOP_UP' and ${t.status} in ('REGISTERED', 'IN_PROGRESS', 'PAID', 'COMPLETED')`,
      ),
  ],
);
