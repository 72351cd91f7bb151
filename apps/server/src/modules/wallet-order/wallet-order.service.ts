import { and, eq, lte, or } from 'drizzle-orm';
import {
  addMoney,
  compareMoney,
  moneyToMinor,
  normalizeMoney,
  walletOrderApi,
  WALLET_ORDER_PAYMENT_HOURS,
  WALLET_ORDER_STEPS,
  type PackageOrderAdd,
  type RechargeOrderAdd,
  type WalletOrderKind,
  type WalletOrderMarkPaid,
  type WalletOrderRecord,
  walletTransactionId,
  WALLET_GATEWAY,
} from '@swap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { PaymentConfig } from '../../app/config.js';
import type { Ctx } from '../../app/context.js';
import { AppError, isUniqueViolation, notFound } from '../../app/errors.js';
import { defineList } from '../../app/list.js';
import { orderKind, orderRecordOf, type ListedOrder } from '../../app/order-kind.js';
import { chosenAgent } from '../../app/owned-records.js';
import { recordAudit } from '../audit-log/index.js';
import { merchantCurrency } from '../currency/index.js';
import { assertCustomerOf, customerNumberOf } from '../customer/index.js';
import { enabledPackagePrices, enabledTopUpOffers } from '../price-setting/index.js';
import { assertTopUpAllowed, firstTopUpDue, moveWallet, payFromWallet } from '../top-up/index.js';
import { walletOrders } from './wallet-order.table.js';

type Row = typeof walletOrders.$inferSelect;
const AUDIT = { recharge: 'rechargeOrder', package: 'packageOrder' } as const;
/** The order number's prefix: the payment finds an order's kind by it (docs/orders.md). */
export const WALLET_ORDER_PREFIX = { recharge: 'RC', package: 'PK' } as const;
const DAY = 24 * 3600_000;

/** The order-kind kit over recharge and package orders (docs/orders.md, "One kit for the order kinds"). */
export const walletOrderKind = orderKind({
  table: walletOrders,
  kinds: {
    recharge: { prefix: WALLET_ORDER_PREFIX.recharge, audit: AUDIT.recharge },
    package: { prefix: WALLET_ORDER_PREFIX.package, audit: AUDIT.package },
  },
  steps: WALLET_ORDER_STEPS,
  amountDue: (row) => row.paidAmount,
});
const scopeOf = walletOrderKind.scope;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function present(listed: ListedOrder<Row>): WalletOrderRecord {
  const o = listed.order;
  return {
    ...orderRecordOf(listed),
    paidAmount: normalizeMoney(o.paidAmount),
    giftAmount: normalizeMoney(o.giftAmount),
    marketingType: o.marketingType,
    offerId: o.offerId,
    packagePriceId: o.packagePriceId,
    packageName: o.packageName,
    swaps: o.swaps,
    validityDays: o.validityDays,
    swapsLeft: o.swapsLeft,
    validUntil: iso(o.validUntil),
    source: o.source,
    completedAt: iso(o.completedAt),
  };
}

/** Order centre → Recharge orders or Package orders, newest first (docs/orders.md). */
function listOf(kind: WalletOrderKind) {
  const { join, ...list } = walletOrderKind.list;
  return defineList({
    ...list,
    endpoint: walletOrderApi[kind].search,
    joins: [join],
    scope: scopeOf(kind),
    filters: walletOrderKind.filters,
    present,
  });
}

export const walletOrderLists = { recharge: listOf('recharge'), package: listOf('package') };

/** A second first-top-up order of a customer, also under a race: the unique index refuses it (7105). */
async function firstTopUpOnce<T>(customerNumber: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('walletFirstTopUpTaken', { customer: customerNumber }, { field: 'customerNumber' });
    throw error;
  }
}

/**
 * Places a recharge order for a customer of the merchant (docs/orders.md, "Recharge and package
 * orders"): the customer usable (7000, 7001, 7005); either one of the merchant's enabled top-up offers
 * in its currency (4350) or a plain amount paid (7108 for both or neither); the wallet set's rules
 * (7103, 7104, 7105). A customer has one first-top-up order at most, also when two are placed at once.
 */
