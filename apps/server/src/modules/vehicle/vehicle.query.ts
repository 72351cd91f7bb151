import { and, eq, gte, inArray, like, lte, sql, type SQL } from 'drizzle-orm';
import { vehicleApi, type VehicleRecord } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import type { Db } from '../../db/client.js';
import { prefixPattern } from '../../app/pagination.js';
import { defineList } from '../../app/list.js';
import { merchantJoin, merchantNameOf, shownMerchantName, shownMerchantNameSql } from '../merchant/index.js';
import { deviceTypeJoin } from '../device-type/index.js';
import { batteryJoin, vehicleIdsOfBattery } from '../battery/index.js';
import { deviceInArea, deviceScope, ownerCondition } from '../device-registry/index.js';
import { vehicles } from './vehicle.table.js';

export function vehicleScope(ctx: Pick<Ctx, 'principal'>): SQL | undefined {
  return deviceScope(ctx, vehicles.merchantId);
}

/** A vehicle the caller may see (its log, its history); another tenant's answers "vehicle does not exist". */
export async function visibleVehicle(ctx: Ctx, id: number): Promise<{ id: number; number: string }> {
  const [row] = await ctx.db
    .select({ id: vehicles.id, number: vehicles.number })
    .from(vehicles)
    .where(and(eq(vehicles.id, id), vehicleScope(ctx)));
  if (!row) throw new AppError('vehicleMissing');
  return row;
}

// Type, owner and the two bound batteries come from their own modules as joins: the page stays one statement.
const type = deviceTypeJoin(vehicles.typeId);
const merchant = merchantJoin(vehicles.merchantId);
const battery1 = batteryJoin(vehicles.battery1Id, 'battery1');
const battery2 = batteryJoin(vehicles.battery2Id, 'battery2');

interface Row {
  vehicle: typeof vehicles.$inferSelect;
  typeCode: string;
  typeName: string;
  batteryCompartments: number | null;
  merchantName: string | null;
  dealerName: string | null;
  battery1Number: string | null;
  battery1Capacity: number | null;
  battery2Number: string | null;
  battery2Capacity: number | null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function present(row: Row, ctx: Pick<Ctx, 'principal' | 'lang'>): VehicleRecord {
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
    dealer: v.dealerId !== null && row.dealerName !== null ? shownMerchantName(ctx, v.dealerId, row.dealerName) : v.dealer,
    battery1Number: row.battery1Number,
    battery2Number: row.battery2Number,
    batteryCapacities: capacities,
    scrappedAt: iso(v.scrappedAt),
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

/** Vehicles (Product centre → Vehicles). */
export const vehicleList = defineList({
  endpoint: vehicleApi.search,
  table: vehicles,
  id: vehicles.id,
  select: {
    vehicle: vehicles,
    typeCode: type.code,
    typeName: type.name,
    batteryCompartments: type.batteryCompartments,
    merchantName: merchant.name,
    dealerName: merchantNameOf(vehicles.dealerId),
    battery1Number: battery1.number,
    battery1Capacity: battery1.ratedCapacity,
    battery2Number: battery2.number,
    battery2Capacity: battery2.ratedCapacity,
  },
  joins: [type.join, merchant.join, battery1.join, battery2.join],
  scope: vehicleScope,
  filters: {
    merchantId: (owner) => ownerCondition(vehicles.merchantId, owner),
    number: (number) => like(vehicles.number, prefixPattern(number)),
    vin: (vin) => eq(vehicles.vin, vin.toUpperCase()),
    typeId: (typeId) => eq(vehicles.typeId, typeId),
    brand: (brand) => eq(vehicles.brand, brand),
    model: (model) => eq(vehicles.model, model),
    stockStatus: (status) => eq(vehicles.stockStatus, status),
    scrapStatus: {
      where: (status) => eq(vehicles.scrapStatus, status),
      unindexed: { NORMAL: 'Nearly every vehicle is in use: a page is found at once walking the list order.' },
    },
    saleStatus: (status) => eq(vehicles.saleStatus, status),
    availability: (availability) => eq(vehicles.availability, availability),
    saleMode: (mode) => eq(vehicles.saleMode, mode),
    activationStatus: (status) => eq(vehicles.activationStatus, status),
    distributionStatus: (status) => eq(vehicles.distributionStatus, status),
    // Through the battery's own vehicle_id: one unique-index probe, not an OR over two columns.
    batteryNumber: (number, ctx) => inArray(vehicles.id, vehicleIdsOfBattery(ctx.db, number)),
    areaId: (areaId) => deviceInArea(vehicles.stationId, areaId),
    createdFrom: (from) => gte(vehicles.createdAt, new Date(from)),
    createdTo: (to) => lte(vehicles.createdAt, new Date(to)),
  },
  // Newest first. With a creation range, by creation time: the (created_at, id) index then serves range and order.
  defaultOrder: (query) => (query.createdFrom || query.createdTo ? { column: vehicles.createdAt, direction: 'desc' } : undefined),
  count: 'capped',
  present: (row: Row, ctx) => present(row, ctx),
  missing: 'vehicleMissing',
  // An export reads stored rows; the fields the presenter computes are the same expressions in SQL.
  rawExport: {
    presented: ['dealer', 'batteryCapacities', 'batteryCompartments'],
    computed: (ctx) => ({
      dealer: sql`case when ${vehicles.dealerId} is not null and ${merchantNameOf(vehicles.dealerId)} is not null
        then ${shownMerchantNameSql(ctx, vehicles.dealerId, merchantNameOf(vehicles.dealerId))} else ${vehicles.dealer} end`,
      batteryCapacities: sql`(case when ${vehicles.battery1Id} is not null then jsonb_build_array(${battery1.ratedCapacity}) else '[]'::jsonb end)
        || (case when ${vehicles.battery2Id} is not null then jsonb_build_array(${battery2.ratedCapacity}) else '[]'::jsonb end)`,
    }),
  },
});

/** One vehicle the caller may see; another tenant's answers "vehicle does not exist". */
export const vehicleDetail = vehicleList.detail;

export const VEHICLE_CSV_FIELDS: (keyof VehicleRecord)[] = [
  'id',
  'number',
  'name',
  'typeCode',
  'typeName',
  'brand',
  'model',
  'merchantName',
  'distributionStatus',
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

/** The vehicles with these numbers: id, owner and the number of the pack in their first compartment (the telemetry demo drives them). */
export async function vehiclesByNumber(db: Db, numbers: string[]) {
  const battery = batteryJoin(vehicles.battery1Id);
  return db
    .select({ id: vehicles.id, number: vehicles.number, merchantId: vehicles.merchantId, battery: battery.number })
    .from(vehicles)
    .leftJoin(battery.join.table, battery.join.on)
    .where(inArray(vehicles.number, numbers));
}
