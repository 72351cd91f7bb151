import type { FastifyInstance } from 'fastify';
import { and, eq, getTableColumns, gte, isNull, like, lte, or } from 'drizzle-orm';
import { distributionApi, STATION_SCREENS, type DeviceKind, type DistributionRecord, type StationType } from '@swap/contracts';
import { holds, type Ctx } from '../../app/context.js';
import { fieldColumns } from '../../app/csv.js';
import { defineList } from '../../app/list.js';
import { prefixPattern } from '../../app/pagination.js';
import { serve } from '../../app/route.js';
import type { DeviceKindDef } from '../device-registry/index.js';
import { BATTERY_KIND } from '../battery/index.js';
import { VEHICLE_KIND } from '../vehicle/index.js';
import { CABINET_KIND } from '../cabinet/index.js';
import { distributionStations } from '../station/index.js';
import { distributionRecords } from './distribution.table.js';
import { distribute, recall } from './distribution.service.js';

const r = distributionRecords;

/** A merchant's staff read the rows of devices that left or reached their merchant. */
function historyScope(ctx: Ctx) {
  const own = ctx.principal.merchantId;
  return own === null ? undefined : or(eq(r.fromMerchantId, own), eq(r.toMerchantId, own));
}

/** The distribution history of one kind, newest first. */
function historyList(kind: DeviceKind) {
  return defineList({
    endpoint: distributionApi[kind].search,
    table: r,
    id: r.id,
    select: getTableColumns(r),
    scope: (ctx) => and(eq(r.kind, kind), historyScope(ctx)),
    filters: {
      number: (number) => like(r.deviceNumber, prefixPattern(number)),
      action: {
        where: (action) => eq(r.action, action),
        unindexed: 'Two values, both common: the rows of either are met at once walking the list order.',
      },
      merchantId: (merchantId) =>
        merchantId === 0
          ? or(isNull(r.fromMerchantId), isNull(r.toMerchantId))
          : or(eq(r.fromMerchantId, merchantId), eq(r.toMerchantId, merchantId)),
      createdFrom: {
        where: (from) => gte(r.createdAt, new Date(from)),
        unindexed: 'Rows are written in time order: the list order (id) meets a period at once.',
      },
      createdTo: {
        where: (to) => lte(r.createdAt, new Date(to)),
        unindexed: 'Rows are written in time order: the list order (id) meets a period at once.',
      },
    },
    count: 'exact',
    present: (row: typeof r.$inferSelect): DistributionRecord => ({
      id: row.id,
      kind: row.kind,
      action: row.action,
      deviceId: row.deviceId,
      number: row.deviceNumber,
      fromMerchantName: row.fromMerchantName,
      fromStationName: row.fromStationName,
      toMerchantName: row.toMerchantName,
      toStationName: row.toStationName,
      operatorName: row.operatorName,
      remark: row.remark,
      createdAt: row.createdAt.toISOString(),
    }),
  });
}

const HISTORY = { vehicle: historyList('vehicle'), battery: historyList('battery'), cabinet: historyList('cabinet') };

/** The words of a history row's action (distribute or recall) in the export. */
const ACTION_LABEL = 'distribution.action';

const CSV_COLUMNS = fieldColumns<DistributionRecord>(
  ['number', 'action', 'fromMerchantName', 'fromStationName', 'toMerchantName', 'toStationName', 'operatorName', 'remark', 'createdAt'],
  { action: ACTION_LABEL },
);

/**
 * The station types a batch of a kind may go to: vehicles integrated stations only; a cabinet joins a
 * station of a type whose menu the caller holds (as the cabinet form places it); batteries either.
 */
function stationTypesFor(ctx: Ctx, kind: DeviceKind): StationType[] {
  if (kind === 'vehicle') return ['INTEGRATED'];
  const types: StationType[] = ['SWAP', 'INTEGRATED'];
  return kind === 'cabinet' ? types.filter((type) => holds(ctx, STATION_SCREENS[type].code)) : types;
}

function registerKind(app: FastifyInstance, def: DeviceKindDef): void {
  const api = distributionApi[def.kind];
  const history = HISTORY[def.kind];
  serve(app, api.search, ({ input, ctx }) => history.search(ctx, input));
  serve(app, api.check, ({ input, ctx }) => distribute(ctx, def, input, false));
  serve(app, api.distribute, ({ input, ctx }) => distribute(ctx, def, input, true));
  serve(app, api.stations, async ({ input, ctx }) => {
    const types = stationTypesFor(ctx, def.kind);
    return types.length ? await distributionStations(ctx, types, input) : [];
  });
  serve(app, api.recall, ({ input, ctx }) => recall(ctx, def, input));
  serve(app, api.export, ({ input, ctx, reply }) =>
    history.sendExport(reply, ctx, input, { filename: `${def.kind}-distribution.csv`, columns: CSV_COLUMNS }),
  );
}

/** Operation centre → Distribution (/distribution/vehicle, /battery, /cabinet). */
export function registerDistributionRoutes(app: FastifyInstance): void {
  for (const def of [VEHICLE_KIND, BATTERY_KIND, CABINET_KIND]) registerKind(app, def);
}

export { seedDemoDistribution } from './distribution.seed.js';