export async function placeRechargeOrder(ctx: Ctx, input: RechargeOrderAdd): Promise<WalletOrderRecord> {
  const withOffer = input.offerId !== undefined && input.offerId !== null;
  const withAmount = input.paidAmount !== undefined && input.paidAmount !== null;
  if (withOffer === withAmount)
    throw new AppError('rechargeOrderOfferOrAmount', undefined, { field: withOffer ? 'paidAmount' : 'offerId' });
  if (withAmount && moneyToMinor(input.paidAmount!) <= 0) throw new AppError('topUpEmpty', undefined, { field: 'paidAmount' });
  const id = await firstTopUpOnce(input.customerNumber, () =>
    ctx.db.transaction(async (tx) => {
      const merchantId = await chosenAgent(ctx, input.merchantId, tx);
      const currency = await merchantCurrency(tx, merchantId);
      const owner = await assertCustomerOf(tx, merchantId, input.customerNumber, { unrestricted: true, field: 'customerNumber' });
      let terms: { paidAmount: string; giftAmount: string; marketingType: Row['marketingType'] & string; offerId: number | null };
      if (withOffer) {
        const [offer] = await enabledTopUpOffers(tx, merchantId, input.offerId!);
        if (!offer || offer.currency !== currency) throw new AppError('topUpOfferUnavailable', undefined, { field: 'offerId' });
        terms = { paidAmount: offer.paidAmount, giftAmount: offer.giftAmount, marketingType: offer.marketingType, offerId: offer.id };
      } else {
        terms = { paidAmount: normalizeMoney(input.paidAmount!), giftAmount: '0.00', marketingType: 'NONE', offerId: null };
      }
      await assertTopUpAllowed(tx, {
        merchantId,
        customerNumber: input.customerNumber,
        paidAmount: terms.paidAmount,
        marketingType: terms.marketingType,
        currency,
      });
      const now = new Date();
      const { id: orderId, orderNo } = await walletOrderKind.nextOrder(tx, 'recharge', now);
      await tx.insert(walletOrders).values({
        id: orderId,
        orderNo,
        kind: 'recharge',
        merchantId,
        customerId: owner.id,
        currency,
        ...terms,
        source: input.source,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, ctx, {
        action: 'rechargeOrder.add',
        objectType: 'rechargeOrder',
        objectId: orderId,
        changes: { orderNo, customerNumber: input.customerNumber, ...terms },
      });
      return orderId;
    }),
  );
  return walletOrderLists.recharge.detail(ctx, id);
}

/**
 * Places a package order: the customer usable (7000, 7001, 7005) and the package one of the
 * merchant's enabled package prices in its currency (7107); the order keeps the package's name,
 * swaps, validity and price as they are now.
 */
export async function placePackageOrder(ctx: Ctx, input: PackageOrderAdd): Promise<WalletOrderRecord> {
  const id = await ctx.db.transaction(async (tx) => {
    const merchantId = await chosenAgent(ctx, input.merchantId, tx);
    const currency = await merchantCurrency(tx, merchantId);
    const owner = await assertCustomerOf(tx, merchantId, input.customerNumber, { unrestricted: true, field: 'customerNumber' });
    const [offer] = await enabledPackagePrices(tx, merchantId, input.packagePriceId);
    if (!offer || offer.currency !== currency) throw new AppError('packageOrderUnavailable', undefined, { field: 'packagePriceId' });
    const now = new Date();
    const { id: orderId, orderNo } = await walletOrderKind.nextOrder(tx, 'package', now);
    const terms = {
      paidAmount: offer.price,
      packagePriceId: offer.id,
      packageName: offer.name,
      swaps: offer.swaps,
      validityDays: offer.validityDays,
    };
    await tx.insert(walletOrders).values({
      id: orderId,
      orderNo,
      kind: 'package',
      merchantId,
      customerId: owner.id,
      currency,
      ...terms,
      source: input.source,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, ctx, {
      action: 'packageOrder.add',
      objectType: 'packageOrder',
      objectId: orderId,
      changes: { orderNo, customerNumber: input.customerNumber, ...terms },
    });
    return orderId;
  });
  return walletOrderLists.package.detail(ctx, id);
}

const lockOrder = (tx: Db, kind: WalletOrderKind, id: number, ctx?: Pick<Ctx, 'principal'>) => walletOrderKind.lock(tx, kind, id, ctx);
const refuseStep = walletOrderKind.refuseStep;

interface Payment {
  paymentGateway: string;
  transactionId: string;
  at?: Date | undefined;
  operator?: { operatorId: number; operatorName: string } | undefined;
}

/**
 * The pay step on a locked order, in the caller's transaction: a recharge order credits the wallet
 * with its paid amount (TOP_UP) and gift (GIFT) through moveWallet (a first-top-up gift only while
 * the wallet has had no top-up: otherwise the order records a gift of 0); a package order's swaps
 * become the customer's, valid for its days from now. The order is PAID with the payment's gateway
 * and transaction id (one transaction pays one order: 7110).
 */
async function applyPayment(tx: Db, row: Row, payment: Payment): Promise<Record<string, unknown>> {
  refuseStep('pay', row);
  const at = payment.at ?? new Date();
  const set: Partial<typeof walletOrders.$inferInsert> = {
    status: 'PAID',
    paymentGateway: payment.paymentGateway,
    transactionId: payment.transactionId,
    paidAt: at,
    updatedAt: new Date(),
  };
  if (row.kind === 'recharge') {
    const customerNumber = await customerNumberOf(tx, row.customerId);
    let gift = normalizeMoney(row.giftAmount);
    if (row.marketingType === 'FIRST_TOP_UP' && moneyToMinor(gift) > 0 && !(await firstTopUpDue(tx, row.merchantId, customerNumber))) {
      gift = '0.00';
      set.giftAmount = gift;
    }
    const common = {
      merchantId: row.merchantId,
      customerId: customerNumber,
      currency: row.currency,
      reference: row.orderNo,
      operatorId: payment.operator?.operatorId ?? null,
      operatorName: payment.operator?.operatorName ?? '',
      at,
    };
    await moveWallet(tx, { ...common, kind: 'TOP_UP', amount: normalizeMoney(row.paidAmount) });
    if (moneyToMinor(gift) > 0) await moveWallet(tx, { ...common, kind: 'GIFT', amount: gift });
  } else {
    set.swapsLeft = row.swaps;
    set.validUntil = new Date(at.getTime() + (row.validityDays ?? 0) * DAY);
  }
  try {
    await tx.update(walletOrders).set(set).where(eq(walletOrders.id, row.id));
  } catch (error) {
    // The whole transaction is given up: the wallet's movements above go with it.
    if (isUniqueViolation(error))
      throw new AppError('walletOrderTransactionUsed', { transaction: payment.transactionId }, { field: 'transactionId' });
    throw error;
  }
  return { status: { from: row.status, to: 'PAID' }, paymentGateway: payment.paymentGateway, transactionId: payment.transactionId };
}

function assertAmount(row: Row, amount: string): void {
  if (!/^\d{1,11}(\.\d{1,2})?$/.test(amount) || compareMoney(amount, row.paidAmount) !== 0)
    throw new AppError('walletOrderPaymentMismatch', { amount: `${normalizeMoney(row.paidAmount)} ${row.currency}` }, { field: 'amount' });
}

/**
 * Marks a recharge or package order paid inside the caller's transaction (the payment's call): the
 * amount must be the order's (7109), the order unpaid (7050). The same gateway transaction again
 * changes nothing (`applied` false), so a repeated payment report credits a wallet once.
 */
export async function markWalletOrderPaid(
  db: Db,
  payment: { orderId: number; paymentGateway: string; transactionId: string; amount: string; at?: Date },
): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ kind: walletOrders.kind }).from(walletOrders).where(eq(walletOrders.id, payment.orderId));
    if (!found) throw notFound();
    const row = await lockOrder(tx, found.kind, payment.orderId);
    if (row.paymentGateway === payment.paymentGateway && row.transactionId === payment.transactionId) return { applied: false };
    refuseStep('pay', row);
    assertAmount(row, payment.amount);
    await applyPayment(tx, row, payment);
    return { applied: true };
  });
}

