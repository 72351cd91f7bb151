import { and, eq, lte, sql, type Column, type SQL } from 'drizzle-orm';
import {
  minorToMoney,
  moneyToMinor,
  normalizeMoney,
  swapOrderApi,
  SWAP_ORDER_PAYMENT_HOURS,
  SWAP_ORDER_SETTLE_HOURS,
  SWAP_ORDER_STEPS,
  WALLET_GATEWAY,
  walletTransactionId,
  type SwapOrderKind,
  type SwapOrderLink,
  type SwapOrderRecord,
} from '@swap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { PaymentConfig } from '../../app/config.js';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { defineList } from '../../app/list.js';
import { orderKind, orderRecordOf, type ListedOrder } from '../../app/order-kind.js';
import { qualified } from '../../app/sql.js';
import { areaNameOf } from '../area/index.js';
import { recordAudit } from '../audit-log/index.js';
import { atCabinetNumberPrefix, cabinetJoin, cabinetStationId } from '../cabinet/index.js';
import { assertCustomerOf, customerNumberOf } from '../customer/index.js';
import { countFigures } from '../dashboard/index.js';
import { enabledConsumerPrices } from '../price-setting/index.js';
import { takeComboSwap } from '../product-order/index.js';
import { boundCustomerOfVehicle } from '../vehicle/index.js';
import { stationCityId } from '../station/index.js';
import { payFromWallet } from '../top-up/index.js';
import { takePackageSwap } from '../wallet-order/index.js';
import { swapOrders } from './swap-order.table.js';

type Row = typeof swapOrders.$inferSelect;

/** The order-kind kit over transfer and energy orders (docs/orders.md, "One kit for the order kinds"). */
export const swapOrderKind = orderKind({
  table: swapOrders,
  kinds: { transfer: { prefix: 'TO', audit: 'transferOrder' }, kwh: { prefix: 'KO', audit: 'kwhOrder' } },
  steps: SWAP_ORDER_STEPS,
  amountDue: (row) => row.amount,
});
const scopeOf = swapOrderKind.scope;

const iso = (date: Date | null) => date?.toISOString() ?? null;
const kwhText = (value: string | null) => (value === null ? null : Number(value).toFixed(3));

function present(listed: ListedOrder<Row> & { cityName: string | null; cabinetNumber: string }): SwapOrderRecord {
  const { order: o, cityName, cabinetNumber } = listed;
  return {
    ...orderRecordOf(listed),
    swapId: o.swapRecordId,
    swapAt: o.swapAt.toISOString(),
    cabinetId: o.cabinetId,
    cabinetNumber,
    cityId: o.cityId,
    cityName,
    unitPrice: normalizeMoney(o.unitPrice),
    meterStartKwh: kwhText(o.meterStartKwh),
    meterEndKwh: kwhText(o.meterEndKwh),
    energyKwh: kwhText(o.energyKwh),
    amount: normalizeMoney(o.amount),
    completedAt: iso(o.completedAt),
  };
}

const cabinet = cabinetJoin(swapOrders.cabinetId);

/** Order centre → Transfer orders or Energy orders, newest first (docs/orders.md). */
function listOf(kind: SwapOrderKind) {
  const { join, ...list } = swapOrderKind.list;
  return defineList({
    ...list,
    endpoint: swapOrderApi[kind].search,
    select: { ...list.select, cityName: areaNameOf(swapOrders.cityId), cabinetNumber: cabinet.number },
    joins: [join, cabinet.join],
    scope: scopeOf(kind),
    filters: {
      ...swapOrderKind.filters,
      cabinetNumber: (number, ctx) => atCabinetNumberPrefix(ctx.db, swapOrders.cabinetId, number),
      swapId: (swapId) => eq(swapOrders.swapRecordId, swapId),
    },
    present,
  });
}

export const swapOrderLists = { transfer: listOf('transfer'), kwh: listOf('kwh') };

