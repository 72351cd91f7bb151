import { and, desc, eq, ne, sql } from 'drizzle-orm';
import {
  addMoney,
  minorToMoney,
  moneyToMinor,
  normalizeMoney,
  stepAllowed,
  type PlanTerms,
  type ProductOrderAdd,
  type ProductOrderBind,
  type ProductOrderDetail,
  type ProductOrderRecord,
  type ProductOrderStep,
  type ProductOrderSwitch,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError, notFound, worded } from '../../app/errors.js';
import { chosenAgent } from '../../app/owned-records.js';
import { recordAudit } from '../audit-log/index.js';
import { assertCustomerOf, assertCustomerUsable } from '../customer/index.js';
import { productForOrder, type OrderTerms } from '../product-package/index.js';
import { bindVehicleToCustomer, lockVehicleForOrder, unbindVehicleFromCustomer } from '../vehicle/index.js';
import { releaseBatteryHolder, setBatteryHolder } from '../battery/index.js';
import { productOrderList, productOrderScope, type OrderRow } from './product-order.query.js';
import { productOrderPayments, productOrders, productOrderSwitches } from './product-order.table.js';

export const DAY_MS = 24 * 3600_000;

/** The order's number: PO, the day it was placed (UTC) and its id. */
export function orderNoOf(id: number, at: Date): string {
  return `PO${at.toISOString().slice(0, 10).replaceAll('-', '')}${String(id).padStart(6, '0')}`;
}

