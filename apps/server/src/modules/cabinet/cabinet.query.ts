import { and, asc, eq, gte, isNotNull, isNull, like, lte, sql, type SQL } from 'drizzle-orm';
import { cabinetApi, type CabinetDetail, type CabinetRecord, type StationType } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { prefixPattern } from '../../app/pagination.js';
import { defineList } from '../../app/list.js';
import { qualified } from '../../app/sql.js';
import { merchantJoin, merchantNameOf, shownMerchantName, shownMerchantNameSql } from '../merchant/index.js';
import { deviceTypeJoin } from '../device-type/index.js';
import { batteryJoin } from '../battery/index.js';
import { deviceInArea, deviceScope, ownerCondition } from '../device-registry/index.js';
import { cabinetCompartments, cabinets } from './cabinet.table.js';
import { stationNameOf, stationTypeOf } from './cabinet.station.js';

export function cabinetScope(ctx: Pick<Ctx, 'principal'>): SQL | undefined {
  return deviceScope(ctx, cabinets.merchantId);
}

interface Row {
  cabinet: typeof cabinets.$inferSelect;
  typeCode: string;
  typeName: string;
  merchantName: string | null;
  sellerName: string | null;
  stationName: string | null;
  stationType: StationType | null;
  swappableCount: number;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

// Type and owner come from their own modules as joins, seller and station as subqueries: the page stays one statement.
const type = deviceTypeJoin(cabinets.typeId);
const merchant = merchantJoin(cabinets.merchantId);
const sellerName = merchantNameOf(cabinets.sellerId);
const stationName = stationNameOf(cabinets.stationId);
const stationType = stationTypeOf(cabinets.stationId);
const swappableCount = sql<number>`(select count(*)::int from ${cabinetCompartments} where ${qualified(cabinetCompartments.cabinetId)} = ${qualified(cabinets.id)} and ${qualified(cabinetCompartments.state)} in ('SWAPPABLE', 'FULL'))`;

/** Cabinets (Product centre → Cabinets). */
export const cabinetList = defineList({
  endpoint: cabinetApi.search,
  table: cabinets,
  id: cabinets.id,
  select: {
    cabinet: cabinets,
    typeCode: type.code,
    typeName: type.name,
    merchantName: merchant.name,
    sellerName,
    stationName,
    stationType,
    swappableCount,
  },
  joins: [type.join, merchant.join],
  scope: cabinetScope,
  filters: {
    merchantId: (owner) => ownerCondition(cabinets.merchantId, owner),
    number: (number) => like(cabinets.number, prefixPattern(number)),
    imei: (imei) => eq(cabinets.imei, imei),
    typeId: (typeId) => eq(cabinets.typeId, typeId),
    brand: (brand) => eq(cabinets.brand, brand),
    model: (model) => eq(cabinets.model, model),
    site: (site) => eq(cabinets.site, site),
    stationId: (stationId) => eq(cabinets.stationId, stationId),
    // Assigned: standing in a station (docs/operation-centre.md, "Distribution").
    distributionStatus: (status) => (status === 'ASSIGNED' ? isNotNull(cabinets.stationId) : isNull(cabinets.stationId)),
    networkType: (type) => eq(cabinets.networkType, type),
    supplyStatus: (status) => eq(cabinets.supplyStatus, status),
    connectivity: {
      where: (connectivity) => (connectivity === 'ONLINE' ? eq(cabinets.online, true) : eq(cabinets.online, false)),
      unindexed: { ONLINE: 'Most cabinets are online: a page is found at once walking the list order.' },
    },
    stockStatus: (status) => eq(cabinets.stockStatus, status),
    scrapStatus: {
      where: (status) => eq(cabinets.scrapStatus, status),
      unindexed: { NORMAL: 'Nearly every cabinet is in use: a page is found at once walking the list order.' },
    },
    areaId: (areaId) => deviceInArea(cabinets.stationId, areaId),
    createdFrom: (from) => gte(cabinets.createdAt, new Date(from)),
    createdTo: (to) => lte(cabinets.createdAt, new Date(to)),
  },
  // Newest first. With a creation range, by creation time: the (created_at, id) index then serves range and order.
  defaultOrder: (query) => (query.createdFrom || query.createdTo ? { column: cabinets.createdAt, direction: 'desc' } : undefined),
  count: 'capped',
  // The meter readings belong to the detail only: a list page does not carry them.
  present: ({ cabinet: { meterReadings: _meters, ...c }, sellerName, ...joined }: Row, ctx): CabinetRecord => ({
    ...c,
    ...joined,
    seller: c.sellerId !== null && sellerName !== null ? shownMerchantName(ctx, c.sellerId, sellerName) : c.seller,
    distributionStatus: c.stationId === null ? 'UNASSIGNED' : 'ASSIGNED',
    purchaseTime: iso(c.purchaseTime),
    scrappedAt: iso(c.scrappedAt),
    lastReportAt: iso(c.lastReportAt),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  }),
  missing: 'cabinetMissing',
  // An export reads stored rows; the fields the presenter computes are the same expressions in SQL.
  rawExport: {
    presented: ['seller', 'distributionStatus', 'meterReadings'],
    computed: (ctx) => ({
      seller: sql`case when ${cabinets.sellerId} is not null and ${sellerName} is not null
        then ${shownMerchantNameSql(ctx, cabinets.sellerId, sellerName)} else ${cabinets.seller} end`,
      stationName,
      stationType,
      distributionStatus: sql`case when ${cabinets.stationId} is null then 'UNASSIGNED' else 'ASSIGNED' end`,
    }),
  },
});

/** A cabinet the caller may see (id, number, online, compartment count); another tenant's answers "cabinet does not exist". */
export async function visibleCabinet(
  ctx: Ctx,
  id: number,
): Promise<{ id: number; number: string; merchantId: number | null; online: boolean; compartmentCount: number }> {
  const [row] = await ctx.db
    .select({
      id: cabinets.id,
      number: cabinets.number,
      merchantId: cabinets.merchantId,
      online: cabinets.online,
      compartmentCount: cabinets.compartmentCount,
    })
    .from(cabinets)
    .where(and(eq(cabinets.id, id), cabinetScope(ctx)));
  if (!row) throw new AppError('cabinetMissing');
  return row;
}

/**
 * The compartment indexes of a cabinet held for someone (a live reservation); none until the holder
 * says. Not a `handOver` (app/hand-over.ts): that one has no answer before start-up tells it, while
 * a cabinet without a told holder rightly holds nothing.
 */
type CompartmentHolds = (db: Db, cabinetId: number) => Promise<Set<number>>;
let compartmentHolds: CompartmentHolds = () => Promise.resolve(new Set());

/**
 * Who holds compartments (the swap module's reservations), named once by the module registry: the
 * swap module refers to cabinets, so the cabinet module does not import it back
 * (docs/architecture.md, "Boundaries").
 */
export function readCompartmentHoldsFrom(holds: CompartmentHolds): void {
  compartmentHolds = holds;
}

/** One cabinet the caller may see, with its meter readings and compartments; another tenant's answers "cabinet does not exist". */
export async function cabinetDetail(ctx: Ctx, id: number): Promise<CabinetDetail> {
  const record = await cabinetList.detail(ctx, id);
  const [meters] = await ctx.db.select({ meterReadings: cabinets.meterReadings }).from(cabinets).where(eq(cabinets.id, id));
  const battery = batteryJoin(cabinetCompartments.batteryId);
  const compartments = await ctx.db
    .select({ compartment: cabinetCompartments, batteryNumber: battery.number })
    .from(cabinetCompartments)
    .leftJoin(battery.join.table, battery.join.on)
    .where(eq(cabinetCompartments.cabinetId, id))
    .orderBy(asc(cabinetCompartments.index));
  // A live reservation holds the compartment: the cabinet still reports it ready, the server shows it reserved.
  const held = await compartmentHolds(ctx.db, id);
  return {
    ...record,
    meterReadings: meters!.meterReadings,
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
  'stationName',
  'distributionStatus',
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
