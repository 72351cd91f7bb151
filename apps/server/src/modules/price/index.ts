import type { FastifyInstance } from 'fastify';
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  ANY_BIKE,
  ANY_BIKE_OPERATION,
  OPERATION_TYPES,
  VEHICLE_MAX_BATTERIES,
  basePriceApi,
  pricingApi,
  normalizeMoney,
  type BasePriceAdd,
  type BasePriceEdit,
  type BasePriceRecord,
  type OperationType,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError, isUniqueViolation } from '../../app/errors.js';
import { fieldColumns, type CsvColumn } from '../../app/csv.js';
import { defineList } from '../../app/list.js';
import { ownedRecords } from '../../app/owned-records.js';
import { fieldInvalid } from '../../app/policy.js';
import { serve } from '../../app/route.js';
import { allCities, areaNameOf, cityExists } from '../area/index.js';
import { recordAudit, diff } from '../audit-log/index.js';
import { merchantCurrency } from '../currency/index.js';
import { deviceTypeNameOf, findTypeOfKind, typeIdsByCode, vehicleCompartmentsOf } from '../device-type/index.js';
import { merchantExists, merchantNameOf } from '../merchant/index.js';
import { basePrices } from './price.table.js';

/**
 * Base prices and the price look-up of orders (docs/operation-centre.md, "Base prices"). A merchant's
 * staff reach their merchant's prices only; a platform administrator names the merchant of a new one.
 */

type BasePriceRow = typeof basePrices.$inferSelect;
type Listed = BasePriceRow & { merchantName: string | null; vehicleTypeName: string | null; cityName: string | null };

/** What an add or edit writes and the audit trail records (amounts as the database answers them). */
function priceFields(source: BasePriceAdd | BasePriceEdit | BasePriceRow) {
  const typeId = source.vehicleTypeId ?? ANY_BIKE;
  return {
    operationType: source.operationType,
    vehicleTypeId: typeId === ANY_BIKE ? null : typeId,
    batteryCount: source.batteryCount,
    cityId: source.cityId,
    price: normalizeMoney(source.price),
    deposit: normalizeMoney(source.deposit),
    rent: normalizeMoney(source.rent),
    dailyRate: normalizeMoney(source.dailyRate),
    minDailyRate: normalizeMoney(source.minDailyRate),
  };
}

