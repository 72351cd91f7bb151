import { and, desc, eq, gte, inArray, like, lte, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DevicePage, VehicleRecord, VehicleSearch } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { orderBy, pageWindow, prefixPattern, toPage } from '../../app/pagination.js';
import { EXPORT_MAX_ROWS } from '../../app/csv.js';
import { keysetChunks, keysetOrder } from '../../app/keyset.js';
import { merchants } from '../merchant/merchant.table.js';
import { deviceTypes } from '../device-type/device-type.table.js';
import { batteries } from '../battery/battery.table.js';
import { countDevices, deviceScope, ownerCondition } from '../device/index.js';
import { vehicles } from './vehicle.table.js';

export function vehicleScope(ctx: Pick<Ctx, 'principal'>): SQL | undefined {
  return deviceScope(ctx, vehicles.merchantId);
}

function filters(ctx: Ctx, query: Omit<VehicleSearch, 'current' | 'size' | 'sort'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [vehicleScope(ctx), ownerCondition(vehicles.merchantId, query.merchantId)];
  if (query.number) conditions.push(like(vehicles.number, prefixPattern(query.number)));
  if (query.vin) conditions.push(eq(vehicles.vin, query.vin.toUpperCase()));
  if (query.typeId) conditions.push(eq(vehicles.typeId, query.typeId));
  if (query.brand) conditions.push(eq(vehicles.brand, query.brand));
  if (query.model) conditions.push(eq(vehicles.model, query.model));
  if (query.stockStatus) conditions.push(eq(vehicles.stockStatus, query.stockStatus));
  if (query.scrapStatus) conditions.push(eq(vehicles.scrapStatus, query.scrapStatus));
  if (query.saleStatus) conditions.push(eq(vehicles.saleStatus, query.saleStatus));
  if (query.availability) conditions.push(eq(vehicles.availability, query.availability));
  if (query.saleMode) conditions.push(eq(vehicles.saleMode, query.saleMode));
  if (query.activationStatus) conditions.push(eq(vehicles.activationStatus, query.activationStatus));
  if (query.batteryNumber) {
    // Through the battery's own vehicle_id: one unique-index probe, not an OR over two columns.
    conditions.push(
      inArray(vehicles.id, ctx.db.select({ id: batteries.vehicleId }).from(batteries).where(eq(batteries.number, query.batteryNumber))),
    );
  }
  if (query.createdFrom) conditions.push(gte(vehicles.createdAt, new Date(query.createdFrom)));
  if (query.createdTo) conditions.push(lte(vehicles.createdAt, new Date(query.createdTo)));
  return and(...conditions);
}

const SORTABLE = { id: vehicles.id, number: vehicles.number, createdAt: vehicles.createdAt };

/** Newest first. With a creation range, by creation time: the (created_at, id) index then serves range and order. */
function defaultOrder(query: Pick<VehicleSearch, 'createdFrom' | 'createdTo'>): SQL[] {
  return query.createdFrom || query.createdTo ? [desc(vehicles.createdAt)] : [];
}

const battery1 = alias(batteries, 'battery1');
const battery2 = alias(batteries, 'battery2');

const columns = {
  vehicle: vehicles,
  typeCode: deviceTypes.code,
  typeName: deviceTypes.name,
  batteryCompartments: deviceTypes.batteryCompartments,
  merchantName: merchants.name,
  battery1Number: battery1.number,
  battery1Capacity: battery1.ratedCapacity,
  battery2Number: battery2.number,
  battery2Capacity: battery2.ratedCapacity,
};

interface Row {
  vehicle: typeof vehicles.$inferSelect;
  typeCode: string;
  typeName: string;
  batteryCompartments: number | null;
  merchantName: string | null;
  battery1Number: string | null;
  battery1Capacity: number | null;
  battery2Number: string | null;
  battery2Capacity: number | null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function present(row: Row): VehicleRecord {
  const v = row.vehicle;
  const capacities: (number | null)[] = [];
  if (v.battery1Id !== null) capacities.push(row.battery1Capacity);
  if (v.battery2Id !== null) capacities.push(row.battery2Capacity);
  return {
    ...v,
    typeCode: row.typeCode,
    typeName: row.typeName,
    batteryCompartments: row.batteryCompartments ?? 1,
    merchantName: row.merchantName,
    battery1Number: row.battery1Number,
    battery2Number: row.battery2Number,
    batteryCapacities: capacities,
    scrappedAt: iso(v.scrappedAt),
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

function joined(ctx: Ctx) {
  return ctx.db
    .select(columns)
    .from(vehicles)
    .innerJoin(deviceTypes, eq(deviceTypes.id, vehicles.typeId))
    .leftJoin(merchants, eq(merchants.id, vehicles.merchantId))
    .leftJoin(battery1, eq(battery1.id, vehicles.battery1Id))
    .leftJoin(battery2, eq(battery2.id, vehicles.battery2Id));
}

/** One query for the page (ids picked on the vehicle table alone, then joined), one for the total. */
export async function searchVehicles(ctx: Ctx, query: VehicleSearch): Promise<DevicePage<VehicleRecord>> {
  const where = filters(ctx, query);
  const order = orderBy(query.sort, SORTABLE, defaultOrder(query), vehicles.id);
  const { limit, offset } = pageWindow(query);
  const pageIds = ctx.db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const rows: Row[] = await joined(ctx)
    .where(inArray(vehicles.id, pageIds))
    .orderBy(...order);
  const { total, exact } = await countDevices(ctx.db, vehicles, where);
  return { ...toPage(rows.map(present), total, query), totalExact: exact };
}

/** Every row of the filtered list in the list's order, in keyset chunks (streamed to the CSV). */
export function exportVehicleChunks(ctx: Ctx, query: VehicleSearch): AsyncGenerator<VehicleRecord[]> {
  const byCreation = query.createdFrom || query.createdTo ? { column: vehicles.createdAt, direction: 'desc' as const } : undefined;
  return keysetChunks({
    table: vehicles,
    id: vehicles.id,
    order: keysetOrder(query.sort, SORTABLE, byCreation),
    where: filters(ctx, query),
    max: EXPORT_MAX_ROWS,
    fetch: async (where, order, limit) =>
      (
        (await joined(ctx)
          .where(where)
          .orderBy(...order)
          .limit(limit)) as Row[]
      ).map(present),
    idOf: (row) => row.id,
  });
}

/** One vehicle the caller may see; another tenant's answers "vehicle does not exist". */
export async function vehicleDetail(ctx: Ctx, id: number): Promise<VehicleRecord> {
  const [row] = await joined(ctx).where(and(eq(vehicles.id, id), vehicleScope(ctx)));
  if (!row) throw new AppError('vehicleMissing');
  return present(row);
}

export const VEHICLE_CSV_FIELDS: (keyof VehicleRecord)[] = [
  'id',
  'number',
  'name',
  'typeCode',
  'typeName',
  'brand',
  'model',
  'merchantName',
  'activationStatus',
  'accState',
  'fault',
  'compartmentType',
  'battery1Number',
  'battery2Number',
  'batteryCapacities',
  'boundUserId',
  'dealer',
  'motorNumber',
  'engineNumber',
  'vin',
  'rateCapacity',
  'rateVoltage',
  'saleStatus',
  'availability',
  'saleMode',
  'stockStatus',
  'scrapStatus',
  'scrapReason',
  'scrappedAt',
  'location',
  'createdAt',
];
