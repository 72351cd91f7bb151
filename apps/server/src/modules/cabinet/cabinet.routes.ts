import type { FastifyInstance } from 'fastify';
import { cabinetAdd, cabinetEdit, cabinetSearch, deviceBatch, deviceScrap, idQuery } from '@swap/contracts';
import { SENT, omsRoute } from '../../app/route.js';
import { addDeviceBatch, checkDeviceBatch, deviceCsvColumns, scrapDevices, sendDeviceExport } from '../device/index.js';
import { CABINET_CSV_FIELDS, cabinetDetail, exportCabinetChunks, searchCabinets } from './cabinet.query.js';
import { addCabinet, editCabinet } from './cabinet.service.js';
import { CABINET_KIND } from './cabinet.kind.js';

const BASE = '/cabinet';
const CSV_COLUMNS = deviceCsvColumns(CABINET_CSV_FIELDS);

/** Cabinets (Product centre → Cabinets, /product/cabinet/list). */
export function registerCabinetRoutes(app: FastifyInstance): void {
  omsRoute(app, { method: 'POST', url: `${BASE}/search`, access: { code: 'operation.cabinet' }, body: cabinetSearch }, ({ body, ctx }) =>
    searchCabinets(ctx, body),
  );
  omsRoute(
    app,
    { method: 'GET', url: `${BASE}/detail`, access: { code: 'operation.cabinet.latestInfos' }, querystring: idQuery },
    ({ query, ctx }) => cabinetDetail(ctx, query.id),
  );
  omsRoute(app, { method: 'POST', url: `${BASE}/add`, access: { code: 'operation.cabinet.add' }, body: cabinetAdd }, ({ body, ctx }) =>
    addCabinet(ctx, body),
  );
  omsRoute(app, { method: 'POST', url: `${BASE}/edit`, access: { code: 'operation.cabinet.edit' }, body: cabinetEdit }, ({ body, ctx }) =>
    editCabinet(ctx, body),
  );
  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/batch/check`, access: { code: 'operation.cabinet.add' }, body: deviceBatch },
    ({ body, ctx }) => checkDeviceBatch(ctx, CABINET_KIND, body),
  );
  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/batch/add`, access: { code: 'operation.cabinet.add' }, body: deviceBatch },
    ({ body, ctx }) => addDeviceBatch(ctx, CABINET_KIND, body),
  );
  omsRoute(app, { method: 'POST', url: `${BASE}/scrap`, access: { code: 'operation.cabinet.edit' }, body: deviceScrap }, ({ body, ctx }) =>
    scrapDevices(ctx, CABINET_KIND, body),
  );
  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/export`, access: { code: 'operation.cabinet.export' }, body: cabinetSearch },
    ({ body, ctx, reply }) => {
      sendDeviceExport(reply, ctx, 'cabinet', body, exportCabinetChunks(ctx, body), CSV_COLUMNS);
      return Promise.resolve(SENT);
    },
  );
}