function present(row: Listed | BasePriceRow): BasePriceRecord {
  const named = row as Partial<Listed>;
  return {
    id: row.id,
    merchantId: row.merchantId,
    merchantName: named.merchantName ?? null,
    operationType: row.operationType,
    vehicleTypeId: row.vehicleTypeId ?? ANY_BIKE,
    vehicleTypeName: named.vehicleTypeName ?? null,
    batteryCount: row.batteryCount,
    cityId: row.cityId,
    cityName: named.cityName ?? null,
    currency: row.currency,
    price: row.price,
    deposit: row.deposit,
    rent: row.rent,
    dailyRate: row.dailyRate,
    minDailyRate: row.minDailyRate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const records = ownedRecords({
  table: basePrices,
  id: basePrices.id,
  merchantId: basePrices.merchantId,
  updatedAt: basePrices.updatedAt,
  objectType: 'basePrice',
  fields: (source: ReturnType<typeof priceFields>) => priceFields(source as never),
  present,
});

/** Operation centre → Pricing → Vehicle prices, newest first. */
export const basePriceList = defineList({
  endpoint: basePriceApi.search,
  table: basePrices,
  id: basePrices.id,
  select: {
    ...getTableColumns(basePrices),
    merchantName: merchantNameOf(basePrices.merchantId),
    vehicleTypeName: deviceTypeNameOf(basePrices.vehicleTypeId),
    cityName: areaNameOf(basePrices.cityId),
  },
  scope: records.scope,
  filters: {
    merchantId: (merchantId) => eq(basePrices.merchantId, merchantId),
    operationType: {
      where: (type) => eq(basePrices.operationType, type),
      unindexed: 'Four operation types: a quarter of a tenant’s prices, found at once walking the list order.',
    },
    vehicleTypeId: (typeId) => (typeId === ANY_BIKE ? sql`${basePrices.vehicleTypeId} is null` : eq(basePrices.vehicleTypeId, typeId)),
    batteryCount: {
      where: (count) => eq(basePrices.batteryCount, count),
      unindexed: 'One or two batteries: half of the prices, found at once walking the list order.',
    },
    cityId: (cityId) => eq(basePrices.cityId, cityId),
  },
  defaultOrder: () => ({ column: basePrices.createdAt, direction: 'desc' }),
  count: 'exact',
  present: (row) => present(row as Listed),
});

/**
 * Whether the price's vehicle type and number of batteries fit: a vehicle type that exists (Any Bike
 * only with LEASE, which the contracts check too) and never more batteries than its compartments.
 */
async function assertVehicleFits(db: Db, ctx: Ctx, fields: ReturnType<typeof priceFields>): Promise<void> {
  if (fields.vehicleTypeId === null) {
    if (fields.operationType !== ANY_BIKE_OPERATION) throw fieldInvalid(ctx, 'vehicleTypeId');
    return;
  }
  const type = await findTypeOfKind(db, 'vehicle', fields.vehicleTypeId);
  if (!type) throw new AppError('typeMissing');
  if (fields.batteryCount > (type.batteryCompartments ?? 0)) throw new AppError('batteryCountExceeded');
}

async function assertCity(db: Db, ctx: Ctx, cityId: number): Promise<void> {
  if (!(await cityExists(db, cityId))) throw fieldInvalid(ctx, 'cityId');
}

/** The merchant a new price belongs to: a merchant's staff their own, a platform administrator the one named. */
async function merchantOfNewPrice(ctx: Ctx, input: BasePriceAdd): Promise<number> {
  const own = ctx.principal.merchantId;
  if (own !== null) return own;
  if (input.merchantId === undefined || input.merchantId === null) throw new AppError('platformMustChooseAgent');
  if (!(await merchantExists(ctx.db, input.merchantId))) throw new AppError('agentMissing');
  return input.merchantId;
}

/** A second price for the same key, also when two saves race: the unique key refuses one of them. */
async function uniquely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('priceSettingExists');
    throw error;
  }
}

export async function addBasePrice(ctx: Ctx, input: BasePriceAdd): Promise<BasePriceRecord> {
  const merchantId = await merchantOfNewPrice(ctx, input);
  const fields = priceFields(input);
  await assertVehicleFits(ctx.db, ctx, fields);
  await assertCity(ctx.db, ctx, fields.cityId);
  const currency = await merchantCurrency(ctx.db, merchantId);
  return uniquely(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(basePrices)
        .values({ ...fields, merchantId, currency })
        .returning();
      await recordAudit(tx, ctx, {
        action: 'basePrice.add',
        objectType: 'basePrice',
        objectId: row!.id,
        changes: { merchantId, ...fields },
      });
      return present(row!);
    }),
  );
}

export async function editBasePrice(ctx: Ctx, input: BasePriceEdit): Promise<BasePriceRecord> {
  const fields = priceFields(input);
  return uniquely(() =>
    ctx.db.transaction(async (tx) => {
      const before = await records.lockOwn(tx, ctx, input.id);
      await assertVehicleFits(tx, ctx, fields);
      await assertCity(tx, ctx, fields.cityId);
      const currency = await merchantCurrency(tx, before.merchantId);
      const [row] = await tx
        .update(basePrices)
        .set({ ...fields, currency, updatedAt: new Date() })
        .where(eq(basePrices.id, input.id))
        .returning();
      await recordAudit(tx, ctx, {
        action: 'basePrice.edit',
        objectType: 'basePrice',
        objectId: input.id,
        changes: diff(priceFields(before), fields),
      });
      return present(row!);
    }),
  );
}

