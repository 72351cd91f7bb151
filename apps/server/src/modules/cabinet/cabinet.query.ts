import { and, asc, desc, eq, gte, inArray, like, lte, type SQL } from 'drizzle-orm';
import type { CabinetDetail, CabinetRecord, CabinetSearch, DevicePage } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { orderBy, pageWindow, prefixPattern, toPage } from '../../app/pagination.js';
import { EXPORT_MAX_ROWS } from '../../app/csv.js';
import { keysetChunks, keysetOrder } from '../../app/keyset.js';
import { merchants } from '../merchant/merchant.table.js';
import { deviceTypes } from '../device-type/device-type.table.js';
import { batteries } from '../battery/battery.table.js';
import { countDevices, deviceScope, ownerCondition } from '../device/index.js';
import { heldCompartments } from '../swap/index.js';
import { cabinetCompartments, cabinets } from './cabinet.table.js';

export function cabinetScope(ctx: Pick<Ctx, 'principal'>): SQL | undefined {
  return deviceScope(ctx, cabinets.merchantId);
}

function filters(ctx: Ctx, query: Omit<CabinetSearch, 'current' | 'size' | 'sort'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [cabinetScope(ctx), ownerCondition(cabinets.merchantId, query.merchantId)];
  if (query.number) conditions.push(like(cabinets.number, prefixPattern(query.number)));
  if (query.imei) conditions.push(eq(cabinets.imei, query.imei));
  if (query.typeId) conditions.push(eq(cabinets.typeId, query.typeId));
  if (query.brand) conditions.push(eq(cabinets.brand, query.brand));
  if (query.model) conditions.push(eq(cabinets.model, query.model));
  if (query.site) conditions.push(eq(cabinets.site, query.site));
  if (query.networkType) conditions.push(eq(cabinets.networkType, query.networkType));
  if (query.supplyStatus) conditions.push(eq(cabinets.supplyStatus, query.supplyStatus));
  if (query.stockStatus) conditions.push(eq(cabinets.stockStatus, query.stockStatus));
  if (query.scrapStatus) conditions.push(eq(cabinets.scrapStatus, query.scrapStatus));
  if (query.createdFrom) conditions.push(gte(cabinets.createdAt, new Date(query.createdFrom)));
  if (query.createdTo) conditions.push(lte(cabinets.createdAt, new Date(query.createdTo)));
  return and(...conditions);
}

const SORTABLE = { id: cabinets.id, number: cabinets.number, createdAt: cabinets.createdAt };

/** Newest first. With a creation range, by creation time: the (created_at, id) index then serves range and order. */
function defaultOrder(query: Pick<CabinetSearch, 'createdFrom' | 'createdTo'>): SQL[] {
  return query.createdFrom || query.createdTo ? [desc(cabinets.createdAt)] : [];
}

const columns = { cabinet: cabinets, typeCode: deviceTypes.code, typeName: deviceTypes.name, merchantName: merchants.name };

interface Row {
  cabinet: typeof cabinets.$inferSelect;
  typeCode: string;
  typeName: string;
  merchantName: string | null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

// The meter readings belong to the detail only: a list page does not carry them.
function present({ cabinet: { meterReadings: _meters, ...c }, ...joined }: Row): CabinetRecord {
  return {
    ...c,
    ...joined,
    purchaseTime: iso(c.purchaseTime),
    scrappedAt: iso(c.scrappedAt),
    lastReportAt: iso(c.lastReportAt),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

function joined(ctx: Ctx) {
  return ctx.db
    .select(columns)
    .from(cabinets)
    .innerJoin(deviceTypes, eq(deviceTypes.id, cabinets.typeId))
    .leftJoin(merchants, eq(merchants.id, cabinets.merchantId));
}

/** One query for the page (ids picked on the cabinet table alone, then joined), one for the total. */
export async function searchCabinets(ctx: Ctx, query: CabinetSearch): Promise<DevicePage<CabinetRecord>> {
  const where = filters(ctx, query);
  const order = orderBy(query.sort, SORTABLE, defaultOrder(query), cabinets.id);
  const { limit, offset } = pageWindow(query);
  const pageIds = ctx.db
    .select({ id: cabinets.id })
    .from(cabinets)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const rows: Row[] = await joined(ctx)
    .where(inArray(cabinets.id, pageIds))
    .orderBy(...order);
  const { total, exact } = await countDevices(ctx.db, cabinets, where);
  return { ...toPage(rows.map(present), total, query), totalExact: exact };
}

/** Every row of the filtered list in the list's order, in keyset chunks (streamed to the CSV). */
export function exportCabinetChunks(ctx: Ctx, query: CabinetSearch): AsyncGenerator<CabinetRecord[]> {
  const byCreation = query.createdFrom || query.createdTo ? { column: cabinets.createdAt, direction: 'desc' as const } : undefined;
  return keysetChunks({
    table: cabinets,
    id: cabinets.id,
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

/** The id and number of a cabinet the caller may see; another tenant's answers "cabinet does not exist". */
export async function visibleCabinet(ctx: Ctx, id: number): Promise<{ id: number; number: string }> {
  const [row] = await ctx.db
    .select({ id: cabinets.id, number: cabinets.number })
    .from(cabinets)
    .where(and(eq(cabinets.id, id), cabinetScope(ctx)));
  if (!row) throw new AppError('cabinetMissing');
  return row;
}

/** One cabinet the caller may see, with its compartments; another tenant's answers "cabinet does not exist". */
export async function cabinetDetail(ctx: Ctx, id: number): Promise<CabinetDetail> {
  const [row] = await joined(ctx).where(and(eq(cabinets.id, id), cabinetScope(ctx)));
  if (!row) throw new AppError('cabinetMissing');
  const compartments = await ctx.db
    .select({ compartment: cabinetCompartments, batteryNumber: batteries.number })
    .from(cabinetCompartments)
    .leftJoin(batteries, eq(batteries.id, cabinetCompartments.batteryId))
    .where(eq(cabinetCompartments.cabinetId, id))
    .orderBy(asc(cabinetCompartments.index));
  // A live reservation holds the compartment: the cabinet still reports it ready, the server shows it reserved.
  const held = await heldCompartments(ctx.db, id);
  return {
    ...present(row),
    meterReadings: row.cabinet.meterReadings,
    compartments: compartments.map(({ compartment, batteryNumber }) => ({
      ...compartment,
      state: held.has(compartment.index) && compartment.batteryId !== null ? 'RESERVED' : compartment.state,
      batteryNumber,
    })),
  };
}

export const CABINET_CSV_FIELDS: (keyof CabinetRecord)[] = [
  'id',
  'number',
  'brand',
  'model',
  'typeCode',
  'typeName',
  'productNumber',
  'networkType',
  'communicationType',
  'compartmentCount',
  'factoryDate',
  'supplyStatus',
  'humidity',
  'signal',
  'waterAlarm',
  'smokeAlarm',
  'temperature',
  'lamp',
  'radiatorSetting',
  'externalMaxPower',
  'chargerTotalPower',
  'meterCount',
  'load',
  'imei',
  'androidSerialNumber',
  'site',
  'seller',
  'purchaseTime',
  'location',
  'stockStatus',
  'scrapStatus',
  'scrapReason',
  'scrappedAt',
  'merchantName',
  'lastReportAt',
  'createdAt',
];