/** The customer began paying (the payment's first answer): REGISTERED becomes IN_PROGRESS; once only. */
export const startWalletOrderPayment = walletOrderKind.startPayment;

const operatorOf = (ctx: Ctx) => ({ operatorId: ctx.principal.id, operatorName: ctx.principal.name || ctx.principal.username });

/**
 * Staff record a payment the gateway reported (audited), with the order locked first: of several
 * at once one pays, the others are refused (7050), so a wallet is credited once. The wallet is no
 * gateway (7237): an order marked paid by it would read as paid from the wallet and be refunded to
 * it (docs/orders.md, "Refunds"); a package is paid from the wallet with its own step. The gateway
 * is kept as the configuration names it, in capitals, so one transaction typed "xendit" and
 * "XENDIT" is one payment and pays one order (7110).
 */
export async function staffMarkPaid(ctx: Ctx, kind: WalletOrderKind, input: WalletOrderMarkPaid): Promise<WalletOrderRecord> {
  const paymentGateway = input.paymentGateway.toUpperCase();
  await ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, kind, input.id, ctx);
    if (paymentGateway === WALLET_GATEWAY)
      throw new AppError('walletOrderMarkPaidWallet', { gateway: input.paymentGateway }, { field: 'paymentGateway' });
    refuseStep('pay', row);
    assertAmount(row, input.amount);
    const changes = await applyPayment(tx, row, { ...input, paymentGateway, operator: operatorOf(ctx) });
    await recordAudit(tx, ctx, {
      action: `${AUDIT[kind]}.markPaid`,
      objectType: AUDIT[kind],
      objectId: row.id,
      changes: { orderNo: row.orderNo, amount: normalizeMoney(row.paidAmount), ...changes },
    });
  });
  return walletOrderLists[kind].detail(ctx, input.id);
}

