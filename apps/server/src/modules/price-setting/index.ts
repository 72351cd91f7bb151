import type { FastifyInstance } from 'fastify';
import { and, asc, eq, getTableColumns, ilike, type SQL } from 'drizzle-orm';
import {
  normalizeMoney,
  priceSettingApi,
  type AuditObject,
  type BatteryPriceAdd,
  type ConsumerPriceAdd,
  type PackagePriceAdd,
  type RechargeSettingAdd,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { fieldColumns } from '../../app/csv.js';
import { AppError, isUniqueViolation } from '../../app/errors.js';
import { defineList, type Filter } from '../../app/list.js';
import { chosenAgent, ownedRecords } from '../../app/owned-records.js';
import { likePattern } from '../../app/pagination.js';
import { fieldInvalid } from '../../app/policy.js';
import { serve } from '../../app/route.js';
import { allCities, areaNameOf, cityExists } from '../area/index.js';
import { merchantCurrency } from '../currency/index.js';
import { deviceTypeNameOf, findTypeOfKind, typeIdsByCode } from '../device-type/index.js';
import { merchantNameOf } from '../merchant/index.js';
import { batteryPrices, consumerPrices, packagePrices, rechargeSettings } from './price-setting.table.js';

/**
 * Battery prices, consumer prices, package prices and top-up offers (docs/operation-centre.md, "Price
 * settings"): one declaration each on one shape. A merchant's staff reach their merchant's settings
 * only; platform staff choose the agent of a new one (2007, 2008); one per agent, city and the kind's
 * own key (4004, also when two saves race); amounts in the agent's currency.
 */

type SettingTable = typeof batteryPrices | typeof consumerPrices | typeof packagePrices | typeof rechargeSettings;
type Api = (typeof priceSettingApi)[keyof typeof priceSettingApi];
type Common = { merchantId?: number | null; cityId: number; enabled: boolean };

const FEW = 'An agent keeps a few dozen settings: its rows are read in full.';

interface SettingDef<A extends Common> {
  api: Api;
  table: SettingTable;
  objectType: AuditObject;
  /** The kind's own fields as written and audited (amounts as the database answers them). */
  fields: (input: A) => Record<string, unknown>;
  /** Names the list joins beyond the agent's and the city's. */
  names?: Record<string, SQL>;
  /** The kind's own filters beyond agent, city and enabled. */
  filters: Record<string, Filter<never>>;
  /** The kind's rules beyond its schema; refusing throws. */
  check?: (db: Db, input: A) => Promise<void>;
  /** The CSV's columns between the city and the enabled flag. */
  csv: string[];
  filename: string;
}

/** A second setting on the same key, also when two saves race: the unique key refuses one of them. */
async function uniquely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('priceSettingExists');
    throw error;
  }
}

/** The list, the records and the routes of one kind of price setting. */
function priceSetting<A extends Common>(def: SettingDef<A>) {
  const { table } = def;
  const present = (row: Record<string, unknown>): Record<string, unknown> => ({
    ...row,
    merchantName: row['merchantName'] ?? null,
    cityName: row['cityName'] ?? null,
    createdAt: (row['createdAt'] as Date).toISOString(),
    updatedAt: (row['updatedAt'] as Date).toISOString(),
  });
  const list = defineList({
    endpoint: def.api.search,
    table,
    id: table.id,
    select: { ...getTableColumns(table), merchantName: merchantNameOf(table.merchantId), cityName: areaNameOf(table.cityId), ...def.names },
    scope: (ctx): SQL | undefined => records.scope(ctx),
    filters: {
      merchantId: (merchantId: number) => eq(table.merchantId, merchantId),
      cityId: (cityId: number) => eq(table.cityId, cityId),
      enabled: { where: (enabled: boolean) => eq(table.enabled, enabled), unindexed: FEW },
      ...def.filters,
    },
    defaultOrder: () => ({ column: table.createdAt, direction: 'desc' }),
    count: 'exact',
    present: (row) => present(row as Record<string, unknown>) as never,
  });
  const records = ownedRecords({
    table,
    id: table.id,
    merchantId: table.merchantId,
    updatedAt: table.updatedAt,
    objectType: def.objectType,
    ownerOf: (ctx, input, db) => chosenAgent(ctx, input.merchantId, db),
    prepare: async (ctx: Ctx, input: A, owner, db) => {
      if (!(await cityExists(db, input.cityId))) throw fieldInvalid(ctx, 'cityId');
      await def.check?.(db, input);
      return { currency: await merchantCurrency(db, owner!) };
    },
    answer: (ctx, id) => list.detail(ctx, id) as Promise<Record<string, unknown>>,
    fields: (input: A) => ({ cityId: input.cityId, enabled: input.enabled, ...def.fields(input) }) as A,
    present: (row) => present(row as Record<string, unknown>),
  });
  const columns = fieldColumns<Record<string, unknown>>(['id', 'merchantName', 'cityName', ...def.csv, 'enabled', 'currency', 'createdAt']);
  return (app: FastifyInstance) => {
    const api = def.api as typeof priceSettingApi.battery;
    const input = (value: unknown) => value as never;
    serve(app, api.search, ({ input: query, ctx }) => list.search(ctx, input(query)));
    serve(app, api.add, ({ input: body, ctx }) => uniquely(() => records.add(ctx, input(body))) as never);
    serve(app, api.edit, ({ input: body, ctx }) => uniquely(() => records.edit(ctx, input(body))) as never);
    serve(app, api.remove, ({ input: query, ctx }) => records.remove(ctx, query.id));
    serve(app, api.export, ({ input: query, ctx, reply }) =>
      list.sendExport(reply, ctx, input(query), { filename: def.filename, columns: input(columns) }),
    );
  };
}