/** Locks one of the caller's orders; another tenant's id answers "does not exist". */
async function lockOrder(tx: Db, ctx: Pick<Ctx, 'principal'>, id: number): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(productOrders)
    .where(and(eq(productOrders.id, id), productOrderScope(ctx)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** Refuses a step the state machine does not allow from the order's status (docs/orders.md, "States"). */
function refuseStep(step: ProductOrderStep, row: OrderRow): void {
  if (!stepAllowed(step, row.status)) throw new AppError('orderStepRefused', { status: worded('productOrder.status', row.status) });
}

const inTx = (ctx: Ctx, tx: Db): Ctx => ({ ...ctx, db: tx });

/** The terms an order holds from its product, as the plan-switch history keeps them. */
const termsOf = (row: OrderRow): PlanTerms => ({
  productId: row.productId,
  productName: row.productName,
  pricePerCycle: normalizeMoney(row.pricePerCycle),
  renewalPrice: normalizeMoney(row.renewalPrice),
  totalCycles: row.totalCycles,
  cycleDays: row.cycleDays,
});

const firstPaymentOf = (terms: OrderTerms) => addMoney(terms.deposit, terms.adminFee, terms.pricePerCycle);

/**
 * Places an order for a customer of the merchant (docs/orders.md, "Placing an order"): the customer
 * must exist, not be deleted or restricted (7000, 7001, 7005); the product must be the merchant's, on
 * sale and priced by the operation centre's rules. The order starts ENROLLED and NEW, owing its first
 * payment (deposit, admin fee and the first cycle).
 */
export async function placeProductOrder(ctx: Ctx, input: ProductOrderAdd): Promise<ProductOrderRecord> {
  const id = await ctx.db.transaction(async (tx) => {
    const merchantId = await chosenAgent(ctx, input.merchantId, tx);
    const customer = await assertCustomerOf(tx, merchantId, input.customerNumber, { unrestricted: true, field: 'customerNumber' });
    const now = new Date();
    const terms = await productForOrder(tx, merchantId, input.productId, now);
    const next = await tx.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('product_order', 'id'))::int as id`);
    const orderId = (next as { rows: { id: number }[] }).rows[0]!.id;
    const firstPayment = firstPaymentOf(terms);
    const [row] = await tx
      .insert(productOrders)
      .values({
        id: orderId,
        orderNo: orderNoOf(orderId, now),
        merchantId,
        customerId: customer.id,
        productId: terms.id,
        productName: terms.name,
        operationType: terms.operationType,
        vehicleTypeId: terms.vehicleTypeId,
        source: input.source,
        totalCycles: terms.cycles,
        cycleDays: terms.cycleDays,
        currency: terms.currency,
        pricePerCycle: terms.pricePerCycle,
        renewalPrice: terms.renewalPrice,
        firstPayment,
        outstandingBalance: firstPayment,
        startAt: now,
        expiresAt: new Date(now.getTime() + terms.cycles * terms.cycleDays * DAY_MS),
        comboSwaps: terms.comboSwaps,
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, ctx, {
      action: 'productOrder.add',
      objectType: 'productOrder',
      objectId: orderId,
      changes: {
        orderNo: row!.orderNo,
        customerNumber: input.customerNumber,
        productName: terms.name,
        source: input.source,
        outstandingBalance: firstPayment,
      },
    });
    return orderId;
  });
  return productOrderList.detail(ctx, id);
}

/**
 * Terminates a running order after the confirm prompt: in one transaction, with the order locked
 * first, the vehicle is unbound from the customer, the order lets go of its vehicle and battery and
 * its swap combo package is removed. Of two terminations at once one terminates, the other is refused.
 */
export async function terminateProductOrder(ctx: Ctx, id: number): Promise<ProductOrderRecord> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, ctx, id);
    refuseStep('terminate', row);
    const before = await productOrderList.detail(inTx(ctx, tx), id);
    if (row.vehicleId !== null) await unbindVehicleFromCustomer(tx, row.vehicleId, row.customerId);
    // The battery the order held is the customer's no more (docs/orders.md, "Terminate").
    if (row.batteryId !== null) await releaseBatteryHolder(tx, [row.batteryId], row.customerId);
    const now = new Date();
    await tx
      .update(productOrders)
      .set({
        status: 'TERMINATED',
        customerStatus: 'CANCELLED',
        terminatedAt: now,
        vehicleId: null,
        batteryId: null,
        comboSwaps: null,
        updatedAt: now,
      })
      .where(eq(productOrders.id, id));
    await recordAudit(tx, ctx, {
      action: 'productOrder.terminate',
      objectType: 'productOrder',
      objectId: id,
      changes: {
        orderNo: row.orderNo,
        status: { from: row.status, to: 'TERMINATED' },
        vehicleNumber: { from: before.vehicleNumber, to: null },
        batteryNumber: { from: before.batteryNumber, to: null },
        comboSwaps: { from: row.comboSwaps, to: null },
      },
    });
  });
  return productOrderList.detail(ctx, id);
}

/**
 * Switches a running order to another product of its merchant (on sale, priced): the order takes the
 * new product's prices, cycles and combo package, and the history keeps the old and new terms. A
 * bound vehicle must be of the new product's vehicle type.
 */
export async function switchProductOrderPlan(ctx: Ctx, input: ProductOrderSwitch): Promise<ProductOrderRecord> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, ctx, input.id);
    refuseStep('switchPlan', row);
    await assertCustomerUsable(tx, row.customerId);
    if (input.productId === row.productId) throw new AppError('orderSameProduct', undefined, { field: 'productId' });
    const terms = await productForOrder(tx, row.merchantId, input.productId);
    if (row.vehicleId !== null && terms.vehicleTypeId !== row.vehicleTypeId) {
      const before = await productOrderList.detail(inTx(ctx, tx), row.id);
      throw new AppError('orderVehicleWrongType', { number: before.vehicleNumber ?? '' }, { field: 'productId' });
    }
    const totalCycles = Math.max(terms.cycles, row.currentCycle);
    const next: PlanTerms = {
      productId: terms.id,
      productName: terms.name,
      pricePerCycle: terms.pricePerCycle,
      renewalPrice: terms.renewalPrice,
      totalCycles,
      cycleDays: terms.cycleDays,
    };
    const old = termsOf(row);
    await tx
      .update(productOrders)
      .set({
        productId: terms.id,
        productName: terms.name,
        operationType: terms.operationType,
        vehicleTypeId: terms.vehicleTypeId,
        pricePerCycle: terms.pricePerCycle,
        renewalPrice: terms.renewalPrice,
        totalCycles,
        cycleDays: terms.cycleDays,
        expiresAt: new Date(row.startAt.getTime() + totalCycles * terms.cycleDays * DAY_MS),
        comboSwaps: terms.comboSwaps,
        updatedAt: new Date(),
      })
      .where(eq(productOrders.id, row.id));
    await tx.insert(productOrderSwitches).values({
      orderId: row.id,
      oldTerms: old,
      newTerms: next,
      operatorId: ctx.principal.id,
      operatorName: ctx.principal.name || ctx.principal.username,
    });
    await recordAudit(tx, ctx, {
      action: 'productOrder.switchPlan',
      objectType: 'productOrder',
      objectId: row.id,
      changes: {
        orderNo: row.orderNo,
        productName: { from: old.productName, to: next.productName },
        pricePerCycle: { from: old.pricePerCycle, to: next.pricePerCycle },
        totalCycles: { from: old.totalCycles, to: next.totalCycles },
      },
    });
  });
  return productOrderList.detail(ctx, input.id);
}

/** Whether a product's operation sells the vehicle (the rest rent it). */
const sells = (operationType: string) => operationType === 'NEW' || operationType === 'SALE';

/**
 * Binds a vehicle to a running order without one: the vehicle must be one the caller sees (3003),
 * not scrapped (3010), the order's merchant's (7054), of the product's vehicle type (7056), offered
 * for the order's kind by its sale mode (7058) and bound to no other customer or running order (7055).
 * The vehicle's bound user becomes the customer and the order holds the battery riding in it; the
 * vehicle row is locked first, so two orders cannot both take it.
 */
export async function bindProductOrderVehicle(ctx: Ctx, input: ProductOrderBind): Promise<ProductOrderRecord> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, ctx, input.id);
    refuseStep('bindVehicle', row);
    await assertCustomerUsable(tx, row.customerId);
    if (row.vehicleId !== null) {
      const before = await productOrderList.detail(inTx(ctx, tx), row.id);
      throw new AppError('orderVehicleAlreadyBound', { number: before.vehicleNumber ?? '' }, { field: 'vehicleNumber' });
    }
    const vehicle = await lockVehicleForOrder(tx, ctx, input.vehicleNumber);
    const named = { number: vehicle.number };
    const field = { field: 'vehicleNumber' };
    if (vehicle.merchantId !== row.merchantId) throw new AppError('orderVehicleOtherMerchant', named, field);
    if (vehicle.typeId !== row.vehicleTypeId) throw new AppError('orderVehicleWrongType', named, field);
    const offered = sells(row.operationType)
      ? vehicle.saleMode === 'SALE_ONLY' || vehicle.saleMode === 'RENT_OR_SALE'
      : vehicle.saleMode === 'RENT_ONLY' || vehicle.saleMode === 'RENT_OR_SALE';
    if (!offered) throw new AppError('orderVehicleNotOffered', named, field);
    if (vehicle.boundUserId !== null && vehicle.boundUserId !== row.customerId)
      throw new AppError('orderVehicleBoundElsewhere', named, field);
    const [other] = await tx
      .select({ id: productOrders.id })
      .from(productOrders)
      .where(and(eq(productOrders.vehicleId, vehicle.id), eq(productOrders.status, 'ENROLLED'), ne(productOrders.id, row.id)))
      .limit(1);
    if (other) throw new AppError('orderVehicleBoundElsewhere', named, field);
    await bindVehicleToCustomer(tx, vehicle.id, row.customerId);
    // The battery riding in the vehicle is the customer's to hold from now (docs/orders.md, "Bind vehicle").
    if (vehicle.battery1Id !== null) await setBatteryHolder(tx, vehicle.battery1Id, row.customerId);
    await tx
      .update(productOrders)
      .set({ vehicleId: vehicle.id, batteryId: vehicle.battery1Id, updatedAt: new Date() })
      .where(eq(productOrders.id, row.id));
    const after = await productOrderList.detail(inTx(ctx, tx), row.id);
    await recordAudit(tx, ctx, {
      action: 'productOrder.bindVehicle',
      objectType: 'productOrder',
      objectId: row.id,
      changes: { orderNo: row.orderNo, vehicleNumber: after.vehicleNumber, batteryNumber: after.batteryNumber },
    });
  });
  return productOrderList.detail(ctx, input.id);
}

/**
 * Retries an order the first payment did not come for (CANCELLED): it runs again from now, ENROLLED
 * and NEW, owing its first payment at the product's prices of today; the customer must be usable and
 * the product still on sale and priced.
 */
export async function retryProductOrder(ctx: Ctx, id: number): Promise<ProductOrderRecord> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, ctx, id);
    refuseStep('retry', row);
    await assertCustomerUsable(tx, row.customerId);
    const now = new Date();
    const terms = await productForOrder(tx, row.merchantId, row.productId, now);
    const firstPayment = firstPaymentOf(terms);
    await tx
      .update(productOrders)
      .set({
        status: 'ENROLLED',
        customerStatus: 'NEW',
        currentCycle: 0,
        overdueDays: 0,
        overdueCycles: 0,
        pricePerCycle: terms.pricePerCycle,
        renewalPrice: terms.renewalPrice,
        totalCycles: terms.cycles,
        cycleDays: terms.cycleDays,
        firstPayment,
        outstandingBalance: firstPayment,
        startAt: now,
        paidUntil: null,
        expiresAt: new Date(now.getTime() + terms.cycles * terms.cycleDays * DAY_MS),
        comboSwaps: terms.comboSwaps,
        updatedAt: now,
      })
      .where(eq(productOrders.id, id));
    await recordAudit(tx, ctx, {
      action: 'productOrder.retry',
      objectType: 'productOrder',
      objectId: id,
      changes: { orderNo: row.orderNo, status: { from: row.status, to: 'ENROLLED' }, outstandingBalance: firstPayment },
    });
  });
  return productOrderList.detail(ctx, id);
}

/** One order with its plan-switch history, newest first. */
export async function productOrderDetailOf(ctx: Ctx, id: number): Promise<ProductOrderDetail> {
  const order = await productOrderList.detail(ctx, id);
  const switches = await ctx.db
    .select()
    .from(productOrderSwitches)
    .where(eq(productOrderSwitches.orderId, id))
    .orderBy(desc(productOrderSwitches.switchedAt), desc(productOrderSwitches.id));
  return {
    ...order,
    switches: switches.map((s) => ({
      id: s.id,
      switchedAt: s.switchedAt.toISOString(),
      operatorName: s.operatorName,
      old: s.oldTerms,
      new: s.newTerms,
    })),
  };
}

/** A payment a gateway reported for an order (docs/orders.md, "Payments"). */
export interface OrderPayment {
  orderId: number;
  paymentGateway: string;
  transactionId: string;
  /** Exact decimal text in the order's currency, more than 0. */
  amount: string;
  at?: Date;
}

/**
 * Marks a payment on an order, inside the caller's transaction (the payment callback's): the same
 * gateway transaction twice changes nothing (`applied` false the second time). The order must be
 * running (7050). The first payment, once the order owes nothing more of it, makes the customer
 * REGISTERED with the first cycle paid; afterwards each renewal price paid pays one more cycle (up to
 * the order's total). The outstanding balance drops by the amount, never below 0.
 */
export async function markProductOrderPaid(db: Db, payment: OrderPayment): Promise<{ applied: boolean }> {
  if (!/^\d{1,11}(\.\d{1,2})?$/.test(payment.amount) || moneyToMinor(payment.amount) <= 0) throw new AppError('orderPaymentInvalid');
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, { principal: { merchantId: null } as Ctx['principal'] }, payment.orderId);
    const [recorded] = await tx
      .insert(productOrderPayments)
      .values({
        orderId: row.id,
        paymentGateway: payment.paymentGateway,
        transactionId: payment.transactionId,
        amount: payment.amount,
        ...(payment.at ? { paidAt: payment.at } : {}),
      })
      .onConflictDoNothing()
      .returning({ id: productOrderPayments.id });
    if (!recorded) return { applied: false };
    refuseStep('pay', row);
    const at = payment.at ?? new Date();
    const paid = moneyToMinor(payment.amount);
    const owed = Math.max(0, moneyToMinor(row.outstandingBalance) - paid);
    let { currentCycle, paidUntil, customerStatus } = row;
    if (customerStatus === 'NEW') {
      if (owed === 0) {
        customerStatus = 'REGISTERED';
        currentCycle = 1;
        paidUntil = new Date(at.getTime() + row.cycleDays * DAY_MS);
      }
    } else {
      const renewal = moneyToMinor(row.renewalPrice);
      const cycles = Math.min(row.totalCycles - currentCycle, renewal > 0 ? Math.floor(paid / renewal) : 0);
      if (cycles > 0) {
        currentCycle += cycles;
        paidUntil = new Date((paidUntil ?? at).getTime() + cycles * row.cycleDays * DAY_MS);
      }
    }
    await tx
      .update(productOrders)
      .set({
        customerStatus,
        currentCycle,
        paidUntil,
        outstandingBalance: minorToMoney(owed),
        paymentGateway: payment.paymentGateway,
        transactionId: payment.transactionId,
        updatedAt: new Date(),
      })
      .where(eq(productOrders.id, row.id));
    return { applied: true };
  });
}
