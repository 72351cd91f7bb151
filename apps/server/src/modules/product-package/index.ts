import type { FastifyInstance } from 'fastify';
import { eq, ilike, type SQL } from 'drizzle-orm';
import { normalizeMoney, productPackageApi, type ProductPackageAdd, type ProductPackageRecord } from '@swap/contracts';
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
import { productPackages } from './product-package.table.js';

/** A time as the API and the audit trail write it: ISO-8601 in UTC (the database answers its own text). */
const instant = (time: string) => new Date(time).toISOString();

type Row = typeof productPackages.$inferSelect;
type Listed = { product: Row; merchantName: string | null; vehicleTypeName: string | null; cityName: string | null };

function present({ product: p, merchantName, vehicleTypeName, cityName }: Listed): ProductPackageRecord {
  return {
    id: p.id,
    merchantId: p.merchantId,
    merchantName,
    name: p.name,
    operationType: p.operationType,
    vehicleTypeId: p.vehicleTypeId,
    vehicleTypeName,
    cityId: p.cityId,
    cityName,
    currency: p.currency,
    deposit: p.deposit,
    adminFee: p.adminFee,
    pricePerCycle: p.pricePerCycle,
    renewalPrice: p.renewalPrice,
    dailyRenewalPrice: p.dailyRenewalPrice,
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

/**
 * The rules of a product beyond its schema (docs/operation-centre.md, "Products and packages"): a
 * vehicle type that exists with at least as many battery compartments as the product's batteries,
 * a city; the amounts are in the owner's currency.
 */
async function checkProduct(ctx: Ctx, input: ProductPackageAdd, owner: number | null, db: Db) {
  const vehicleType = await findTypeOfKind(db, 'vehicle', input.vehicleTypeId);
  if (!vehicleType) throw new AppError('typeMissing', undefined, { field: 'vehicleTypeId' });
  if (input.batteryCount > (vehicleType.batteryCompartments ?? 1)) {
    throw new AppError('batteryCountExceeded', undefined, { field: 'batteryCount' });
  }
  if (!(await cityExists(db, input.cityId))) throw fieldInvalid(ctx, 'cityId');
  return { currency: await merchantCurrency(db, owner!) };
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
  fields: (p: ProductPackageAdd) => ({
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
    // Written and compared (the audit trail's changes) as UTC instants, whatever offset was typed.
    startAt: instant(p.startAt),
    endAt: instant(p.endAt),
    saleMode: p.saleMode,
    labels: p.labels,
  }),
  present: (row) => present({ product: row, merchantName: null, vehicleTypeName: null, cityName: null }),
});

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
  serve(app, productPackageApi.remove, ({ input, ctx }) => records.remove(ctx, input.id));
  serve(app, productPackageApi.export, ({ input, ctx, reply }) =>
    productPackageList.sendExport(reply, ctx, input, { filename: 'products.csv', columns: CSV_COLUMNS }),
  );
  serve(app, productPackageApi.cities, ({ ctx }) => allCities(ctx.db));
}

/**
 * Demo products of the two demo merchants, once: current, not yet started and ended ones, every
 * operation type and sale mode, in Jakarta and Bangkok cities (by name) on the demo vehicle types.
 */
export async function seedDemoProductPackages(db: Db, merchantIds: Record<string, number>): Promise<void> {
  const [any] = await db.select({ id: productPackages.id }).from(productPackages).limit(1);
  if (any) return;
  const types = await typeIdsByCode(db, 'vehicle');
  const cityIds = Object.fromEntries((await allCities(db)).map((city) => [city.name, city.id]));
  const day = 24 * 3600_000;
  const now = Date.now();
  const rows = [
    ['Demo Agent', 'IDR', 'Daily Rent Single', 'LEASE', 'ES1', 'Central Jakarta', 1, ['RENT', 'SWAP_COMBO'], 'RENT_ONLY', -30, 335],
    ['Demo Agent', 'IDR', 'Weekly Rent Dual', 'LEASE', 'EM2', 'South Jakarta', 2, ['RENT'], 'RENT_ONLY', -10, 180],
    ['Demo Agent', 'IDR', 'Own in 12 Months', 'LEASE_TO_OWN', 'EM2', 'West Jakarta', 2, ['RENT_TO_OWN'], 'RENT_OR_SALE', -60, 300],
    ['Demo Agent', 'IDR', 'Scooter Purchase', 'SALE', 'ES1', 'Central Jakarta', 1, ['BUY'], 'SALE_ONLY', -90, 275],
    ['Demo Agent', 'IDR', 'New Rider Starter', 'NEW', 'ES1', 'East Jakarta', 1, ['RENT', 'SWAP_COMBO'], 'NEITHER', 15, 200],
    ['Demo Agent', 'IDR', 'Ramadan Promo', 'LEASE', 'ES1', 'North Jakarta', 1, ['RENT'], 'RENT_ONLY', -120, -20],
    ['Siam Swap Direct', 'THB', 'Bangkok Monthly', 'LEASE', 'EM2', 'Pathum Wan', 2, ['RENT', 'SWAP_COMBO'], 'RENT_ONLY', -5, 360],
    ['Siam Swap Direct', 'THB', 'Chatuchak Buy', 'SALE', 'ES1', 'Chatuchak', 1, ['BUY'], 'RENT_OR_SALE', -40, 100],
  ] as const;
  const values = rows.flatMap(([merchant, currency, name, operationType, type, city, batteryCount, labels, saleMode, from, to]) => {
    const merchantId = merchantIds[merchant];
    if (merchantId === undefined || types[type] === undefined || cityIds[city] === undefined) return [];
    const amount = (idr: string, thb: string) => (currency === 'IDR' ? idr : thb);
    return [
      {
        merchantId,
        name,
        operationType,
        vehicleTypeId: types[type],
        cityId: cityIds[city],
        currency,
        deposit: amount('500000.00', '1500.00'),
        adminFee: amount('25000.00', '50.00'),
        pricePerCycle: amount(operationType === 'SALE' ? '18500000.00' : '350000.00', operationType === 'SALE' ? '42000.00' : '1200.50'),
        renewalPrice: amount('330000.00', '1150.00'),
        dailyRenewalPrice: amount('15000.00', '45.00'),
        cycles: operationType === 'LEASE_TO_OWN' ? 12 : 1,
        batteryCount,
        swapsPerCycle: 60,
        timeLimit: operationType === 'LEASE_TO_OWN' ? 12 : 30,
        timeLimitUnit: operationType === 'LEASE_TO_OWN' ? ('MONTH' as const) : ('DAY' as const),
        agreement: 'The rider keeps the vehicle and batteries in good order and returns them at the end of the term.',
        startAt: new Date(now + from * day).toISOString(),
        endAt: new Date(now + to * day).toISOString(),
        saleMode,
        labels: [...labels],
      },
    ];
  });
  if (values.length) await db.insert(productPackages).values(values);
}
