import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import {
  compareMoney,
  normalizeMoney,
  productPackageApi,
  type OperationType,
  type OrderableProduct,
  type PackageLabel,
  type ProductPackageAdd,
  type SaleMode,
  type ProductPackageRecord,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { fieldColumns, type CsvColumn } from '../../app/csv.js';
import { AppError } from '../../app/errors.js';
import { fieldInvalid } from '../../app/policy.js';
import { defineList } from '../../app/list.js';
import { likePattern } from '../../app/pagination.js';
import { chosenAgent, ownedRecords } from '../../app/owned-records.js';
import { serve } from '../../app/route.js';
import { allCities, areaNameOf, cityExists } from '../area/index.js';
import { merchantCurrency } from '../currency/index.js';
import { deviceTypeNameOf, findTypeOfKind, typeIdsByCode } from '../device-type/index.js';
import { merchantNameOf } from '../merchant/index.js';
import { findBasePrice } from '../price/index.js';
import { handOver } from '../../app/hand-over.js';
import { productPackages } from './product-package.table.js';

/** Whether orders name a product (the order module knows them): such a product stays. */
const productOrders = handOver<(db: Db, productId: number) => Promise<boolean>>('the orders of a product');
export const tellProductOrders = productOrders.tell;

/** A time as the API and the audit trail write it: ISO-8601 in UTC (the database answers its own text). */
const instant = (time: string) => new Date(time).toISOString();

type Row = typeof productPackages.$inferSelect;
type Listed = { product: Row; merchantName: string | null; vehicleTypeName: string | null; cityName: string | null };

/**
 * The product's own fields, the one list both the write and the answer take: amounts as exact two-decimal
 * strings, times as UTC instants. Written and compared (the audit trail's changes) this way whatever
 * was typed ("350000.5", an offset), and answered this way from a row.
 */
function productFields(p: ProductPackageAdd | Row) {
  return {
    name: p.name,
    operationType: p.operationType,
    vehicleTypeId: p.vehicleTypeId,
    cityId: p.cityId,
    deposit: normalizeMoney(p.deposit),
    adminFee: normalizeMoney(p.adminFee),
    pricePerCycle: normalizeMoney(p.pricePerCycle),
    renewalPrice: normalizeMoney(p.renewalPrice),
    dailyRenewalPrice: normalizeMoney(p.dailyRenewalPrice),
    cycles: p.cycles,
    batteryCount: p.batteryCount,
    swapsPerCycle: p.swapsPerCycle,
    timeLimit: p.timeLimit,
    timeLimitUnit: p.timeLimitUnit,
    agreement: p.agreement,
    startAt: instant(p.startAt),
    endAt: instant(p.endAt),
    saleMode: p.saleMode,
    labels: p.labels,
  };
}

function present({ product: p, merchantName, vehicleTypeName, cityName }: Listed): ProductPackageRecord {
  return {
    id: p.id,
    merchantId: p.merchantId,
    merchantName,
    vehicleTypeName,
    cityName,
    currency: p.currency,
    ...productFields(p),
    createdAt: p.createdAt.toISOString(),
  };
}

const FEW = 'An agent sets up a few dozen products: its rows are read in full.';

/** Operation centre → Product prices, newest first. */
export const productPackageList = defineList({
  endpoint: productPackageApi.search,
  table: productPackages,
  id: productPackages.id,
  select: {
    product: productPackages,
    merchantName: merchantNameOf(productPackages.merchantId),
    vehicleTypeName: deviceTypeNameOf(productPackages.vehicleTypeId),
    cityName: areaNameOf(productPackages.cityId),
  },
  scope: (ctx): SQL | undefined => records.scope(ctx),
  filters: {
    name: { where: (name) => ilike(productPackages.name, likePattern(name)), unindexed: FEW },
    operationType: { where: (type) => eq(productPackages.operationType, type), unindexed: FEW },
    cityId: { where: (city) => eq(productPackages.cityId, city), unindexed: FEW },
    saleMode: { where: (mode) => eq(productPackages.saleMode, mode), unindexed: FEW },
    merchantId: (merchant) => eq(productPackages.merchantId, merchant),
  },
  defaultOrder: () => ({ column: productPackages.createdAt, direction: 'desc' }),
  count: 'exact',
  present,
});

/** The base amount a product's price per cycle answers to: the sale price for a sale, the rent for a rental. */
const SOLD: readonly OperationType[] = ['NEW', 'SALE'];

/**
 * The rules of a product beyond its schema (docs/operation-centre.md, "Products and packages"): a
 * vehicle type that exists with at least as many battery compartments as the product's batteries,
 * a city, and the owner's base price for its operation type, vehicle type, batteries and city (none:
 * refused with the look-up's reason), which its price per cycle and daily renewal price never go
 * below; the amounts are in the owner's currency, and so must the base price's be.
 */
async function checkProduct(ctx: Ctx, input: ProductPackageAdd, owner: number | null, db: Db) {
  const vehicleType = await findTypeOfKind(db, 'vehicle', input.vehicleTypeId);
  if (!vehicleType) throw new AppError('typeMissing', undefined, { field: 'vehicleTypeId' });
  if (input.batteryCount > (vehicleType.batteryCompartments ?? 1)) {
    throw new AppError('batteryCountExceeded', undefined, { field: 'batteryCount' });
  }
  if (!(await cityExists(db, input.cityId))) throw fieldInvalid(ctx, 'cityId');
  const base = await findBasePrice(db, {
    merchantId: owner!,
    operationType: input.operationType,
    vehicleTypeId: input.vehicleTypeId,
    batteryCount: input.batteryCount,
    cityId: input.cityId,
  });
  // Amounts are compared in one currency only: a base price saved before the owner's currency changed
  // is saved again first (docs/operation-centre.md, "Currencies after a change").
  const currency = await merchantCurrency(db, owner!);
  if (base.currency !== currency) {
    throw new AppError('basePriceCurrencyChanged', { baseCurrency: base.currency, currency }, { field: 'pricePerCycle' });
  }
  const least = SOLD.includes(input.operationType) ? base.price : base.rent;
  if (compareMoney(input.pricePerCycle, least) < 0) {
    throw new AppError('belowBasePrice', { amount: `${least} ${base.currency}` }, { field: 'pricePerCycle' });
  }
  if (compareMoney(input.dailyRenewalPrice, base.minDailyRate) < 0) {
    throw new AppError('belowMinDailyRate', { amount: `${base.minDailyRate} ${base.currency}` }, { field: 'dailyRenewalPrice' });
  }
  return { currency };
}

const records = ownedRecords({
  table: productPackages,
  id: productPackages.id,
  merchantId: productPackages.merchantId,
  updatedAt: productPackages.updatedAt,
  objectType: 'productPackage',
  ownerOf: (ctx, input, db) => chosenAgent(ctx, input.merchantId, db),
  prepare: checkProduct,
  answer: (ctx, id): Promise<ProductPackageRecord> => productPackageList.detail(ctx, id),
  fields: (p: ProductPackageAdd) => productFields(p),
  present: (row) => present({ product: row, merchantName: null, vehicleTypeName: null, cityName: null }),
});

/** Whether a product names the merchant, vehicle type or city (each read on an index leading with it). */
export async function productsName(db: Db, key: 'merchantId' | 'vehicleTypeId' | 'cityId', id: number): Promise<boolean> {
  const [row] = await db.select({ id: productPackages.id }).from(productPackages).where(eq(productPackages[key], id)).limit(1);
  return row !== undefined;
}

const CSV_COLUMNS: CsvColumn<ProductPackageRecord>[] = fieldColumns(
  [
    'id',
    'name',
    'merchantName',
    'operationType',
    'vehicleTypeName',
    'cityName',
    'currency',
    'deposit',
    'adminFee',
    'pricePerCycle',
    'renewalPrice',
    'dailyRenewalPrice',
    'cycles',
    'batteryCount',
    'swapsPerCycle',
    'timeLimit',
    'timeLimitUnit',
    'startAt',
    'endAt',
    'saleMode',
    'createdAt',
  ],
  { startAt: 'time', endAt: 'time', createdAt: 'time' },
);

/** Operation centre → Product prices (/basic-pricing/product-price). */
export function registerProductPackageRoutes(app: FastifyInstance): void {
  serve(app, productPackageApi.search, ({ input, ctx }) => productPackageList.search(ctx, input));
  serve(app, productPackageApi.add, ({ input, ctx }) => records.add(ctx, input));
  serve(app, productPackageApi.edit, ({ input, ctx }) => records.edit(ctx, input));
  serve(app, productPackageApi.remove, async ({ input, ctx }) => {
    if (await productOrders.get()(ctx.db, input.id)) throw new AppError('productHasOrders');
    return records.remove(ctx, input.id);
  });
  serve(app, productPackageApi.export, ({ input, ctx, reply }) =>
    productPackageList.sendExport(reply, ctx, input, { filename: 'products.csv', columns: CSV_COLUMNS }),
  );
}

/**
 * Demo products of the two demo merchants, once: current, not yet started and ended ones, every
 * operation type and sale mode, in the cities of the demo base prices (by name) on the demo vehicle
 * types, each at or above its base price (seedDemoBasePrices) and in its merchant's currency.
 */
export async function seedDemoProductPackages(db: Db, merchantIds: Record<string, number>): Promise<void> {
  const [any] = await db.select({ id: productPackages.id }).from(productPackages).limit(1);
  if (any) return;
  const types = await typeIdsByCode(db, 'vehicle');
  const cityIds = Object.fromEntries((await allCities(db)).map((city) => [city.name, city.id]));
  const day = 24 * 3600_000;
  const now = Date.now();
  // merchant, name, operation, vehicle type, city, batteries, labels, sale mode, from and to (days from now),
  // price per cycle, renewal price, daily renewal price.
  type Demo = [string, string, OperationType, string, string, number, PackageLabel[], SaleMode, number, number, string, string, string];
  const rows: Demo[] = [
    [
      'Demo Agent',
      'Daily Rent Single',
      'LEASE',
      'ES1',
      'Central Jakarta',
      1,
      ['RENT', 'SWAP_COMBO'],
      'RENT_ONLY',
      -30,
      335,
      '650000',
      '650000',
      '25000',
    ],
    ['Demo Agent', 'Weekly Rent Dual', 'LEASE', 'EM2', 'Central Jakarta', 2, ['RENT'], 'RENT_ONLY', -10, 180, '990000', '950000', '35000'],
    [
      'Demo Agent',
      'Own in 12 Months',
      'LEASE_TO_OWN',
      'EM2',
      'Central Jakarta',
      2,
      ['RENT_TO_OWN'],
      'RENT_OR_SALE',
      -60,
      300,
      '1350000',
      '1250000',
      '45000',
    ],
    ['Demo Agent', 'Scooter Purchase', 'SALE', 'ES1', 'South Jakarta', 1, ['BUY'], 'SALE_ONLY', -90, 275, '19250000', '0', '0'],
    [
      'Demo Agent',
      'New Rider Starter',
      'NEW',
      'ES1',
      'Central Jakarta',
      1,
      ['RENT', 'SWAP_COMBO'],
      'NEITHER',
      15,
      200,
      '18750000',
      '0',
      '0',
    ],
    ['Demo Agent', 'Ramadan Promo', 'LEASE', 'ES1', 'South Jakarta', 1, ['RENT'], 'RENT_ONLY', -120, -20, '700000', '700000', '20000'],
    [
      'Siam Swap Direct',
      'Bangkok Monthly',
      'LEASE',
      'ES1',
      'Pathum Wan',
      1,
      ['RENT', 'SWAP_COMBO'],
      'RENT_ONLY',
      -5,
      360,
      '575000',
      '550000',
      '21000',
    ],
    ['Siam Swap Direct', 'Pathum Wan Buy', 'SALE', 'EM2', 'Pathum Wan', 2, ['BUY'], 'RENT_OR_SALE', -40, 100, '31900000', '0', '0'],
  ];
  const values = [];
  for (const [
    merchant,
    name,
    operationType,
    type,
    city,
    batteryCount,
    labels,
    saleMode,
    from,
    to,
    pricePerCycle,
    renewalPrice,
    dailyRenewalPrice,
  ] of rows) {
    const merchantId = merchantIds[merchant];
    if (merchantId === undefined || types[type] === undefined || cityIds[city] === undefined) continue;
    const rental = !['NEW', 'SALE'].includes(operationType);
    const currency = await merchantCurrency(db, merchantId);
    const baht = currency === 'THB';
    values.push({
      merchantId,
      name,
      operationType,
      vehicleTypeId: types[type],
      cityId: cityIds[city],
      currency,
      deposit: rental ? (baht ? '1500.00' : '500000.00') : '0.00',
      adminFee: baht ? '50.00' : '25000.00',
      pricePerCycle,
      renewalPrice,
      dailyRenewalPrice,
      cycles: operationType === 'LEASE_TO_OWN' ? 12 : 1,
      batteryCount,
      swapsPerCycle: 60,
      timeLimit: operationType === 'LEASE_TO_OWN' ? 12 : 30,
      timeLimitUnit: operationType === 'LEASE_TO_OWN' ? ('MONTH' as const) : ('DAY' as const),
      agreement: 'The rider keeps the vehicle and batteries in good order and returns them at the end of the term.',
      startAt: new Date(now + from * day).toISOString(),
      endAt: new Date(now + to * day).toISOString(),
      saleMode,
      labels,
    });
  }
  if (values.length) await db.insert(productPackages).values(values);
}

/** The terms an order takes from a product (docs/orders.md, "Prices"). */
export interface OrderTerms {
  id: number;
  name: string;
  operationType: OperationType;
  vehicleTypeId: number;
  currency: Row['currency'];
  deposit: string;
  adminFee: string;
  pricePerCycle: string;
  renewalPrice: string;
  cycles: number;
  /** The product's time limit in days, split over its cycles (at least one day each). */
  cycleDays: number;
  /** Swaps per cycle of its swap combo package; null when it has none. */
  comboSwaps: number | null;
}

const DAYS_PER_UNIT = { DAY: 1, MONTH: 30, YEAR: 365 } as const;

function orderTermsOf(p: Row): OrderTerms {
  return {
    id: p.id,
    name: p.name,
    operationType: p.operationType,
    vehicleTypeId: p.vehicleTypeId,
    currency: p.currency,
    deposit: normalizeMoney(p.deposit),
    adminFee: normalizeMoney(p.adminFee),
    pricePerCycle: normalizeMoney(p.pricePerCycle),
    renewalPrice: normalizeMoney(p.renewalPrice),
    cycles: p.cycles,
    cycleDays: Math.max(1, Math.floor((p.timeLimit * DAYS_PER_UNIT[p.timeLimitUnit]) / p.cycles)),
    comboSwaps: p.labels.includes('SWAP_COMBO') ? p.swapsPerCycle : null,
  };
}

/**
 * The product an order of the merchant takes, share-locked in the caller's transaction: it must be
 * the merchant's (7051 otherwise, another merchant's reads as missing), on sale now (7052), and still
 * priced by the operation centre's rules: the merchant's base price for it exists (4009, 4001) and its
 * price per cycle is not below it (4150).
 */
export async function productForOrder(db: Db, merchantId: number, productId: number, now = new Date()): Promise<OrderTerms> {
  const [p] = await db
    .select()
    .from(productPackages)
    .where(and(eq(productPackages.id, productId), eq(productPackages.merchantId, merchantId)))
    .for('share');
  if (!p) throw new AppError('orderProductMissing', undefined, { field: 'productId' });
  if (new Date(p.startAt) > now || new Date(p.endAt) < now)
    throw new AppError('orderProductNotOnSale', { product: p.name }, { field: 'productId' });
  const base = await findBasePrice(db, {
    merchantId,
    operationType: p.operationType,
    vehicleTypeId: p.vehicleTypeId,
    batteryCount: p.batteryCount,
    cityId: p.cityId,
  });
  const least = SOLD.includes(p.operationType) ? base.price : base.rent;
  if (compareMoney(p.pricePerCycle, least) < 0) {
    throw new AppError('belowBasePrice', { amount: `${least} ${base.currency}` }, { field: 'productId' });
  }
  return orderTermsOf(p);
}

/** The merchant's products on sale now, by name: what an order may choose. */
export async function orderableProducts(db: Db, merchantId: number): Promise<OrderableProduct[]> {
  const now = new Date().toISOString();
  const rows = await db
    .select()
    .from(productPackages)
    .where(and(eq(productPackages.merchantId, merchantId), lte(productPackages.startAt, now), gte(productPackages.endAt, now)))
    .orderBy(asc(productPackages.name));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    operationType: p.operationType,
    pricePerCycle: normalizeMoney(p.pricePerCycle),
    currency: p.currency,
  }));
}

/** Every product of a merchant with the terms an order takes and its sale period, unchecked: what the demo orders are made of. */
export async function productTermsOf(db: Db, merchantId: number): Promise<(OrderTerms & { startAt: string; endAt: string })[]> {
  const rows = await db.select().from(productPackages).where(eq(productPackages.merchantId, merchantId)).orderBy(asc(productPackages.id));
  return rows.map((p) => ({ ...orderTermsOf(p), startAt: p.startAt, endAt: p.endAt }));
}
