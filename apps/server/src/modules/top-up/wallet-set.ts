import type { FastifyInstance } from 'fastify';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import {
  compareMoney,
  MARKETING_TYPES,
  normalizeMoney,
  walletSettingApi,
  type MarketingType,
  type WalletSettingAdd,
  type WalletSettingRecord,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { DemoContext } from '../../db/demo.js';
import type { Ctx } from '../../app/context.js';
import { fieldColumns } from '../../app/csv.js';
import { AppError, isUniqueViolation } from '../../app/errors.js';
import { defineList } from '../../app/list.js';
import { chosenAgent, ownedRecords } from '../../app/owned-records.js';
import { serve } from '../../app/route.js';
import { merchantCurrency } from '../currency/index.js';
import { merchantNameOf } from '../merchant/index.js';
import { walletMovements, walletSettings } from './top-up.table.js';

/**
 * The wallet set (Order centre → Wallet set, /order/wallet/set, docs/wallet.md): one setting per
 * merchant holding the rules of its top-ups, never amounts gifted (those stay in the top-up offers).
 * A merchant without one keeps every marketing type in use and no minimum.
 */

type Row = typeof walletSettings.$inferSelect & { merchantName: string | null };

const present = (row: Row): WalletSettingRecord => ({
  id: row.id,
  merchantId: row.merchantId,
  merchantName: row.merchantName ?? null,
  currency: row.currency,
  minTopUp: normalizeMoney(row.minTopUp),
  // Written in the contracts' order, whatever order they were chosen in.
  marketingTypes: MARKETING_TYPES.filter((type) => row.marketingTypes.includes(type)),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const walletSetList = defineList({
  endpoint: walletSettingApi.search,
  table: walletSettings,
  id: walletSettings.id,
  select: { ...getTableColumns(walletSettings), merchantName: merchantNameOf(walletSettings.merchantId) },
  scope: (ctx: Pick<Ctx, 'principal'>) =>
    ctx.principal.merchantId === null ? undefined : eq(walletSettings.merchantId, ctx.principal.merchantId),
  filters: { merchantId: (merchantId) => eq(walletSettings.merchantId, merchantId) },
  defaultOrder: () => ({ column: walletSettings.createdAt, direction: 'desc' }),
  count: 'exact',
  present: (row) => present(row as Row),
});

const records = ownedRecords({
  table: walletSettings,
  id: walletSettings.id,
  merchantId: walletSettings.merchantId,
  updatedAt: walletSettings.updatedAt,
  objectType: 'walletSetting',
  ownerOf: (ctx, input, db) => chosenAgent(ctx, input.merchantId, db),
  prepare: async (_ctx: Ctx, _input, owner, db) => ({ currency: await merchantCurrency(db, owner!) }),
  answer: (ctx, id) => walletSetList.detail(ctx, id),
  fields: (input: WalletSettingAdd) => ({
    minTopUp: normalizeMoney(input.minTopUp),
    marketingTypes: MARKETING_TYPES.filter((type) => input.marketingTypes.includes(type)),
  }),
  present: (row) => present({ ...row, merchantName: null }),
});

/** A second setting of one merchant, also when two saves race: the unique key refuses the later one. */
async function uniquely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('walletSettingExists', undefined, { field: 'merchantId' });
    throw error;
  }
}

const CSV_COLUMNS = fieldColumns<WalletSettingRecord>(['id', 'merchantName', 'minTopUp', 'currency', 'marketingTypes', 'updatedAt']);

export function registerWalletSetRoutes(app: FastifyInstance): void {
  serve(app, walletSettingApi.search, ({ input, ctx }) => walletSetList.search(ctx, input));
  serve(app, walletSettingApi.add, ({ input, ctx }) => uniquely(() => records.add(ctx, input)));
  serve(app, walletSettingApi.edit, ({ input, ctx }) => records.edit(ctx, input));
  serve(app, walletSettingApi.remove, ({ input, ctx }) => records.remove(ctx, input.id));
  serve(app, walletSettingApi.export, ({ input, ctx, reply }) =>
    walletSetList.sendExport(reply, ctx, input, { filename: 'wallet-set.csv', columns: CSV_COLUMNS }),
  );
}

/** The rules of a merchant's top-ups: its wallet set, or none (every type in use, no minimum). */
export async function walletRulesOf(db: Db, merchantId: number): Promise<{ minTopUp: string; marketingTypes: readonly MarketingType[] }> {
  const [row] = await db
    .select({ minTopUp: walletSettings.minTopUp, marketingTypes: walletSettings.marketingTypes })
    .from(walletSettings)
    .where(eq(walletSettings.merchantId, merchantId));
  return row
    ? { minTopUp: normalizeMoney(row.minTopUp), marketingTypes: row.marketingTypes }
    : { minTopUp: '0.00', marketingTypes: MARKETING_TYPES };
}

/** Whether the customer's wallet at the merchant had a top-up (a `TOP_UP` movement). */
async function hasToppedUp(db: Db, merchantId: number, customerNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(walletMovements)
    .where(
      and(eq(walletMovements.merchantId, merchantId), eq(walletMovements.customerId, customerNumber), eq(walletMovements.kind, 'TOP_UP')),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Checks a top-up against the merchant's wallet set (docs/wallet.md): the paid amount at least the
 * minimum (7103, naming it), the marketing type in use (7104) and a first top-up only while the wallet
 * has had none (7105). Staff top-ups and recharge orders are both checked here.
 */
export async function assertTopUpAllowed(
  db: Db,
  top: {
    merchantId: number;
    customerNumber: string;
    paidAmount: string;
    marketingType: MarketingType;
    currency: string;
    customerField?: string;
  },
): Promise<void> {
  const rules = await walletRulesOf(db, top.merchantId);
  if (compareMoney(top.paidAmount, rules.minTopUp) < 0)
    throw new AppError('walletTopUpBelowMinimum', { minimum: `${rules.minTopUp} ${top.currency}` }, { field: 'paidAmount' });
  if (!rules.marketingTypes.includes(top.marketingType))
    throw new AppError('walletMarketingTypeNotInUse', undefined, { field: 'marketingType' });
  if (top.marketingType === 'FIRST_TOP_UP' && (await hasToppedUp(db, top.merchantId, top.customerNumber)))
    throw new AppError('walletFirstTopUpTaken', { customer: top.customerNumber }, { field: top.customerField ?? 'customerNumber' });
}

/** Whether a customer's first top-up gift is still due (no `TOP_UP` movement yet), read in the paying transaction. */
export async function firstTopUpDue(db: Db, merchantId: number, customerNumber: string): Promise<boolean> {
  return !(await hasToppedUp(db, merchantId, customerNumber));
}

/**
 * The demo merchants' wallet sets, once: the rupiah merchant a minimum of Rp 10.000 with every
 * marketing type in use, the baht merchant ฿20 with its campaigns out of use.
 */
export async function seedDemoWalletSettings(db: Db, demo: DemoContext): Promise<void> {
  const [any] = await db.select({ id: walletSettings.id }).from(walletSettings).limit(1);
  if (any) return;
  const plan = [
    ['Demo Agent', '10000.00', MARKETING_TYPES],
    ['Siam Swap Direct', '20.00', ['NONE', 'BONUS', 'FIRST_TOP_UP'] as const],
  ] as const;
  for (const [name, minTopUp, marketingTypes] of plan) {
    const merchantId = demo.merchantIds[name];
    if (merchantId === undefined) continue;
    await db
      .insert(walletSettings)
      .values({ merchantId, currency: await merchantCurrency(db, merchantId), minTopUp, marketingTypes: [...marketingTypes] });
  }
}