/** Pays a package order from the customer's wallet at the merchant (7100 when it does not hold the price), in one transaction. */
export async function payPackageFromWallet(ctx: Ctx, id: number): Promise<WalletOrderRecord> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, 'package', id, ctx);
    refuseStep('pay', row);
    const operator = operatorOf(ctx);
    const moved = await payFromWallet(tx, {
      merchantId: row.merchantId,
      customerId: await customerNumberOf(tx, row.customerId),
      amount: normalizeMoney(row.paidAmount),
      currency: row.currency,
      reference: row.orderNo,
      ...operator,
    });
    const changes = await applyPayment(tx, row, { paymentGateway: WALLET_GATEWAY, transactionId: walletTransactionId(moved.id), operator });
    await recordAudit(tx, ctx, {
      action: 'packageOrder.pay',
      objectType: 'packageOrder',
      objectId: row.id,
      changes: { orderNo: row.orderNo, amount: normalizeMoney(row.paidAmount), ...changes },
    });
  });
  return walletOrderLists.package.detail(ctx, id);
}

/** Cancels an unpaid order (audited). */
export async function cancelWalletOrder(ctx: Ctx, kind: WalletOrderKind, id: number): Promise<WalletOrderRecord> {
  await walletOrderKind.cancel(ctx, kind, id);
  return walletOrderLists[kind].detail(ctx, id);
}

/** Staff complete a paid recharge order once its payment is settled (audited). */
export async function completeRechargeOrder(ctx: Ctx, id: number): Promise<WalletOrderRecord> {
  await walletOrderKind.staffStep(ctx, 'recharge', id, 'complete', (_tx, _row, now) => ({ set: { completedAt: now } }));
  return walletOrderLists.recharge.detail(ctx, id);
}