/** Whether a base price names the merchant, vehicle type or city (each read on an index leading with it). */
export async function basePricesName(db: Db, key: 'merchantId' | 'vehicleTypeId' | 'cityId', id: number): Promise<boolean> {
  const [row] = await db.select({ id: basePrices.id }).from(basePrices).where(eq(basePrices[key], id)).limit(1);
  return row !== undefined;
}

/** What an order asks the price of. */
export interface BasePriceQuery {
  merchantId: number;
  operationType: string;
  /** null for Any Bike (LEASE only). */
  vehicleTypeId: number | null;
  batteryCount: number;
  cityId: number;
}

/** A base price as the look-up answers it: amounts are exact decimal strings. */
export type BasePrice = BasePriceRow;

const typeKey = sql<number>`coalesce(${basePrices.vehicleTypeId}, 0)`;

/**
 * The base price of an order (docs/operation-centre.md, "The price look-up"): the merchant's price
 * for the operation type, vehicle type, number of batteries and city, read by one walk of the unique
 * key. A LEASE of a vehicle type without its own price takes the city's Any Bike price. When there is
 * none, it says why: "no base price found" for an operation type, vehicle type or number of batteries
 * that cannot have one, "no price set in the city" when the merchant has no price there at all, else
 * "price is not configured".
 */
export async function findBasePrice(db: Db, query: BasePriceQuery): Promise<BasePrice> {
  const { merchantId, operationType, vehicleTypeId, batteryCount, cityId } = query;
  const known = (OPERATION_TYPES as readonly string[]).includes(operationType);
  const countOk = Number.isInteger(batteryCount) && batteryCount >= 1 && batteryCount <= VEHICLE_MAX_BATTERIES;
  if (!known || !countOk || (vehicleTypeId === null && operationType !== ANY_BIKE_OPERATION)) throw new AppError('noBasePriceFound');
  const keys = vehicleTypeId === null ? [ANY_BIKE] : operationType === ANY_BIKE_OPERATION ? [vehicleTypeId, ANY_BIKE] : [vehicleTypeId];
  const match = db
    .select()
    .from(basePrices)
    .where(
      and(
        eq(basePrices.merchantId, merchantId),
        eq(basePrices.cityId, cityId),
        eq(basePrices.operationType, operationType as OperationType),
        inArray(typeKey, keys),
        eq(basePrices.batteryCount, batteryCount),
      ),
    )
    .orderBy(desc(typeKey))
    .limit(1)
    .as('match');
  // One statement answers the price and, only when it is missing, why: the vehicle type's compartments
  // (a stored price was checked when saved) and whether the merchant has any price in the city.
  const columns = Object.fromEntries(
    Object.keys(getTableColumns(basePrices)).map((key) => [key, (match as unknown as Record<string, unknown>)[key]]),
  );
  const [answer] = await db
    .select({
      price: columns as unknown as typeof basePrices._.columns,
      compartments:
        vehicleTypeId === null
          ? sql<null>`null`
          : sql<number | null>`case when ${match.vehicleTypeId} is null then ${vehicleCompartmentsOf(vehicleTypeId)} end`,
      inCity: sql<boolean | null>`case when ${match.id} is null then exists (select 1 from ${basePrices} where ${and(
        eq(basePrices.merchantId, merchantId),
        eq(basePrices.cityId, cityId),
      )}) end`,
    })
    .from(sql`(select 1) as one`)
    .leftJoinLateral(match, sql`true`);
  const row = answer!.price as BasePriceRow | null;
  if (row && (row.vehicleTypeId !== null || vehicleTypeId === null)) return row;
  if (vehicleTypeId !== null) {
    const compartments = answer!.compartments;
    if (compartments === null || batteryCount > compartments) throw new AppError('noBasePriceFound');
  }
  if (row) return row;
  throw new AppError(answer!.inCity ? 'priceNotConfigured' : 'noPriceInCity');
}