const batteryPriceRoutes = priceSetting<BatteryPriceAdd>({
  api: priceSettingApi.battery,
  table: batteryPrices,
  objectType: 'batteryPrice',
  fields: (p) => ({
    batteryTypeId: p.batteryTypeId,
    deposit: normalizeMoney(p.deposit),
    rentPerCycle: normalizeMoney(p.rentPerCycle),
    cycleDays: p.cycleDays,
  }),
  names: { batteryTypeName: deviceTypeNameOf(batteryPrices.batteryTypeId) },
  filters: { batteryTypeId: (typeId: number) => eq(batteryPrices.batteryTypeId, typeId) },
  check: async (db, p) => {
    if (!(await findTypeOfKind(db, 'battery', p.batteryTypeId))) throw new AppError('typeMissing', undefined, { field: 'batteryTypeId' });
  },
  csv: ['batteryTypeName', 'deposit', 'rentPerCycle', 'cycleDays'],
  filename: 'battery-prices.csv',
});

const consumerPriceRoutes = priceSetting<ConsumerPriceAdd>({
  api: priceSettingApi.consumer,
  table: consumerPrices,
  objectType: 'consumerPrice',
  fields: (p) => ({ billingMode: p.billingMode, unitPrice: normalizeMoney(p.unitPrice) }),
  filters: { billingMode: { where: (mode: string) => eq(consumerPrices.billingMode, mode as never), unindexed: FEW } },
  csv: ['billingMode', 'unitPrice'],
  filename: 'consumer-prices.csv',
});

const packagePriceRoutes = priceSetting<PackagePriceAdd>({
  api: priceSettingApi.package,
  table: packagePrices,
  objectType: 'packagePrice',
  fields: (p) => ({ name: p.name, swaps: p.swaps, price: normalizeMoney(p.price), validityDays: p.validityDays }),
  filters: { name: { where: (name: string) => ilike(packagePrices.name, likePattern(name)), unindexed: FEW } },
  csv: ['name', 'swaps', 'price', 'validityDays'],
  filename: 'package-prices.csv',
});

const rechargeSettingRoutes = priceSetting<RechargeSettingAdd>({
  api: priceSettingApi.rechargeSetting,
  table: rechargeSettings,
  objectType: 'rechargeSetting',
  fields: (p) => ({ paidAmount: normalizeMoney(p.paidAmount), giftAmount: normalizeMoney(p.giftAmount), marketingType: p.marketingType }),
  filters: { marketingType: { where: (type: string) => eq(rechargeSettings.marketingType, type as never), unindexed: FEW } },
  csv: ['paidAmount', 'giftAmount', 'marketingType'],
  filename: 'top-up-offers.csv',
});

