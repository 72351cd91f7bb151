import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { addMoney, productOrderApi, type ProductOrderRecord } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { DEMO_ORDER_GATEWAYS, type DemoContext } from '../../db/demo.js';
import { fieldColumns, type CsvColumn } from '../../app/csv.js';
import { chosenAgent } from '../../app/owned-records.js';
import { serve } from '../../app/route.js';
import { customersOf } from '../customer/index.js';
import { orderableProducts, productTermsOf } from '../product-package/index.js';
import { bindVehicleToCustomer, freeVehiclesOf } from '../vehicle/index.js';
import { productOrderList } from './product-order.query.js';
import { productOrders, productOrderSwitches } from './product-order.table.js';
import {
  bindProductOrderVehicle,
  DAY_MS,
  placeProductOrder,
  productOrderDetailOf,
  retryProductOrder,
  switchProductOrderPlan,
  terminateProductOrder,
} from './product-order.service.js';
import { runOverdueJob } from './product-order.job.js';

export { markProductOrderPaid, type OrderPayment } from './product-order.service.js';
export { productOrderPayable } from './product-order.payable.js';
export { runOverdueJob, startOverdueJob, type OverdueRun } from './product-order.job.js';

/**
 * Takes one swap from the swap combo package of the customer's running, paid product order (the
 * oldest holding swaps), in the caller's transaction: true when a package covered the swap, which
 * is then not charged (docs/orders.md, "Transfer and energy orders").
 */
export async function takeComboSwap(tx: Db, customerId: number): Promise<boolean> {
  const held = tx
    .select({ id: productOrders.id })
    .from(productOrders)
    .where(
      and(
        eq(productOrders.customerId, customerId),
        eq(productOrders.status, 'ENROLLED'),
        eq(productOrders.customerStatus, 'REGISTERED'),
        gt(productOrders.comboSwaps, 0),
      ),
    )
    .orderBy(asc(productOrders.id))
    .limit(1)
    .for('update');
  const taken = await tx
    .update(productOrders)
    .set({ comboSwaps: sql`${productOrders.comboSwaps} - 1`, updatedAt: new Date() })
    .where(and(inArray(productOrders.id, held), gt(productOrders.comboSwaps, 0)))
    .returning({ id: productOrders.id });
  return taken.length > 0;
}

/** The number of the running product order the vehicle is bound to, if any (read on the vehicle's index). */
export async function runningOrderOfVehicle(db: Db, vehicleId: number): Promise<string | null> {
  const [row] = await db
    .select({ orderNo: productOrders.orderNo })
    .from(productOrders)
    .where(and(eq(productOrders.vehicleId, vehicleId), eq(productOrders.status, 'ENROLLED')))
    .limit(1);
  return row?.orderNo ?? null;
}

/** Whether an order names the product (read on the index leading with it): such a product stays. */
export async function ordersNameProduct(db: Db, productId: number): Promise<boolean> {
  const [row] = await db.select({ id: productOrders.id }).from(productOrders).where(eq(productOrders.productId, productId)).limit(1);
  return row !== undefined;
}

/** The product order export's columns (the raw-export test compares the file with the records' CSV). */
export const PRODUCT_ORDER_CSV_COLUMNS: CsvColumn<ProductOrderRecord>[] = fieldColumns(
  [
    'orderNo',
    'merchantName',
    'customerNumber',
    'customerName',
    'productName',
    'operationType',
    'source',
    'status',
    'customerStatus',
    'paymentGateway',
    'transactionId',
    'currentCycle',
    'totalCycles',
    'overdueDays',
    'overdueCycles',
    'currency',
    'outstandingBalance',
    'vehicleNumber',
    'batteryNumber',
    'startAt',
    'paidUntil',
    'expiresAt',
    'terminatedAt',
    'createdAt',
  ],
  { status: 'productOrder.status', paidUntil: 'time' },
);