const CSV_COLUMNS: CsvColumn<BasePriceRecord>[] = fieldColumns([
  'id',
  'merchantName',
  'operationType',
  'vehicleTypeName',
  'batteryCount',
  'cityName',
  'currency',
  'price',
  'deposit',
  'rent',
  'dailyRate',
  'minDailyRate',
  'createdAt',
]);

/** Operation centre → Pricing → Vehicle prices (/basic-pricing/vehicle-price). */
export function registerPriceRoutes(app: FastifyInstance): void {
  serve(app, basePriceApi.search, ({ input, ctx }) => basePriceList.search(ctx, input));
  serve(app, basePriceApi.add, ({ input, ctx }) => addBasePrice(ctx, input));
  serve(app, basePriceApi.edit, ({ input, ctx }) => editBasePrice(ctx, input));
  serve(app, basePriceApi.remove, ({ input, ctx }) => records.remove(ctx, input.id));
  serve(app, pricingApi.cities, ({ ctx }) => allCities(ctx.db));
  serve(app, basePriceApi.export, ({ input, ctx, reply }) =>
    basePriceList.sendExport(reply, ctx, input, { filename: 'base-prices.csv', columns: CSV_COLUMNS }),
  );
}

/**
 * Demo base prices of the two demo merchants in their cities, every operation type, Any Bike among
 * them, and a city with no price yet (East Jakarta); once.
 */
export async function seedDemoBasePrices(db: Db, merchantIds: Record<string, number>): Promise<void> {
  const [any] = await db.select({ id: basePrices.id }).from(basePrices).limit(1);
  if (any) return;
  const types = await typeIdsByCode(db, 'vehicle');
  const cities = Object.fromEntries((await allCities(db)).map((city) => [city.name, city.id]));
  const single = types['ES1'];
  const dual = types['EM2'];
  type Demo = [OperationType, number | undefined, number, string, [string, string, string, string, string]];
  const plans: [string | undefined, string, Demo[]][] = [
    [
      'Demo Agent',
      'Central Jakarta',
      [
        ['NEW', single, 1, '', ['18500000', '0', '0', '0', '0']],
        ['LEASE', single, 1, '', ['0', '500000', '650000', '25000', '20000']],
        ['LEASE', dual, 2, '', ['0', '750000', '950000', '35000', '30000']],
        ['LEASE', undefined, 1, 'any', ['0', '450000', '600000', '22000', '20000']],
        ['SALE', dual, 2, '', ['32500000', '0', '0', '0', '0']],
        ['LEASE_TO_OWN', dual, 2, '', ['0', '1000000', '1250000', '45000', '40000']],
      ],
    ],
    [
      'Demo Agent',
      'South Jakarta',
      [
        ['LEASE', single, 1, '', ['0', '500000', '700000', '27500', '20000']],
        ['SALE', single, 1, '', ['19250000', '0', '0', '0', '0']],
      ],
    ],
    [
      'Siam Swap Direct',
      'Pathum Wan',
      [
        // in baht, the merchant's currency
        ['LEASE', undefined, 1, 'any', ['0', '1000', '1100', '40', '35']],
        ['SALE', dual, 2, '', ['65000', '0', '0', '0', '0']],
        ['LEASE_TO_OWN', single, 1, '', ['0', '2000', '2300', '80', '70']],
      ],
    ],
  ];
  for (const [merchant, city, rows] of plans) {
    const merchantId = merchant ? merchantIds[merchant] : undefined;
    const cityId = cities[city];
    if (merchantId === undefined || cityId === undefined) continue;
    const currency = await merchantCurrency(db, merchantId);
    for (const [operationType, typeId, batteryCount, anyBike, [price, deposit, rent, dailyRate, minDailyRate]] of rows) {
      if (typeId === undefined && anyBike !== 'any') continue;
      await db.insert(basePrices).values({
        merchantId,
        cityId,
        currency,
        operationType,
        vehicleTypeId: anyBike === 'any' ? null : typeId!,
        batteryCount,
        price,
        deposit,
        rent,
        dailyRate,
        minDailyRate,
      });
    }
  }
}