/** A swap as the order path reads it: the record, its cabinet and what the cabinet reported. */
export interface ChargedSwap {
  recordId: number;
  cabinetId: number;
  merchantId: number | null;
  result: string;
  customer: string | null;
  meter: { startKwh: number; endKwh: number } | null;
  endedAt: string;
}

/** A meter reading kept to the watt-hour (three decimals), as a whole number of watt-hours. */
const wattHours = (kwh: number) => BigInt(Math.round(kwh * 1000));

/** The largest amount numeric(13, 2) holds, in minor units. */
const MAX_AMOUNT_MINOR = 99_999_999_999_99n;

/**
 * An energy order's energy and amount: the readings kept to three decimals, the energy their
 * difference, the amount the energy times the price per kWh rounded half up to two decimals, in
 * whole numbers (no float rounding). Null when the amount would pass the largest amount.
 */
export function priceEnergy(meter: { startKwh: number; endKwh: number }, unitPrice: string) {
  const start = wattHours(meter.startKwh);
  const end = wattHours(meter.endKwh);
  const energy = end - start;
  const minor = (energy * BigInt(moneyToMinor(unitPrice)) + 500n) / 1000n;
  if (energy < 0n || minor > MAX_AMOUNT_MINOR) return null;
  const kwh = (wh: bigint) => `${wh / 1000n}.${String(wh % 1000n).padStart(3, '0')}`;
  return { meterStartKwh: kwh(start), meterEndKwh: kwh(end), energyKwh: kwh(energy), amount: minorToMoney(Number(minor)) };
}

/**
 * The order of a swap, on the swap path, in the swap's transaction (docs/orders.md, "Transfer and
 * energy orders"): a succeeded swap at a merchant's cabinet, for a customer of that merchant (the
 * number the cabinet read), is charged unless the swap combo package of the customer's running
 * product order, or a running swap package the customer bought, covers it (one swap is taken from it). It is priced by the merchant's enabled
 * consumer price in the city of the cabinet's station: per kWh when there is one and the cabinet
 * sent the meter readings, else per swap; with neither the swap is not charged. The customer's
 * wallet pays it at once when it holds the amount; otherwise it waits for its payment. One order per
 * swap record (a unique index; a redelivered report records no second swap). Answers the order's id,
 * or null when the swap is not charged.
 */
export async function chargeSwap(tx: Db, swap: ChargedSwap): Promise<number | null> {
  if (swap.result !== 'SUCCEEDED' || swap.merchantId === null || !swap.customer) return null;
  const merchantId = swap.merchantId;
  const customer = await chargedCustomer(tx, merchantId, swap.customer);
  if (!customer) return null;
  const { id: customerId, number: customerNumber } = customer;
  const stationId = await cabinetStationId(tx, swap.cabinetId);
  const cityId = stationId === null ? null : await stationCityId(tx, stationId);
  if (cityId === null) return null;
  const prices = await enabledConsumerPrices(tx, merchantId, cityId);
  const perKwh = prices.find((p) => p.billingMode === 'PER_KWH');
  const perSwap = prices.find((p) => p.billingMode === 'PER_SWAP');
  const energy = perKwh && swap.meter ? priceEnergy(swap.meter, perKwh.unitPrice) : null;
  const kind: SwapOrderKind | null = energy ? 'kwh' : perSwap ? 'transfer' : null;
  const price = energy ? perKwh! : perSwap;
  if (kind === null || !price) return null;
  if ((await takeComboSwap(tx, customerId)) || (await takePackageSwap(tx, customerId, new Date(swap.endedAt)))) return null;
  const now = new Date();
  const { id: orderId, orderNo } = await swapOrderKind.nextOrder(tx, kind, now);
  const amount = energy ? energy.amount : price.unitPrice;
  const [inserted] = await tx
    .insert(swapOrders)
    .values({
      id: orderId,
      orderNo,
      kind,
      merchantId,
      customerId,
      swapRecordId: swap.recordId,
      swapAt: new Date(swap.endedAt),
      cabinetId: swap.cabinetId,
      cityId,
      currency: price.currency,
      unitPrice: price.unitPrice,
      ...(energy ? { meterStartKwh: energy.meterStartKwh, meterEndKwh: energy.meterEndKwh, energyKwh: energy.energyKwh } : {}),
      amount,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: swapOrders.swapRecordId })
    .returning({ id: swapOrders.id });
  if (!inserted) return null;
  if (energy)
    await countFigures(tx, [
      {
        merchantId,
        at: new Date(swap.endedAt),
        cabinet: { id: swap.cabinetId, stationId },
        energyKwh: Number(energy.energyKwh),
      },
    ]);
  if (moneyToMinor(amount) === 0) {
    await tx.update(swapOrders).set({ status: 'PAID', paidAt: now }).where(eq(swapOrders.id, orderId));
    return orderId;
  }
  await payFromOwnWallet(tx, { id: orderId, orderNo, merchantId, customerNumber, amount, currency: price.currency }).catch(
    (error: unknown) => {
      // A wallet that does not hold the amount leaves the order waiting for its payment.
      if (!(error instanceof AppError)) throw error;
    },
  );
  return orderId;
}

