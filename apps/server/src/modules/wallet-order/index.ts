import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  addMoney,
  moneyToMinor,
  walletOrderApi,
  walletTransactionId,
  WALLET_GATEWAY,
  WALLET_ORDER_KINDS,
  type WalletOrderRecord,
  type WalletOrderStatus,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { PaymentConfig } from '../../app/config.js';
import { DEMO_ORDER_GATEWAYS, DEMO_ORDER_STATES, type DemoContext } from '../../db/demo.js';
import { fieldColumns, type CsvColumn } from '../../app/csv.js';
import { chosenAgent } from '../../app/owned-records.js';
import { serve } from '../../app/route.js';
import { merchantCurrency } from '../currency/index.js';
import { customersOf } from '../customer/index.js';
import { DEMO_GATEWAY, DEMO_REFUNDERS, recordDemoGatewayRefunds } from '../payment/index.js';
import { enabledPackagePrices, enabledTopUpOffers } from '../price-setting/index.js';
import { firstTopUpDue, moveWallet, payFromWallet, refundToWallet, topUpOffersOf } from '../top-up/index.js';
import { walletOrders } from './wallet-order.table.js';
import {
  cancelWalletOrder,
  completeRechargeOrder,
  payPackageFromWallet,
  placePackageOrder,
  placeRechargeOrder,
  refundWalletOrder,
  staffMarkPaid,
  walletOrderLists,
  WALLET_ORDER_PREFIX,
} from './wallet-order.service.js';

export { markWalletOrderPaid, runWalletOrderJob, startWalletOrderPayment, WALLET_ORDER_PREFIX } from './wallet-order.service.js';
export { packageOrderPayable, rechargeOrderPayable } from './wallet-order.payable.js';

/**
 * Takes one swap from the customer's running package (a paid package order still valid with swaps
 * left, the one ending first), in the caller's transaction: true when a package covered the swap,
 * which is then not charged (docs/orders.md, "Transfer and energy orders"). A package used up is
 * completed by the order job.
 */
export async function takePackageSwap(tx: Db, customerId: number, at: Date): Promise<boolean> {
  const held = tx
    .select({ id: walletOrders.id })
    .from(walletOrders)
    .where(
      and(
        eq(walletOrders.customerId, customerId),
        eq(walletOrders.kind, 'package'),
        eq(walletOrders.status, 'PAID'),
        gt(walletOrders.swapsLeft, 0),
        gt(walletOrders.validUntil, at),
      ),
    )
    .orderBy(asc(walletOrders.validUntil), asc(walletOrders.id))
    .limit(1)
    .for('update');
  const taken = await tx
    .update(walletOrders)
    .set({ swapsLeft: sql`${walletOrders.swapsLeft} - 1`, updatedAt: new Date() })
    .where(and(inArray(walletOrders.id, held), gt(walletOrders.swapsLeft, 0)))
    .returning({ id: walletOrders.id });
  return taken.length > 0;
}

const CSV_COLUMNS: CsvColumn<WalletOrderRecord>[] = fieldColumns(
  [
    'orderNo',
    'merchantName',
    'customerNumber',
    'customerName',
    'packageName',
    'status',
    'source',
    'currency',
    'paidAmount',
    'giftAmount',
    'marketingType',
    'swaps',
    'swapsLeft',
    'validUntil',
    'paymentGateway',
    'transactionId',
    'paidAt',
    'completedAt',
    'cancelledAt',
    'refundedAt',
    'createdAt',
  ],
  { status: 'deviceOrder.status' },
);

/** Order centre → Recharge orders and Package orders (/order/<kind>/list, /order/<kind>/detail/:id). */
export function registerWalletOrderRoutes(app: FastifyInstance, options: { payments: PaymentConfig }): void {
  for (const kind of WALLET_ORDER_KINDS) {
    const api = walletOrderApi[kind];
    const list = walletOrderLists[kind];
    serve(app, api.search, ({ input, ctx }) => list.search(ctx, input));
    serve(app, api.detail, ({ input, ctx }) => list.detail(ctx, input.id));
    serve(app, api.markPaid, ({ input, ctx }) => staffMarkPaid(ctx, kind, input));
    serve(app, api.cancel, ({ input, ctx }) => cancelWalletOrder(ctx, kind, input.id));
    serve(app, api.refund, ({ input, ctx, req }) => refundWalletOrder(ctx, kind, input.id, options.payments, req.log));
    serve(app, api.export, ({ input, ctx, reply }) =>
      list.sendExport(reply, ctx, input, { filename: `${kind}-orders.csv`, columns: CSV_COLUMNS }),
    );
  }
  serve(app, walletOrderApi.recharge.add, ({ input, ctx }) => placeRechargeOrder(ctx, input));
  serve(app, walletOrderApi.recharge.offers, async ({ input, ctx }) =>
    topUpOffersOf(ctx.db, await chosenAgent(ctx, input.merchantId, ctx.db)),
  );
  serve(app, walletOrderApi.recharge.complete, ({ input, ctx }) => completeRechargeOrder(ctx, input.id));
  serve(app, walletOrderApi.package.add, ({ input, ctx }) => placePackageOrder(ctx, input));
  serve(app, walletOrderApi.package.payFromWallet, ({ input, ctx }) => payPackageFromWallet(ctx, input.id));
  serve(app, walletOrderApi.package.offers, async ({ input, ctx }) => {
    const merchantId = await chosenAgent(ctx, input.merchantId, ctx.db);
    const currency = await merchantCurrency(ctx.db, merchantId);
    return (await enabledPackagePrices(ctx.db, merchantId)).filter((offer) => offer.currency === currency);
  });
}