/** Order centre → Product orders (/order/product/list, /order/product/detail/:id). */
export function registerProductOrderRoutes(app: FastifyInstance): void {
  serve(app, productOrderApi.search, ({ input, ctx }) => productOrderList.search(ctx, input));
  serve(app, productOrderApi.detail, ({ input, ctx }) => productOrderDetailOf(ctx, input.id));
  serve(app, productOrderApi.add, ({ input, ctx }) => placeProductOrder(ctx, input));
  serve(app, productOrderApi.terminate, ({ input, ctx }) => terminateProductOrder(ctx, input.id));
  serve(app, productOrderApi.switchPlan, ({ input, ctx }) => switchProductOrderPlan(ctx, input));
  serve(app, productOrderApi.bindVehicle, ({ input, ctx }) => bindProductOrderVehicle(ctx, input));
  serve(app, productOrderApi.retry, ({ input, ctx }) => retryProductOrder(ctx, input.id));
  serve(app, productOrderApi.products, async ({ input, ctx }) =>
    orderableProducts(ctx.db, await chosenAgent(ctx, input.merchantId, ctx.db)),
  );
  serve(app, productOrderApi.export, ({ input, ctx, reply }) =>
    productOrderList.sendExport(reply, ctx, input, { filename: 'product-orders.csv', columns: PRODUCT_ORDER_CSV_COLUMNS }),
  );
}

const SOURCES = ['MINI_PROGRAM', 'IOS', 'ANDROID'] as const;

/**
 * Demo product orders of the two demo merchants over the last three months, once: awaiting the first
 * payment, cancelled for want of it, running (some overdue, some with a vehicle and its battery bound
 * and a plan switch behind them), completed and terminated; then the overdue and expiry job runs once.
 */
