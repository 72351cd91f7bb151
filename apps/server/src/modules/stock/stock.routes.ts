import type { FastifyInstance } from 'fastify';
import {
  stockBatchDetailQuery,
  stockBatchSearch,
  stockMove,
  stockSummarySearch,
  type StockBatchRecord,
  type StockSummaryRecord,
} from '@swap/contracts';
import { SENT, omsRoute } from '../../app/route.js';
import { sendCsv, sendCsvStream, toCsv } from '../../app/csv.js';
import { recordAudit } from '../audit-log/audit.js';
import { deviceCsvColumns, type DeviceKindDef } from '../device/index.js';
import { BATTERY_KIND } from '../battery/index.js';
import { VEHICLE_KIND } from '../vehicle/index.js';
import { CABINET_KIND } from '../cabinet/index.js';
import { moveStock } from './stock.service.js';
import { exportStockBatchChunks, exportStockSummary, searchStockBatches, stockBatchDetail, stockSummary } from './stock.query.js';

const SUMMARY_CSV = deviceCsvColumns<StockSummaryRecord>([
  'typeCode',
  'typeName',
  'merchantName',
  'inStock',
  'outStock',
  'scrapped',
  'total',
]);
const BATCH_CSV = deviceCsvColumns<StockBatchRecord>([
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
  const base = `/stock/${def.kind}`;
  const code = `stock.${def.kind}`;
  omsRoute(app, { method: 'POST', url: `${base}/in`, access: { code: `${code}.add` }, body: stockMove }, ({ body, ctx }) =>
    moveStock(ctx, def, 'INSTOCK', body),
  );
  omsRoute(app, { method: 'POST', url: `${base}/out`, access: { code: `${code}.add` }, body: stockMove }, ({ body, ctx }) =>
    moveStock(ctx, def, 'OUTSTOCK', body),
  );
  omsRoute(app, { method: 'POST', url: `${base}/summary`, access: { code }, body: stockSummarySearch }, ({ body, ctx }) =>
    stockSummary(ctx, def.kind, body),
  );
  omsRoute(
    app,
    { method: 'POST', url: `${base}/summary/export`, access: { code: `${code}.export` }, body: stockSummarySearch },
    async ({ body, ctx, reply }) => {
      sendCsv(reply, `${def.kind}-stock.csv`, toCsv(await exportStockSummary(ctx, def.kind, body), SUMMARY_CSV, ctx.lang));
      return SENT;
    },
  );
  omsRoute(app, { method: 'POST', url: `${base}/record/search`, access: { code }, body: stockBatchSearch }, ({ body, ctx }) =>
    searchStockBatches(ctx, def.kind, body),
  );
  omsRoute(app, { method: 'GET', url: `${base}/record/detail`, access: { code }, querystring: stockBatchDetailQuery }, ({ query, ctx }) =>
    stockBatchDetail(ctx, def.kind, query),
  );
  omsRoute(
    app,
    { method: 'POST', url: `${base}/record/export`, access: { code: `${code}.export` }, body: stockBatchSearch },
    ({ body, ctx, reply }) => {
      const { current: _current, size: _size, ...filter } = body;
      sendCsvStream(
        reply,
        `${def.kind}-stock-records.csv`,
        exportStockBatchChunks(ctx, def.kind, body),
        BATCH_CSV,
        ctx.lang,
        (rows, complete) =>
          recordAudit(ctx.db, ctx, { action: `stock.${def.kind}.export`, objectType: 'stockBatch', changes: { filter, rows, complete } }),
      );
      return Promise.resolve(SENT);
    },
  );
}

/** Stock of vehicles, batteries and cabinets (Product centre → Stock). */
export function registerStockRoutes(app: FastifyInstance): void {
  for (const def of [VEHICLE_KIND, BATTERY_KIND, CABINET_KIND]) registerKind(app, def);
}
