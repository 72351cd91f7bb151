import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CURRENCIES, MONEY_PRECISION, SWAP_ORDER_KINDS, SWAP_ORDER_STATUSES } from '@swap/contracts';
import { areaIdColumn } from '../area/index.js';
import { merchantIdColumn } from '../merchant/index.js';

const money = (name: string) => numeric(name, { precision: MONEY_PRECISION, scale: 2 });
const kwh = (name: string) => numeric(name, { precision: MONEY_PRECISION, scale: 3 });

/**
 * Transfer and energy orders (docs/orders.md, "Transfer and energy orders"): the paid side of a
 * charged swap, one per swap record. The customer, swap record and cabinet keys are declared in the
 * migration (0039).
 */
export const swapOrders = pgTable(
  'swap_order',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    kind: text('kind', { enum: SWAP_ORDER_KINDS }).notNull(),
    merchantId: merchantIdColumn().notNull(),
    customerId: integer('customer_id').notNull(),
    swapRecordId: integer('swap_record_id').notNull(),
    swapAt: timestamp('swap_at', { withTimezone: true }).notNull(),
    cabinetId: integer('cabinet_id').notNull(),
    cityId: areaIdColumn('city_id', 'restrict').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    unitPrice: money('unit_price').notNull(),
    meterStartKwh: kwh('meter_start_kwh'),
    meterEndKwh: kwh('meter_end_kwh'),
    energyKwh: kwh('energy_kwh'),
    amount: money('amount').notNull(),
    status: text('status', { enum: SWAP_ORDER_STATUSES }).notNull().default('REGISTERED'),
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
    uniqueIndex('swap_order_no_key').on(t.orderNo),
    // One order per swap, also when the cabinet's report arrives twice at once.
    uniqueIndex('swap_order_swap_key').on(t.swapRecordId),
    index('swap_order_no_prefix_idx').on(t.orderNo.op('text_pattern_ops')),
    index('swap_order_kind_created_idx').on(t.kind, t.createdAt),
    index('swap_order_merchant_created_idx').on(t.merchantId, t.kind, t.createdAt),
    index('swap_order_merchant_status_idx').on(t.merchantId, t.kind, t.status, t.createdAt),
    index('swap_order_kind_no_idx').on(t.kind, t.orderNo),
    index('swap_order_status_created_idx').on(t.kind, t.status, t.createdAt),
    index('swap_order_customer_idx').on(t.customerId, t.createdAt),
    index('swap_order_cabinet_idx').on(t.cabinetId, t.kind, t.createdAt),
    index('swap_order_unpaid_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('REGISTERED', 'IN_PROGRESS')`),
    index('swap_order_paid_idx')
      .on(t.paidAt)
      .where(sql`${t.status} = 'PAID'`),
  ],
);
