import { and, desc, eq, gte, inArray, isNotNull, isNull, like, lte, type SQL } from 'drizzle-orm';
import type { BatteryRecord, BatterySearch, DevicePage } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { orderBy, pageWindow, prefixPattern, toPage } from '../../app/pagination.js';
import { EXPORT_MAX_ROWS } from '../../app/csv.js';
import { keysetChunks, keysetOrder } from '../../app/keyset.js';
import { merchants } from '../merchant/merchant.table.js';
import { deviceTypes } from '../device-type/device-type.table.js';
import { vehicles } from '../vehicle/vehicle.table.js';
import { countDevices, deviceScope, ownerCondition } from '../device/index.js';
import { batteries } from './battery.table.js';

export function batteryScope(ctx: Pick<Ctx, 'principal'>): SQL | undefined {
  return deviceScope(ctx, batteries.merchantId);
}

/** Every condition is an equality, a range or a prefix that one of the battery indexes serves. */
function filters(ctx: Ctx, query: Omit<BatterySearch, 'current' | 'size' | 'sort'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [batteryScope(ctx), ownerCondition(batteries.merchantId, query.merchantId)];
  if (query.number) conditions.push(like(batteries.number, prefixPattern(query.number)));
  if (query.imei) conditions.push(eq(batteries.imei, query.imei));
  if (query.typeId) conditions.push(eq(batteries.typeId, query.typeId));
  if (query.brand) conditions.push(eq(batteries.brand, query.brand));
  if (query.model) conditions.push(eq(batteries.model, query.model));
  if (query.stockStatus) conditions.push(eq(batteries.stockStatus, query.stockStatus));
  if (query.scrapStatus) conditions.push(eq(batteries.scrapStatus, query.scrapStatus));
  if (query.alarmStatus) conditions.push(eq(batteries.alarmStatus, query.alarmStatus));
  if (query.chargeSwitch) conditions.push(eq(batteries.chargeSwitch, query.chargeSwitch));
  if (query.dischargeSwitch) conditions.push(eq(batteries.dischargeSwitch, query.dischargeSwitch));
  if (query.structure) conditions.push(eq(batteries.structure, query.structure));
  if (query.bound === true) conditions.push(isNotNull(batteries.vehicleId));
  if (query.bound === false) conditions.push(isNull(batteries.vehicleId));
  if (query.distributionStatus) conditions.push(eq(batteries.distributionStatus, query.distributionStatus));
  if (query.returnStatus) conditions.push(eq(batteries.returnStatus, query.returnStatus));
  if (query.createdFrom) conditions.push(gte(batteries.createdAt, new Date(query.createdFrom)));
  if (query.createdTo) conditions.push(lte(batteries.createdAt, new Date(query.createdTo)));
  return and(...conditions);
}

const SORTABLE = { id: batteries.id, number: batteries.number, createdAt: batteries.createdAt };

/** Newest first. With a creation range, by creation time: the (created_at, id) index then serves range and order. */
function defaultOrder(query: Pick<BatterySearch, 'createdFrom' | 'createdTo'>): SQL[] {
  return query.createdFrom || query.createdTo ? [desc(batteries.createdAt)] : [];
}

const columns = {
  battery: batteries,
  typeCode: deviceTypes.code,
  typeName: deviceTypes.name,
  merchantName: merchants.name,
  vehicleNumber: vehicles.number,
};

interface Row {
  battery: typeof batteries.$inferSelect;
  typeCode: string;
  typeName: string;
  merchantName: string | null;
  vehicleNumber: string | null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A hand-out authorized and not yet reported holds the battery until the marker expires. */
export function isMidSwap(lockedUntil: Date | null, now = new Date()): boolean {
  return lockedUntil !== null && lockedUntil.getTime() > now.getTime();
}

function present({ battery: b, ...joined }: Row): BatteryRecord {
  return {
    ...b,
    ...joined,
    scrappedAt: iso(b.scrappedAt),
    swapLockedUntil: iso(b.swapLockedUntil),
    midSwap: isMidSwap(b.swapLockedUntil),
    lastReportAt: iso(b.lastReportAt),
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

function joined(ctx: Ctx) {
  return ctx.db
    .select(columns)
    .from(batteries)
    .innerJoin(deviceTypes, eq(deviceTypes.id, batteries.typeId))
    .leftJoin(merchants, eq(merchants.id, batteries.merchantId))
    .leftJoin(vehicles, eq(vehicles.id, batteries.vehicleId));
}

/**
 * One query for the page: the page's ids are picked on the battery table alone (an index walk,
 * however deep the offset), then only those rows are joined. One query for the total.
 */
export async function searchBatteries(ctx: Ctx, query: BatterySearch): Promise<DevicePage<BatteryRecord>> {
  const where = filters(ctx, query);
  const order = orderBy(query.sort, SORTABLE, defaultOrder(query), batteries.id);
  const { limit, offset } = pageWindow(query);
  const pageIds = ctx.db
    .select({ id: batteries.id })
    .from(batteries)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const rows: Row[] = await joined(ctx)
    .where(inArray(batteries.id, pageIds))
    .orderBy(...order);
  const { total, exact } = await countDevices(ctx.db, batteries, where);
  return { ...toPage(rows.map(present), total, query), totalExact: exact };
}

/** Every row of the filtered list in the list's order, in keyset chunks (streamed to the CSV). */
export function exportBatteryChunks(ctx: Ctx, query: BatterySearch): AsyncGenerator<BatteryRecord[]> {
  const byCreation = query.createdFrom || query.createdTo ? { column: batteries.createdAt, direction: 'desc' as const } : undefined;
  return keysetChunks({
    table: batteries,
    id: batteries.id,
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

/** One battery the caller may see; another tenant's answers "battery does not exist". */
export async function batteryDetail(ctx: Ctx, id: number): Promise<BatteryRecord> {
  const [row] = await joined(ctx).where(and(eq(batteries.id, id), batteryScope(ctx)));
  if (!row) throw new AppError('batteryMissing');
  return present(row);
}

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
