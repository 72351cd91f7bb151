import type { FastifyInstance } from 'fastify';
import { stockApi, type StockBatchRecord, type StockSummaryRecord } from '@swap/contracts';
import { SENT, serve } from '../../app/route.js';
import { fieldColumns, sendCsv, toCsv } from '../../app/csv.js';
import { recordAudit } from '../audit-log/index.js';
import type { DeviceKindDef } from '../device-registry/index.js';
import { BATTERY_KIND } from '../battery/index.js';
import { VEHICLE_KIND } from '../vehicle/index.js';
import { CABINET_KIND } from '../cabinet/index.js';
import { moveStock } from './stock.service.js';
import { exportStockSummary, stockBatchDetail, stockRecordLists, stockSummary } from './stock.query.js';

const SUMMARY_CSV = fieldColumns<StockSummaryRecord>(['typeCode', 'typeName', 'merchantName', 'inStock', 'outStock', 'scrapped', 'total']);
const BATCH_CSV = fieldColumns<StockBatchRecord>([
  'number',
  'direction',
  'typeCode',
  'typeName',
  'quantity',
  'operatorName',
  'merchantName',
  'remark',
  'createdAt',
]);

function registerKind(app: FastifyInstance, def: DeviceKindDef): void {
  const api = stockApi[def.kind];
  serve(app, api.in, ({ input, ctx }) => moveStock(ctx, def, 'INSTOCK', input));
  serve(app, api.out, ({ input, ctx }) => moveStock(ctx, def, 'OUTSTOCK', input));
  serve(app, api.summary, ({ input, ctx }) => stockSummary(ctx, def.kind, input));
  serve(app, api.summaryExport, async ({ input, ctx, reply }) => {
    sendCsv(reply, `${def.kind}-stock.csv`, toCsv(await exportStockSummary(ctx, def.kind, input), SUMMARY_CSV, ctx));
    return SENT;
  });
  const records = stockRecordLists[def.kind];
  serve(app, api.recordSearch, ({ input, ctx }) => records.search(ctx, input));
  serve(app, api.recordDetail, ({ input, ctx }) => stockBatchDetail(ctx, def.kind, input));
  serve(app, api.recordExport, ({ input, ctx, reply }) =>
    records.sendExport(reply, ctx, input, {
      filename: `${def.kind}-stock-records.csv`,
      columns: BATCH_CSV,
      done: (filter, rows, complete) =>
        recordAudit(ctx.db, ctx, { action: `stock.${def.kind}.export`, objectType: 'stockBatch', changes: { filter, rows, complete } }),
    }),
  );
}

/** Stock of vehicles, batteries and cabinets (Product centre → Stock). */
export function registerStockRoutes(app: FastifyInstance): void {
  for (const def of [VEHICLE_KIND, BATTERY_KIND, CABINET_KIND]) registerKind(app, def);
}