/** Operation centre → Pricing → Battery, consumer and package prices and top-up offers (/basic-pricing/…). */
export function registerPriceSettingRoutes(app: FastifyInstance): void {
  for (const routes of [batteryPriceRoutes, consumerPriceRoutes, packagePriceRoutes, rechargeSettingRoutes]) routes(app);
}

/** Whether price settings name the merchant, city or battery type (each read on an index leading with it). */
export async function priceSettingsName(db: Db, key: 'merchantId' | 'cityId' | 'batteryTypeId', id: number): Promise<boolean> {
  const tables: SettingTable[] =
    key === 'batteryTypeId' ? [batteryPrices] : [batteryPrices, consumerPrices, packagePrices, rechargeSettings];
  for (const table of tables) {
    const column = key === 'batteryTypeId' ? batteryPrices.batteryTypeId : table[key];
    const [row] = await db.select({ id: table.id }).from(table).where(eq(column, id)).limit(1);
    if (row) return true;
  }
  return false;
}

/** A top-up offer as the top-up form offers it: the agent's enabled offers, in every city of the agent. */
export interface TopUpOffer {
  id: number;
  cityName: string | null;
  paidAmount: string;
  giftAmount: string;
  marketingType: (typeof rechargeSettings.$inferSelect)['marketingType'];
  currency: (typeof rechargeSettings.$inferSelect)['currency'];
}

/** The agent's enabled top-up offers, smallest paid amount first (an agent keeps a few dozen). */
export async function enabledTopUpOffers(db: Db, merchantId: number, offerId?: number): Promise<TopUpOffer[]> {
  const rows = await db
    .select({
      id: rechargeSettings.id,
      cityName: areaNameOf(rechargeSettings.cityId),
      paidAmount: rechargeSettings.paidAmount,
      giftAmount: rechargeSettings.giftAmount,
      marketingType: rechargeSettings.marketingType,
      currency: rechargeSettings.currency,
    })
    .from(rechargeSettings)
    .where(
      and(
        eq(rechargeSettings.merchantId, merchantId),
        eq(rechargeSettings.enabled, true),
        offerId === undefined ? undefined : eq(rechargeSettings.id, offerId),
      ),
    )
    .orderBy(asc(rechargeSettings.paidAmount), asc(rechargeSettings.id));
  return rows.map((row) => ({ ...row, paidAmount: normalizeMoney(row.paidAmount), giftAmount: normalizeMoney(row.giftAmount) }));
}

/** A merchant's enabled package prices (one when `packageId` is given): what a package order may sell. */
export async function enabledPackagePrices(db: Db, merchantId: number, packageId?: number) {
  const rows = await db
    .select({
      id: packagePrices.id,
      name: packagePrices.name,
      swaps: packagePrices.swaps,
      validityDays: packagePrices.validityDays,
      price: packagePrices.price,
      currency: packagePrices.currency,
      cityName: areaNameOf(packagePrices.cityId),
    })
    .from(packagePrices)
    .where(
      and(
        eq(packagePrices.merchantId, merchantId),
        eq(packagePrices.enabled, true),
        packageId === undefined ? undefined : eq(packagePrices.id, packageId),
      ),
    )
    .orderBy(asc(packagePrices.price), asc(packagePrices.id));
  return rows.map((row) => ({ ...row, price: normalizeMoney(row.price) }));
}

/**
 * Demo settings of the two demo merchants in their cities, once: each kind enabled and disabled, both
 * billing modes, every marketing type of the top-up offers.
 */