/**
 * Whom a swap charges: the merchant's customer with the number the cabinet read, else the customer
 * bound to the merchant's vehicle with that number (the cabinet read the vehicle). Null when neither
 * is a customer of the merchant (or the customer is deleted): nobody to charge.
 */
async function chargedCustomer(tx: Db, merchantId: number, read: string): Promise<{ id: number; number: string } | null> {
  const customerOf = async (number: string) => {
    try {
      return { id: (await assertCustomerOf(tx, merchantId, number)).id, number };
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  };
  const named = await customerOf(read);
  if (named) return named;
  const bound = await boundCustomerOfVehicle(tx, merchantId, read);
  return bound === null ? null : customerOf(await customerNumberOf(tx, bound));
}

/** Takes the order's amount from the customer's wallet and marks it paid; 7100 when the wallet does not hold it. */
async function payFromOwnWallet(
  tx: Db,
  order: { id: number; orderNo: string; merchantId: number; customerNumber: string; amount: string; currency: Row['currency'] },
  operator?: { id: number; name: string },
): Promise<void> {
  const movement = await payFromWallet(tx, {
    merchantId: order.merchantId,
    customerId: order.customerNumber,
    amount: order.amount,
    currency: order.currency,
    reference: order.orderNo,
    operatorId: operator?.id ?? null,
    operatorName: operator?.name ?? '',
  });
  const now = new Date();
  await tx
    .update(swapOrders)
    .set({ status: 'PAID', paymentGateway: WALLET_GATEWAY, transactionId: walletTransactionId(movement.id), paidAt: now, updatedAt: now })
    .where(eq(swapOrders.id, order.id));
}

/**
 * Staff collect an unpaid order from the customer's wallet (the order locked first): 7100 when the
 * wallet does not hold the amount, 7050 when the order is not unpaid; of two at once one pays.
 */
export async function payOrderFromWallet(ctx: Ctx, kind: SwapOrderKind, id: number): Promise<SwapOrderRecord> {
  await ctx.db.transaction(async (tx) => {
    const row = await swapOrderKind.lock(tx, kind, id, ctx);
    swapOrderKind.refuseStep('pay', row);
    await payFromOwnWallet(
      tx,
      {
        id,
        orderNo: row.orderNo,
        merchantId: row.merchantId,
        customerNumber: await customerNumberOf(tx, row.customerId),
        amount: normalizeMoney(row.amount),
        currency: row.currency,
      },
      { id: ctx.principal.id, name: ctx.principal.username },
    );
    await recordAudit(tx, ctx, {
      action: kind === 'transfer' ? 'transferOrder.pay' : 'kwhOrder.pay',
      objectType: kind === 'transfer' ? 'transferOrder' : 'kwhOrder',
      objectId: id,
      changes: { orderNo: row.orderNo, amount: normalizeMoney(row.amount), status: { from: row.status, to: 'PAID' } },
    });
  });
  return swapOrderLists[kind].detail(ctx, id);
}

/** Staff cancel an unpaid order (the charge is waived). */
export async function cancelSwapOrder(ctx: Ctx, kind: SwapOrderKind, id: number): Promise<SwapOrderRecord> {
  await swapOrderKind.cancel(ctx, kind, id);
  return swapOrderLists[kind].detail(ctx, id);
}

/**
 * Staff refund a paid order while it settles (docs/orders.md, "Refund"): the order-kind kit's refund,
 * to the wallet an order paid from it, through the gateway one paid through it.
 */
export async function refundSwapOrder(
  ctx: Ctx,
  kind: SwapOrderKind,
  id: number,
  payments: PaymentConfig,
  log: FastifyBaseLogger,
): Promise<SwapOrderRecord> {
  await swapOrderKind.refund(ctx, kind, id, payments, log, { amount: (row) => row.amount });
  return swapOrderLists[kind].detail(ctx, id);
}

/** The advisory lock key of the order job: one run at a time across every server. */
const JOB_LOCK = sql`hashtext('swap-order:job')`;

/**
 * The transfer and energy orders' job, one transaction at the time `now`: an order still unpaid
 * SWAP_ORDER_PAYMENT_HOURS after it was made is TIMEOUT_CANCELLED, a paid one SWAP_ORDER_SETTLE_HOURS
 * after its payment is COMPLETED. Each change names the statuses it leaves and runs wait for each
 * other on an advisory lock, so two runs at once give the result of one.
 */
export async function runSwapOrderJob(db: Db, now = new Date()): Promise<{ timedOut: number; completed: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${JOB_LOCK})`);
    const timedOut = await swapOrderKind.timeOut(tx, now, SWAP_ORDER_PAYMENT_HOURS);
    const completed = await tx
      .update(swapOrders)
      .set({ status: 'COMPLETED', completedAt: now, updatedAt: now })
      .where(and(eq(swapOrders.status, 'PAID'), lte(swapOrders.paidAt, new Date(now.getTime() - SWAP_ORDER_SETTLE_HOURS * 3600_000))))
      .returning({ id: swapOrders.id });
    return { timedOut, completed: completed.length };
  });
}

/** Runs the job every `intervalMs` (0 turns it off), never two runs of one server at once. */
export function startSwapOrderJob(db: Db, intervalMs: number, log: { error: (obj: unknown, msg: string) => void }): { stop: () => void } {
  if (intervalMs <= 0) return { stop: () => undefined };
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runSwapOrderJob(db).then(
      () => (running = false),
      (error: unknown) => {
        running = false;
        log.error({ err: error }, 'transfer and energy order job failed');
      },
    );
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * The order charging a swap record, beside the swap list's rows: a correlated subquery on the
 * unique index (the swap module is told it at start-up, docs/architecture.md).
 */
export function orderOfSwap(swapRecordId: Column): SQL<SwapOrderLink | null> {
  return sql<SwapOrderLink | null>`(select json_build_object('id', ${swapOrders.id}, 'kind', ${swapOrders.kind}, 'orderNo', ${swapOrders.orderNo})
    from ${swapOrders} where ${swapOrders.swapRecordId} = ${qualified(swapRecordId)})`;
}

/** Marks a transfer or energy order paid by a gateway in the caller's transaction (the payment callback's): its amount (7059), unpaid (7050). */
export const markSwapOrderPaid = swapOrderKind.markPaid;
/** The customer began paying (the gateway took the request): REGISTERED becomes IN_PROGRESS; once only. */
export const startSwapOrderPayment = swapOrderKind.startPayment;