const SOURCES = ['MINI_PROGRAM', 'IOS', 'ANDROID'] as const;
const DAY = 24 * 3600_000;
const HOUR = 3600_000;

/**
 * Demo recharge and package orders of the two demo merchants over the last three months, once, in
 * every state: recharge orders of the merchant's enabled top-up offers (a first top-up for a customer
 * who had none), their paid ones credited to the wallets as their movements; package orders of its
 * enabled package prices, some paid from the wallet, running ones still valid, used-up or expired ones
 * completed; refunded ones of both kinds, a recharge's top-up taken back out of the wallet and a
 * package paid from the wallet given back to it, as their movements (docs/orders.md, "Refunds").
 */
export async function seedDemoWalletOrders(db: Db, demo: DemoContext): Promise<void> {
  const [any] = await db.select({ id: walletOrders.id }).from(walletOrders).limit(1);
  if (any) return;
  const now = Date.now();
  let serial = 0;
  const orderNo = (kind: 'recharge' | 'package', at: Date) =>
    `${WALLET_ORDER_PREFIX[kind]}${at.toISOString().slice(0, 10).replaceAll('-', '')}${String(900000 + ++serial)}`;
  for (const [merchant, gateways] of Object.entries(DEMO_ORDER_GATEWAYS)) {
    const merchantId = demo.merchantIds[merchant];
    if (merchantId === undefined) continue;
    const currency = await merchantCurrency(db, merchantId);
    const customers = (await customersOf(db, merchantId)).filter((c) => c.deletion === 'NORMAL' && c.restriction === 'UNRESTRICTED');
    const offers = (await enabledTopUpOffers(db, merchantId)).filter((o) => o.currency === currency);
    const packages = (await enabledPackagePrices(db, merchantId)).filter((p) => p.currency === currency);
    if (customers.length === 0) continue;
    const repeat = offers.filter((o) => o.marketingType !== 'FIRST_TOP_UP');
    const first = offers.find((o) => o.marketingType === 'FIRST_TOP_UP');
    const paidAt = (created: Date) => new Date(created.getTime() + HOUR);
    const createdAt = (status: WalletOrderStatus, i: number) =>
      new Date(
        status === 'REGISTERED' || status === 'IN_PROGRESS'
          ? now - (i % 6) * HOUR - 60_000
          : status === 'REFUNDED'
            ? now - (2 + (i % 2)) * DAY
            : now - (88 - i * 6) * DAY,
      );
    // A refunded one paid through a gateway went through the demo's, which refunded it (its payments list the refund).
    const payment = (kind: 'R' | 'P', status: WalletOrderStatus, i: number, created: Date) =>
      status === 'PAID' || status === 'COMPLETED' || status === 'REFUNDED'
        ? {
            paymentGateway: status === 'REFUNDED' ? DEMO_GATEWAY : gateways[i % 2]!,
            transactionId: `TX${merchantId}${kind}${created.getTime()}${i}`,
            paidAt: paidAt(created),
          }
        : {};

    const ended = (status: WalletOrderStatus, created: Date) =>
      status === 'CANCELLED' || status === 'TIMEOUT_CANCELLED'
        ? { cancelledAt: new Date(created.getTime() + DAY) }
        : status === 'REFUNDED'
          ? { refundedAt: new Date(created.getTime() + 3 * HOUR) }
          : {};
    // Recharge orders: 14 of the repeatable offers in every state, then a first top-up of a customer who had none.
    const plan = DEMO_ORDER_STATES.flatMap((status) => [status, status]).map((status, i) => ({
      status,
      offer: repeat[i % Math.max(1, repeat.length)],
      customer: customers[(i * 3) % customers.length]!,
      i,
    }));
    const newcomer = [...customers].reverse().find((c) => c.customerNumber !== customers[0]!.customerNumber);
    if (first && newcomer && (await firstTopUpDue(db, merchantId, newcomer.customerNumber)))
      plan.push({ status: 'COMPLETED', offer: first, customer: newcomer, i: 40 });
    for (const { status, offer, customer, i } of plan) {
      if (!offer) break;
      // The open ones are of the last hours (older ones are timed out); the others spread over three months.
      const created = status === 'COMPLETED' && i === 40 ? new Date(now - 2 * DAY) : createdAt(status, i);
      const paid = payment('R', status, i, created);
      const no = orderNo('recharge', created);
      await db.insert(walletOrders).values({
        orderNo: no,
        kind: 'recharge',
        merchantId,
        customerId: customer.id,
        currency,
        paidAmount: offer.paidAmount,
        giftAmount: offer.giftAmount,
        marketingType: offer.marketingType,
        offerId: offer.id,
        source: SOURCES[i % 3]!,
        status,
        ...paid,
        ...(status === 'COMPLETED' ? { completedAt: new Date(created.getTime() + 2 * HOUR) } : {}),
        ...ended(status, created),
        createdAt: created,
        updatedAt: created,
      });
      if ('paidAt' in paid) {
        const common = { merchantId, customerId: customer.customerNumber, currency, reference: no, at: paid.paidAt };
        await moveWallet(db, { ...common, kind: 'TOP_UP', amount: offer.paidAmount });
        if (moneyToMinor(offer.giftAmount) > 0) await moveWallet(db, { ...common, kind: 'GIFT', amount: offer.giftAmount });
        // Refunded through the gateway: the top-up and its gift left the wallet again.
        if (status === 'REFUNDED')
          await moveWallet(db, {
            ...common,
            kind: 'REFUND',
            amount: `-${addMoney(offer.paidAmount, offer.giftAmount)}`,
            at: new Date(created.getTime() + 3 * HOUR),
          });
      }
    }
    // Package orders: 14 in every state; a paid one valid for its days from payment, a completed one used up or expired.
    for (const [i, status] of DEMO_ORDER_STATES.flatMap((s) => [s, s]).entries()) {
      const pack = packages[i % Math.max(1, packages.length)];
      if (!pack) break;
      const customer = customers[(i * 5 + 1) % customers.length]!;
      const running = status === 'PAID';
      const created = running ? new Date(now - (2 + i) * DAY) : createdAt(status, i);
      const no = orderNo('package', created);
      let paid: { paymentGateway?: string; transactionId?: string; paidAt?: Date } = payment('P', status, i, created);
      if (paid.paidAt && i % 3 === 0) {
        // Some are paid from the wallet, when it holds the price.
        const moved = await payFromWallet(db, {
          merchantId,
          customerId: customer.customerNumber,
          amount: pack.price,
          currency,
          reference: no,
          at: paid.paidAt,
        }).catch(() => null);
        if (moved) paid = { paymentGateway: WALLET_GATEWAY, transactionId: walletTransactionId(moved.id), paidAt: paid.paidAt };
      }
      const validUntil = paid.paidAt ? new Date(paid.paidAt.getTime() + pack.validityDays * DAY) : null;
      const usedUp = status === 'COMPLETED' && i % 2 === 0;
      await db.insert(walletOrders).values({
        orderNo: no,
        kind: 'package',
        merchantId,
        customerId: customer.id,
        currency,
        paidAmount: pack.price,
        packagePriceId: pack.id,
        packageName: pack.name,
        swaps: pack.swaps,
        validityDays: pack.validityDays,
        swapsLeft: paid.paidAt
          ? usedUp || status === 'REFUNDED'
            ? 0
            : running
              ? pack.swaps - Math.min(pack.swaps, i)
              : Math.floor(pack.swaps / 3)
          : null,
        validUntil,
        source: SOURCES[(i + 1) % 3]!,
        status,
        ...paid,
        ...(status === 'COMPLETED'
          ? { completedAt: usedUp ? new Date(created.getTime() + 10 * DAY) : (validUntil ?? new Date(created.getTime() + 30 * DAY)) }
          : {}),
        ...ended(status, created),
        createdAt: created,
        updatedAt: created,
      });
      // A refunded package paid from the wallet went back to it.
      if (status === 'REFUNDED' && paid.paymentGateway === WALLET_GATEWAY)
        await refundToWallet(db, {
          merchantId,
          customerId: customer.customerNumber,
          amount: pack.price,
          currency,
          reference: no,
          at: new Date(created.getTime() + 3 * HOUR),
        });
    }
    // The demo's gateway took the refunds of the refunded ones it was paid.
    const refunded = await db
      .select()
      .from(walletOrders)
      .where(
        and(eq(walletOrders.merchantId, merchantId), eq(walletOrders.status, 'REFUNDED'), eq(walletOrders.paymentGateway, DEMO_GATEWAY)),
      );
    await recordDemoGatewayRefunds(db, refunded, (row) => row.paidAmount, DEMO_REFUNDERS[merchant] ?? '');
  }
}