export async function seedDemoPriceSettings(db: Db, merchantIds: Record<string, number>): Promise<void> {
  const [any] = await db.select({ id: rechargeSettings.id }).from(rechargeSettings).limit(1);
  if (any) return;
  const batteryTypes = await typeIdsByCode(db, 'battery');
  const cities = Object.fromEntries((await allCities(db)).map((city) => [city.name, city.id]));
  const plans = [
    { merchant: 'Demo Agent', city: 'Central Jakarta', other: 'South Jakarta', scale: 1000 },
    { merchant: 'Siam Swap Direct', city: 'Pathum Wan', other: 'Chatuchak', scale: 1 },
  ];
  const batteryType = Object.values(batteryTypes)[0];
  for (const { merchant, city, other, scale } of plans) {
    const merchantId = merchantIds[merchant];
    const cityId = cities[city];
    const otherId = cities[other];
    if (merchantId === undefined || cityId === undefined || otherId === undefined) continue;
    const currency = await merchantCurrency(db, merchantId);
    const own = { merchantId, currency };
    const money = (units: number) => (units * scale).toFixed(2);
    if (batteryType !== undefined) {
      await db.insert(batteryPrices).values([
        { ...own, cityId, enabled: true, batteryTypeId: batteryType, deposit: money(300), rentPerCycle: money(150), cycleDays: 30 },
        { ...own, cityId: otherId, enabled: false, batteryTypeId: batteryType, deposit: money(250), rentPerCycle: money(45), cycleDays: 7 },
      ]);
    }
    await db.insert(consumerPrices).values([
      { ...own, cityId, enabled: true, billingMode: 'PER_SWAP', unitPrice: money(12) },
      { ...own, cityId, enabled: true, billingMode: 'PER_KWH', unitPrice: money(4.5) },
      { ...own, cityId: otherId, enabled: false, billingMode: 'PER_SWAP', unitPrice: money(10) },
    ]);
    await db.insert(packagePrices).values([
      { ...own, cityId, enabled: true, name: 'Commuter 30', swaps: 30, price: money(300), validityDays: 30 },
      { ...own, cityId, enabled: true, name: 'Rider 90', swaps: 90, price: money(810), validityDays: 30 },
      { ...own, cityId: otherId, enabled: false, name: 'Weekend 8', swaps: 8, price: money(90), validityDays: 14 },
    ]);
    await db.insert(rechargeSettings).values([
      { ...own, cityId, enabled: true, paidAmount: money(100), giftAmount: money(0), marketingType: 'NONE' },
      { ...own, cityId, enabled: true, paidAmount: money(200), giftAmount: money(20), marketingType: 'BONUS' },
      { ...own, cityId, enabled: true, paidAmount: money(50), giftAmount: money(10), marketingType: 'FIRST_TOP_UP' },
      { ...own, cityId: otherId, enabled: false, paidAmount: money(500), giftAmount: money(75), marketingType: 'CAMPAIGN' },
    ]);
  }
}

/** A battery's lease terms in a city: the agent's enabled battery price for the battery type (docs/orders.md). */
export async function enabledBatteryPrice(db: Db, merchantId: number, batteryTypeId: number, cityId: number) {
  const [row] = await db
    .select({
      deposit: batteryPrices.deposit,
      rentPerCycle: batteryPrices.rentPerCycle,
      cycleDays: batteryPrices.cycleDays,
      currency: batteryPrices.currency,
    })
    .from(batteryPrices)
    .where(
      and(
        eq(batteryPrices.merchantId, merchantId),
        eq(batteryPrices.batteryTypeId, batteryTypeId),
        eq(batteryPrices.cityId, cityId),
        eq(batteryPrices.enabled, true),
      ),
    );
  return row ? { ...row, deposit: normalizeMoney(row.deposit), rentPerCycle: normalizeMoney(row.rentPerCycle) } : null;
}

/** A consumer price as a charged swap takes it: per swap or per kWh, exact, in the agent's currency. */
export interface ConsumerUnitPrice {
  cityId: number;
  billingMode: (typeof consumerPrices.$inferSelect)['billingMode'];
  unitPrice: string;
  currency: (typeof consumerPrices.$inferSelect)['currency'];
}

/**
 * The agent's enabled consumer prices in a city, one per billing mode (docs/orders.md, "Transfer and
 * energy orders"); in every city when none is named (an agent keeps a few dozen).
 */
export async function enabledConsumerPrices(db: Db, merchantId: number, cityId: number | null): Promise<ConsumerUnitPrice[]> {
  const rows = await db
    .select({
      cityId: consumerPrices.cityId,
      billingMode: consumerPrices.billingMode,
      unitPrice: consumerPrices.unitPrice,
      currency: consumerPrices.currency,
    })
    .from(consumerPrices)
    .where(
      and(
        eq(consumerPrices.merchantId, merchantId),
        cityId === null ? undefined : eq(consumerPrices.cityId, cityId),
        eq(consumerPrices.enabled, true),
      ),
    )
    .orderBy(asc(consumerPrices.cityId));
  return rows.map((row) => ({ ...row, unitPrice: normalizeMoney(row.unitPrice) }));
}