/**
 * What a recharge order put in the wallet: its top-up and the gift it was given (the order's gift, 0
 * when a first-top-up gift was no longer due at its payment).
 */
const creditedBy = (row: Row) => addMoney(row.paidAmount, row.giftAmount);

/**
 * Staff refund a paid recharge or package order before it is completed (docs/orders.md, "Refunds"),
 * the way it was paid (the order-kind kit's refund). What the order gave is taken back first, in the
 * refund's own transaction: a recharge order's top-up and gift leave the wallet (a REFUND movement
 * of minus both; 7234 when the wallet no longer holds them), a package's swaps are no longer the
 * customer's (only an unused package is refunded: 7235). When the gateway refuses the refund, they
 * are given back.
 */
export async function refundWalletOrder(
  ctx: Ctx,
  kind: WalletOrderKind,
  id: number,
  payments: PaymentConfig,
  log: FastifyBaseLogger,
): Promise<WalletOrderRecord> {
  const walletMove = async (tx: Db, row: Row, sign: 1 | -1, operator: { id: number; name: string }, at: Date) => {
    const amount = creditedBy(row);
    return moveWallet(tx, {
      merchantId: row.merchantId,
      customerId: await customerNumberOf(tx, row.customerId),
      kind: 'REFUND',
      amount: sign < 0 ? `-${amount}` : amount,
      currency: row.currency,
      reference: row.orderNo,
      operatorId: operator.id,
      operatorName: operator.name,
      at,
    });
  };
  await walletOrderKind.refund(ctx, kind, id, payments, log, {
    amount: (row) => row.paidAmount,
    takeBack: async (tx, row, now, operator) => {
      if (row.kind === 'package') {
        const used = (row.swaps ?? 0) - (row.swapsLeft ?? 0);
        if (used > 0) throw new AppError('orderRefundPackageUsed', { orderNo: row.orderNo, used, swaps: row.swaps ?? 0 });
        await tx.update(walletOrders).set({ swapsLeft: 0, updatedAt: now }).where(eq(walletOrders.id, row.id));
        return;
      }
      try {
        await walletMove(tx, row, -1, operator, now);
      } catch (error) {
        if (!(error instanceof AppError) || error.key !== 'walletInsufficient') throw error;
        throw new AppError('orderRefundWalletSpent', { ...error.params, orderNo: row.orderNo });
      }
    },
    giveBack: async (tx, row, now, operator) => {
      if (row.kind === 'package')
        await tx.update(walletOrders).set({ swapsLeft: row.swaps, updatedAt: now }).where(eq(walletOrders.id, row.id));
      else await walletMove(tx, row, 1, operator, now);
    },
  });
  return walletOrderLists[kind].detail(ctx, id);
}

/**
 * The overdue and expiry job's part (docs/orders.md), in its transaction at `now`: unpaid orders older
 * than WALLET_ORDER_PAYMENT_HOURS are TIMEOUT_CANCELLED; a paid package whose swaps are used up or
 * whose validity ended is COMPLETED. Each names the status it leaves, so a second run changes nothing.
 */
export async function runWalletOrderJob(tx: Db, now: Date): Promise<{ timedOut: number; completed: number }> {
  const timedOut = await walletOrderKind.timeOut(tx, now, WALLET_ORDER_PAYMENT_HOURS);
  const completed = await tx
    .update(walletOrders)
    .set({ status: 'COMPLETED', completedAt: now, updatedAt: now })
    .where(
      and(
        eq(walletOrders.kind, 'package'),
        eq(walletOrders.status, 'PAID'),
        or(lte(walletOrders.validUntil, now), lte(walletOrders.swapsLeft, 0)),
      ),
    )
    .returning({ id: walletOrders.id });
  return { timedOut, completed: completed.length };
}
