import { and, eq, gte, isNotNull, isNull, like, lte, type SQL } from 'drizzle-orm';
import { batteryApi, type BatteryRecord } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { prefixPattern } from '../../app/pagination.js';
import { defineList } from '../../app/list.js';
import { merchantJoin } from '../merchant/index.js';
import { deviceTypeJoin } from '../device-type/index.js';
import { deviceInArea, deviceScope, ownerCondition } from '../device-registry/index.js';
import { batteries } from './battery.table.js';
import { batteryVehicles, type BatteryVehicles } from './battery.vehicles.js';
import { batteryHolders } from './battery.holders.js';

export function batteryScope(ctx: Pick<Ctx, 'principal'>): SQL | undefined {
  return deviceScope(ctx, batteries.merchantId);
}

/** The id and number of a battery the caller may see; another tenant's answers "battery does not exist". */
export async function visibleBattery(ctx: Ctx, id: number): Promise<{ id: number; number: string }> {
  const [row] = await ctx.db
    .select({ id: batteries.id, number: batteries.number })
    .from(batteries)
    .where(and(eq(batteries.id, id), batteryScope(ctx)));
  if (!row) throw new AppError('batteryMissing');
  return row;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A hand-out authorized and not yet reported holds the battery until the marker expires. */
export function isMidSwap(lockedUntil: Date | null, now = new Date()): boolean {
  return lockedUntil !== null && lockedUntil.getTime() > now.getTime();
}

interface Row {
  battery: typeof batteries.$inferSelect;
  typeCode: string;
  typeName: string;
  merchantName: string | null;
  vehicleNumber: string | null;
  holderCustomerNumber: string | null;
}

// Type, owner and vehicle come from their own modules as joins: the page stays one statement.
const type = deviceTypeJoin(batteries.typeId);
const merchant = merchantJoin(batteries.merchantId);

let list: ReturnType<typeof declareList> | undefined;

/** The battery list, declared on first use with the vehicle join the registry handed over. */
export function batteryList() {
  return (list ??= declareList(batteryVehicles()));
}

/** Batteries (Product centre → Batteries): every filter is an equality, a range or a prefix one of the battery indexes serves. */
const declareList = (vehicles: BatteryVehicles) => {
  const vehicle = vehicles.join(batteries.vehicleId);
  // The holder's number (the customer module's join, left: most batteries have none).
  const holder = batteryHolders().join(batteries.holderCustomerId);
  return defineList({
    endpoint: batteryApi.search,
    table: batteries,
    id: batteries.id,
    select: {
      battery: batteries,
      typeCode: type.code,
      typeName: type.name,
      merchantName: merchant.name,
      vehicleNumber: vehicle.number,
      holderCustomerNumber: holder.number,
    },
    joins: [type.join, merchant.join, vehicle.join, holder.join],
    scope: batteryScope,
    filters: {
      merchantId: (owner) => ownerCondition(batteries.merchantId, owner),
      number: (number) => like(batteries.number, prefixPattern(number)),
      imei: (imei) => eq(batteries.imei, imei),
      typeId: (typeId) => eq(batteries.typeId, typeId),
      brand: (brand) => eq(batteries.brand, brand),
      model: (model) => eq(batteries.model, model),
      stockStatus: (status) => eq(batteries.stockStatus, status),
      scrapStatus: {
        where: (status) => eq(batteries.scrapStatus, status),
        unindexed: { NORMAL: 'Nearly every battery is in use: a page is found at once walking the list order.' },
      },
      alarmStatus: {
        where: (status) => eq(batteries.alarmStatus, status),
        unindexed: { NORMAL: 'Nearly every battery is without alarm: a page is found at once walking the list order.' },
      },
      chargeSwitch: {
        where: (state) => eq(batteries.chargeSwitch, state),
        unindexed: { ALLOWED: 'Nearly every battery may charge: a page is found at once walking the list order.' },
      },
      dischargeSwitch: {
        where: (state) => eq(batteries.dischargeSwitch, state),
        unindexed: { ALLOWED: 'Nearly every battery may discharge: a page is found at once walking the list order.' },
      },
      structure: (structure) => eq(batteries.structure, structure),
      bound: {
        where: (bound) => (bound ? isNotNull(batteries.vehicleId) : isNull(batteries.vehicleId)),
        examples: [true, false],
        unindexed: { false: 'Most batteries are free: a page is found at once walking the list order.' },
      },
      distributionStatus: {
        where: (status) => eq(batteries.distributionStatus, status),
        unindexed: { ASSIGNED: 'Most batteries are assigned: a page is found at once walking the list order.' },
      },
      returnStatus: {
        where: (status) => eq(batteries.returnStatus, status),
        unindexed: { NONE: 'Most batteries are not being returned: a page is found at once walking the list order.' },
      },
      areaId: (areaId) => deviceInArea(batteries.stationId, areaId),
      createdFrom: (from) => gte(batteries.createdAt, new Date(from)),
      createdTo: (to) => lte(batteries.createdAt, new Date(to)),
    },
    // Newest first. With a creation range, by creation time: the (created_at, id) index then serves range and order.
    defaultOrder: (query) => (query.createdFrom || query.createdTo ? { column: batteries.createdAt, direction: 'desc' } : undefined),
    count: 'capped',
    present: ({ battery: b, ...joined }: Row): BatteryRecord => ({
      ...b,
      ...joined,
      scrappedAt: iso(b.scrappedAt),
      swapLockedUntil: iso(b.swapLockedUntil),
      midSwap: isMidSwap(b.swapLockedUntil),
      lastReportAt: iso(b.lastReportAt),
      createdAt: b.createdAt.toISOString(),
      updatedAt: b.updatedAt.toISOString(),
    }),
    missing: 'batteryMissing',
    // The presenter spreads the stored row and writes its times as ISO strings: an export reads stored rows.
    rawExport: { presented: ['midSwap'] },
  });
};

/** One battery the caller may see; another tenant's answers "battery does not exist". */
export const batteryDetail: ReturnType<typeof batteryList>['detail'] = (ctx, id) => batteryList().detail(ctx, id);

export const BATTERY_CSV_FIELDS: (keyof BatteryRecord)[] = [
  'id',
  'number',
  'name',
  'typeCode',
  'typeName',
  'brand',
  'model',
  'imei',
  'weight',
  'ratedVoltage',
  'ratedCapacity',
  'ratedCurrent',
  'softwareVersion',
  'hardwareVersion',
  'cellCount',
  'structure',
  'bmsBrand',
  'cellBrand',
  'capacity',
  'soc',
  'cycles',
  'temperature',
  'cellVoltages',
  'gsmSignal',
  'gpsSignal',
  'chargeSwitch',
  'dischargeSwitch',
  'alarmStatus',
  'scrapStatus',
  'scrapReason',
  'scrappedAt',
  'stockStatus',
  'distributionStatus',
  'returnStatus',
  'latitude',
  'longitude',
  'location',
  'androidSerialNumber',
  'merchantName',
  'vehicleNumber',
  'lastReportAt',
  'createdAt',
];
