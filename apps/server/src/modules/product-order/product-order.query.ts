import { eq, gte, inArray, like, lte, sql, type SQL } from 'drizzle-orm';
import { normalizeMoney, productOrderApi, type ProductOrderRecord } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { defineList } from '../../app/list.js';
import { prefixPattern } from '../../app/pagination.js';
import { batteryJoin } from '../battery/index.js';
import { customerIdsByNumber, customerJoin } from '../customer/index.js';
import { merchantNameOf } from '../merchant/index.js';
import { vehicleJoin } from '../vehicle/index.js';
import { productOrders } from './product-order.table.js';

export type OrderRow = typeof productOrders.$inferSelect;

/** Merchant staff reach their merchant's orders; platform staff every merchant's. */
export const productOrderScope = (ctx: Pick<Ctx, 'principal'>): SQL | undefined =>
  ctx.principal.merchantId === null ? undefined : eq(productOrders.merchantId, ctx.principal.merchantId);

// The customer, vehicle and battery come from their own modules as joins: the page stays one statement.
const customer = customerJoin(productOrders.customerId);
const vehicle = vehicleJoin(productOrders.vehicleId);
const battery = batteryJoin(productOrders.batteryId, 'order_battery');

const merchantName = merchantNameOf(productOrders.merchantId);

// The white space JavaScript's trim() removes, for the customer's name written in SQL.
const TRIMMED = '[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]';

interface Row {
  order: OrderRow;
  merchantName: string | null;
  customerNumber: string;
  givenName: string;
  familyName: string;
  vehicleNumber: string | null;
  batteryNumber: string | null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function present({ order: o, merchantName, customerNumber, givenName, familyName, vehicleNumber, batteryNumber }: Row): ProductOrderRecord {
  return {
    id: o.id,
    orderNo: o.orderNo,
    merchantId: o.merchantId,
    merchantName,
    customerId: o.customerId,
    customerNumber,
    customerName: `${givenName} ${familyName}`.trim(),
    productId: o.productId,
    productName: o.productName,
    operationType: o.operationType,
    paymentGateway: o.paymentGateway,
    transactionId: o.transactionId,
    source: o.source,
    status: o.status,
    customerStatus: o.customerStatus,
    currentCycle: o.currentCycle,
    totalCycles: o.totalCycles,
    cycleDays: o.cycleDays,
    overdueDays: o.overdueDays,
    overdueCycles: o.overdueCycles,
    currency: o.currency,
    outstandingBalance: normalizeMoney(o.outstandingBalance),
    pricePerCycle: normalizeMoney(o.pricePerCycle),
    renewalPrice: normalizeMoney(o.renewalPrice),
    startAt: o.startAt.toISOString(),
    paidUntil: iso(o.paidUntil),
    expiresAt: o.expiresAt.toISOString(),
    terminatedAt: iso(o.terminatedAt),
    vehicleId: o.vehicleId,
    vehicleNumber,
    batteryId: o.batteryId,
    batteryNumber,
    comboSwaps: o.comboSwaps,
    createdAt: o.createdAt.toISOString(),
  };
}

/** Order centre → Product orders, newest first (docs/orders.md). */
export const productOrderList = defineList({
  endpoint: productOrderApi.search,
  table: productOrders,
  id: productOrders.id,
  select: {
    order: productOrders,
    merchantName,
    customerNumber: customer.customerNumber,
    givenName: customer.givenName,
    familyName: customer.familyName,
    vehicleNumber: vehicle.number,
    batteryNumber: battery.number,
  },
  joins: [customer.join, vehicle.join, battery.join],
  scope: productOrderScope,
  filters: {
    orderNo: (number) => like(productOrders.orderNo, prefixPattern(number)),
    customerNumber: (number, ctx) => inArray(productOrders.customerId, customerIdsByNumber(ctx.db, number, ctx.principal.merchantId)),
    productId: (id) => eq(productOrders.productId, id),
    status: (status) => eq(productOrders.status, status),
    customerStatus: (status) => eq(productOrders.customerStatus, status),
    source: (source) => eq(productOrders.source, source),
    merchantId: (merchantId) => eq(productOrders.merchantId, merchantId),
    createdFrom: (from) => gte(productOrders.createdAt, new Date(from)),
    createdTo: (to) => lte(productOrders.createdAt, new Date(to)),
  },
  defaultOrder: () => ({ column: productOrders.createdAt, direction: 'desc' }),
  count: 'capped',
  present,
  // An export reads stored rows (amounts as the database writes them: two decimals, as the presenter
  // normalises them); the fields the presenter computes are the same expressions in SQL.
  rawExport: {
    presented: ['customerName'],
    computed: () => ({
      merchantName,
      customerName: sql`regexp_replace(${customer.givenName} || ' ' || ${customer.familyName}, ${`^${TRIMMED}+|${TRIMMED}+$`}, '', 'g')`,
    }),
  },
});