export async function seedDemoProductOrders(db: Db, demo: DemoContext): Promise<void> {
  const [any] = await db.select({ id: productOrders.id }).from(productOrders).limit(1);
  if (any) return;
  const now = Date.now();
  for (const [merchant, gateways] of Object.entries(DEMO_ORDER_GATEWAYS)) {
    const merchantId = demo.merchantIds[merchant];
    if (merchantId === undefined) continue;
    const products = await productTermsOf(db, merchantId);
    const usable = (await customersOf(db, merchantId)).filter((c) => c.deletion === 'NORMAL' && c.restriction === 'UNRESTRICTED');
    if (products.length === 0 || usable.length === 0) continue;
    const taken = new Set<number>();
    for (let i = 0; i < 36; i++) {
      const terms = products[i % products.length]!;
      const customer = usable[(i * 7) % usable.length]!;
      const kind = i % 9;
      // Spread over the last 90 days; those awaiting their first payment were placed within the last hours.
      const created = new Date(kind === 0 ? now - (i % 5) * 3600_000 - 600_000 : now - (88 - i * 2.4) * DAY_MS);
      const firstPayment = addMoney(terms.deposit, terms.adminFee, terms.pricePerCycle);
      // Every other running order paid its first cycle only, so the older ones of several cycles are overdue.
      const paidCycles = i % 2 === 0 ? 1 : Math.min(terms.cycles, 1 + (i % 3));
      const paid = kind >= 2;
      const base = {
        orderNo: `DEMO-${merchantId}-${i}`,
        merchantId,
        customerId: customer.id,
        productId: terms.id,
        productName: terms.name,
        operationType: terms.operationType,
        vehicleTypeId: terms.vehicleTypeId,
        source: SOURCES[i % 3]!,
        totalCycles: terms.cycles,
        cycleDays: terms.cycleDays,
        currency: terms.currency,
        pricePerCycle: terms.pricePerCycle,
        renewalPrice: terms.renewalPrice,
        firstPayment,
        startAt: created,
        expiresAt: new Date(created.getTime() + terms.cycles * terms.cycleDays * DAY_MS),
        comboSwaps: terms.comboSwaps,
        createdAt: created,
        ...(paid ? { paymentGateway: gateways[i % 2]!, transactionId: `TX${merchantId}${String(created.getTime()).slice(-9)}${i}` } : {}),
      };
      const paidUntil = new Date(created.getTime() + paidCycles * terms.cycleDays * DAY_MS);
      const values: typeof productOrders.$inferInsert =
        kind === 0
          ? { ...base, outstandingBalance: firstPayment }
          : kind === 1
            ? { ...base, status: 'CANCELLED', customerStatus: 'CANCELLED', outstandingBalance: firstPayment }
            : kind === 2
              ? {
                  ...base,
                  status: 'TERMINATED',
                  customerStatus: 'CANCELLED',
                  currentCycle: 1,
                  paidUntil: new Date(created.getTime() + terms.cycleDays * DAY_MS),
                  terminatedAt: new Date(created.getTime() + Math.min(terms.cycleDays, 20) * DAY_MS),
                  comboSwaps: null,
                  outstandingBalance: '0',
                }
              : kind === 3
                ? {
                    ...base,
                    status: 'COMPLETED',
                    customerStatus: 'COMPLETED',
                    currentCycle: terms.cycles,
                    totalCycles: terms.cycles,
                    paidUntil: new Date(created.getTime() + terms.cycles * terms.cycleDays * DAY_MS),
                    outstandingBalance: '0',
                  }
                : { ...base, customerStatus: 'REGISTERED', currentCycle: paidCycles, paidUntil, outstandingBalance: '0' };
      // A completed order ended before now: its product's whole term lies in the past.
      if (kind === 3 && values.paidUntil! > new Date(now)) {
        values.startAt = new Date(now - (terms.cycles * terms.cycleDays + 5) * DAY_MS);
        values.paidUntil = new Date(values.startAt.getTime() + terms.cycles * terms.cycleDays * DAY_MS);
        values.expiresAt = values.paidUntil;
      }
      const [order] = await db.insert(productOrders).values(values).returning({ id: productOrders.id });
      if (values.customerStatus === 'REGISTERED') {
        const [vehicle] = (await freeVehiclesOf(db, merchantId, terms.vehicleTypeId, 40)).filter(
          (v) =>
            !taken.has(v.id) && (['NEW', 'SALE'].includes(terms.operationType) ? v.saleMode !== 'RENT_ONLY' : v.saleMode !== 'SALE_ONLY'),
        );
        if (vehicle && vehicle.saleMode !== 'NEITHER') {
          taken.add(vehicle.id);
          await bindVehicleToCustomer(db, vehicle.id, customer.id);
          await db
            .update(productOrders)
            .set({ vehicleId: vehicle.id, batteryId: vehicle.battery1Id })
            .where(eq(productOrders.id, order!.id));
        }
        const other = products.find((p) => p.id !== terms.id && p.vehicleTypeId === terms.vehicleTypeId);
        if (other && i % 4 === 0) {
          await db.insert(productOrderSwitches).values({
            orderId: order!.id,
            oldTerms: {
              productId: other.id,
              productName: other.name,
              pricePerCycle: other.pricePerCycle,
              renewalPrice: other.renewalPrice,
              totalCycles: other.cycles,
              cycleDays: other.cycleDays,
            },
            newTerms: {
              productId: terms.id,
              productName: terms.name,
              pricePerCycle: terms.pricePerCycle,
              renewalPrice: terms.renewalPrice,
              totalCycles: terms.cycles,
              cycleDays: terms.cycleDays,
            },
            operatorName: 'merchant',
            switchedAt: new Date(created.getTime() + 2 * DAY_MS),
          });
        }
      }
    }
  }
  await db.execute(
    sql`update ${productOrders} set order_no = 'PO' || to_char(created_at at time zone 'UTC', 'YYYYMMDD') || lpad(id::text, 6, '0') where order_no like 'DEMO-%'`,
  );
  await runOverdueJob(db);
}
