import type { FastifyInstance } from 'fastify';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import {
  addMoney,
  compareMoney,
  minorToMoney,
  moneyToMinor,
  normalizeMoney,
  topUpApi,
  walletApi,
  type TopUpAdd,
  type TopUpRecord,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { fieldColumns, type CsvColumn } from '../../app/csv.js';
import { defineList } from '../../app/list.js';
import { serve } from '../../app/route.js';
import type { DemoContext } from '../../db/demo.js';
import { recordAudit } from '../audit-log/index.js';
import { merchantCurrency } from '../currency/index.js';
import { assertCustomerOf } from '../customer/index.js';
import { merchantExists, merchantNameOf } from '../merchant/index.js';
import { enabledTopUpOffers } from '../price-setting/index.js';
import { topUps, wallets } from './top-up.table.js';
import { WALLET_CSV_COLUMNS, adjustWallet, moveWallet, walletBill } from './wallet.js';
import { assertTopUpAllowed, registerWalletSetRoutes, seedDemoWalletSettings, walletRulesOf } from './wallet-set.js';

export { moveWallet, payFromWallet, refundToWallet, walletHoldersOf, type WalletCharge, type WalletMove } from './wallet.js';
export { assertTopUpAllowed, firstTopUpDue, walletRulesOf } from './wallet-set.js';

interface Row {
  topUp: typeof topUps.$inferSelect;
  merchantName: string | null;
}

const scope = (ctx: Ctx) => (ctx.principal.merchantId === null ? undefined : eq(topUps.merchantId, ctx.principal.merchantId));

/** Top-up records, newest first; a merchant's staff see their merchant's only. */
export const topUpList = defineList({
  endpoint: topUpApi.search,
  table: topUps,
  id: topUps.id,
  select: { topUp: topUps, merchantName: merchantNameOf(topUps.merchantId) },
  scope,
  filters: {
    customerId: (customer) => eq(topUps.customerId, customer),
    marketingType: (type) => eq(topUps.marketingType, type),
    merchantId: (merchantId) => eq(topUps.merchantId, merchantId),
    createdFrom: (from) => gte(topUps.createdAt, new Date(from)),
    createdTo: (to) => lte(topUps.createdAt, new Date(to)),
  },
  defaultOrder: () => ({ column: topUps.createdAt, direction: 'desc' }),
  count: 'exact',
  present: ({ topUp: r, merchantName }: Row): TopUpRecord => ({
    id: r.id,
    merchantId: r.merchantId,
    merchantName,
    customerId: r.customerId,
    paidAmount: normalizeMoney(r.paidAmount),
    giftAmount: normalizeMoney(r.giftAmount),
    marketingType: r.marketingType,
    currency: r.currency,
    balanceAfter: normalizeMoney(r.balanceAfter),
    operatorName: r.operatorName,
    remark: r.remark,
    createdAt: r.createdAt.toISOString(),
  }),
});

/** The merchant a top-up is for: a merchant's staff their own; platform staff must name one. */
async function walletOwner(ctx: Ctx, merchantId: number | null | undefined): Promise<number> {
  if (ctx.principal.merchantId !== null) return ctx.principal.merchantId;
  if (merchantId === undefined || merchantId === null) throw new AppError('platformMustChooseAgent');
  if (!(await merchantExists(ctx.db, merchantId))) throw new AppError('agentMissing');
  return merchantId;
}

/**
 * A top-up made with an offer: the offer is one of the merchant's enabled ones (a disabled one, another
 * agent's or an unknown id: 4350), in the merchant's current currency, and the top-up carries its
 * amounts and marketing type (4351 otherwise), so what staff saw chosen is what is recorded.
 */
async function assertOffer(ctx: Ctx, merchantId: number, input: TopUpAdd): Promise<void> {
  const [offer] = await enabledTopUpOffers(ctx.db, merchantId, input.offerId!);
  if (!offer || offer.currency !== (await merchantCurrency(ctx.db, merchantId))) {
    throw new AppError('topUpOfferUnavailable', undefined, { field: 'offerId' });
  }
  const same =
    compareMoney(offer.paidAmount, input.paidAmount) === 0 &&
    compareMoney(offer.giftAmount, input.giftAmount) === 0 &&
    offer.marketingType === input.marketingType;
  if (!same) {
    throw new AppError(
      'topUpOfferMismatch',
      { paid: `${offer.paidAmount} ${offer.currency}`, gift: `${offer.giftAmount} ${offer.currency}` },
      { field: 'offerId' },
    );
  }
}

/** The merchant's enabled top-up offers, for the top-up form (platform staff name the merchant). */
async function offersFor(ctx: Ctx, merchantId: number | undefined) {
  return topUpOffersOf(ctx.db, await walletOwner(ctx, merchantId));
}

/**
 * A merchant's top-up offers staff may choose from (the top-up form, a recharge order): its enabled
 * ones in its current currency (one saved before the currency changed is not offered until saved
 * again), of the marketing types its wallet set has in use (docs/wallet.md).
 */
export async function topUpOffersOf(db: Db, merchantId: number) {
  const currency = await merchantCurrency(db, merchantId);
  const { marketingTypes } = await walletRulesOf(db, merchantId);
  return (await enabledTopUpOffers(db, merchantId)).filter(
    (offer) => offer.currency === currency && marketingTypes.includes(offer.marketingType),
  );
}

/**
 * Adds a top-up and the paid plus gifted amount to the customer's balance in one transaction: the
 * balance is added to by one statement (insert or add on the wallet's key), so parallel top-ups of
 * one customer each count once, and the record keeps the balance it left; the customer must be the
 * merchant's and not deleted (docs/operation-centre.md, "Top-ups").
 */
export async function addTopUp(ctx: Ctx, input: TopUpAdd): Promise<number> {
  const merchantId = await walletOwner(ctx, input.merchantId);
  if (input.offerId !== undefined && input.offerId !== null) await assertOffer(ctx, merchantId, input);
  const added = addMoney(input.paidAmount, input.giftAmount);
  if (moneyToMinor(added) <= 0) throw new AppError('topUpEmpty');
  const currency = await merchantCurrency(ctx.db, merchantId);
  return ctx.db.transaction(async (tx) => {
    await assertCustomerOf(tx, merchantId, input.customerId);
    await assertTopUpAllowed(tx, {
      merchantId,
      customerNumber: input.customerId,
      paidAmount: input.paidAmount,
      marketingType: input.marketingType,
      currency,
      customerField: 'customerId',
    });
    // The record's id first: its movements name it (docs/wallet.md).
    const next = await tx.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('top_up', 'id'))::int as id`);
    const id = (next as { rows: { id: number }[] }).rows[0]!.id;
    const operator = { operatorId: ctx.principal.id, operatorName: ctx.principal.name || ctx.principal.username };
    const common = {
      merchantId,
      customerId: input.customerId,
      currency,
      reference: `top-up:${id}`,
      ...operator,
      remark: input.remark ?? '',
    };
    let balanceAfter = '0.00';
    if (moneyToMinor(input.paidAmount) > 0)
      ({ balanceAfter } = await moveWallet(tx, { ...common, kind: 'TOP_UP', amount: input.paidAmount }));
    if (moneyToMinor(input.giftAmount) > 0)
      ({ balanceAfter } = await moveWallet(tx, { ...common, kind: 'GIFT', amount: input.giftAmount }));
    const [row] = await tx
      .insert(topUps)
      .values({
        id,
        merchantId,
        customerId: input.customerId,
        paidAmount: input.paidAmount,
        giftAmount: input.giftAmount,
        marketingType: input.marketingType,
        currency,
        balanceAfter,
        ...operator,
        remark: input.remark ?? '',
      })
      .returning({ id: topUps.id });
    await recordAudit(tx, ctx, {
      action: 'topUp.add',
      objectType: 'topUp',
      objectId: row!.id,
      changes: {
        customerId: input.customerId,
        paidAmount: normalizeMoney(input.paidAmount),
        giftAmount: normalizeMoney(input.giftAmount),
        marketingType: input.marketingType,
        ...(ctx.principal.merchantId === null ? { merchantId } : {}),
        ...(input.offerId ? { offerId: input.offerId } : {}),
      },
    });
    return row!.id;
  });
}

/** A customer's balance at the caller's merchant (platform staff name the merchant); 0 before a first top-up. */
async function balanceOf(ctx: Ctx, customerId: string, merchantId: number | undefined) {
  const owner = await walletOwner(ctx, merchantId);
  const [wallet] = await ctx.db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(and(eq(wallets.merchantId, owner), eq(wallets.customerId, customerId)));
  return {
    customerId,
    merchantId: owner,
    balance: normalizeMoney(wallet?.balance ?? '0'),
    currency: await merchantCurrency(ctx.db, owner),
  };
}

const CSV_COLUMNS: CsvColumn<TopUpRecord>[] = fieldColumns([
  'id',
  'merchantName',
  'customerId',
  'paidAmount',
  'giftAmount',
  'marketingType',
  'currency',
  'balanceAfter',
  'operatorName',
  'remark',
  'createdAt',
]);

/** Operation centre → Pricing → Top-up records (/basic-pricing/reahargeOperateRecord). */
export function registerTopUpRoutes(app: FastifyInstance): void {
  serve(app, topUpApi.search, ({ input, ctx }) => topUpList.search(ctx, input));
  serve(app, topUpApi.add, async ({ input, ctx }) => topUpList.detail(ctx, await addTopUp(ctx, input)));
  serve(app, topUpApi.offers, ({ input, ctx }) => offersFor(ctx, input.merchantId));
  serve(app, topUpApi.balance, ({ input, ctx }) => balanceOf(ctx, input.customerId, input.merchantId));
  serve(app, topUpApi.export, ({ input, ctx, reply }) =>
    topUpList.sendExport(reply, ctx, input, { filename: 'top-ups.csv', columns: CSV_COLUMNS }),
  );
  registerWalletSetRoutes(app);
  // Order centre → Wallet bill (/order/wallet/bill).
  serve(app, walletApi.bill, ({ input, ctx }) => walletBill.search(ctx, input));
  serve(app, walletApi.export, ({ input, ctx, reply }) =>
    walletBill.sendExport(reply, ctx, input, { filename: 'wallet-bill.csv', columns: WALLET_CSV_COLUMNS }),
  );
  serve(app, walletApi.adjust, async ({ input, ctx }) =>
    walletBill.detail(ctx, await adjustWallet(ctx, await walletOwner(ctx, input.merchantId), input)),
  );
}

/** Demo top-ups of a few customers of each demo merchant, their wallets following; once. */
export async function seedDemoTopUps(db: Db, demo: DemoContext): Promise<void> {
  await seedDemoWalletSettings(db, demo);
  const [any] = await db.select({ id: topUps.id }).from(topUps).limit(1);
  if (any) return;
  const day = 24 * 3600_000;
  const plan = [
    ['C20001', '100000.00', '0.00', 'NONE', 9],
    ['C20001', '200000.00', '20000.00', 'BONUS', 4],
    ['C20002', '50000.00', '10000.00', 'FIRST_TOP_UP', 3],
    ['C20003', '150000.00', '15000.00', 'CAMPAIGN', 1],
  ] as const;
  for (const [name, operator] of [
    ['Demo Agent', 'merchant'],
    ['Siam Swap Direct', 'admin'],
  ] as const) {
    const merchantId = demo.merchantIds[name];
    if (merchantId === undefined) continue;
    const currency = await merchantCurrency(db, merchantId);
    // The plan is in rupiah; a baht merchant's customers top up about a five-hundredth of it.
    const inOwnMoney = (idr: string) => (currency === 'IDR' ? idr : minorToMoney(moneyToMinor(idr) / 500));
    for (const [customerId, idrPaid, idrGift, marketingType, daysAgo] of plan) {
      const [paid, gift] = [inOwnMoney(idrPaid), inOwnMoney(idrGift)];
      const at = new Date(Date.now() - daysAgo * day);
      const [row] = await db
        .insert(topUps)
        .values({
          merchantId,
          customerId,
          paidAmount: paid,
          giftAmount: gift,
          marketingType,
          currency,
          balanceAfter: '0',
          operatorId: null,
          operatorName: operator,
          createdAt: at,
        })
        .returning({ id: topUps.id });
      const common = { merchantId, customerId, currency, reference: `top-up:${row!.id}`, operatorName: operator, at };
      let { balanceAfter } = await moveWallet(db, { ...common, kind: 'TOP_UP', amount: paid });
      if (moneyToMinor(gift) > 0) ({ balanceAfter } = await moveWallet(db, { ...common, kind: 'GIFT', amount: gift }));
      await db.update(topUps).set({ balanceAfter }).where(eq(topUps.id, row!.id));
    }
    // A balance corrected; the wallets are spent by the demo's transfer, energy and package orders (their seeds).
    const amount = inOwnMoney('5000.00');
    await moveWallet(db, {
      merchantId,
      customerId: 'C20003',
      kind: 'ADJUSTMENT',
      amount: `-${amount}`,
      currency,
      operatorName: operator,
      remark: 'Campaign gift counted twice',
      at: new Date(Date.now() - 0.5 * day),
    });
  }
}
