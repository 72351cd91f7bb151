import type { FastifyInstance } from 'fastify';
import { batteryAdd, batteryEdit, batterySearch, deviceBatch, deviceScrap, idQuery } from '@swap/contracts';
import { SENT, omsRoute } from '../../app/route.js';
import { addDeviceBatch, checkDeviceBatch, deviceCsvColumns, scrapDevices, sendDeviceExport } from '../device/index.js';
import { BATTERY_CSV_FIELDS, batteryDetail, exportBatteryChunks, searchBatteries } from './battery.query.js';
import { addBattery, editBattery } from './battery.service.js';
import { BATTERY_KIND } from './battery.kind.js';

const BASE = '/battery';
const CSV_COLUMNS = deviceCsvColumns(BATTERY_CSV_FIELDS);

/** Batteries (Product centre → Batteries, /product/battery/list). */
export function registerBatteryRoutes(app: FastifyInstance): void {
  omsRoute(app, { method: 'POST', url: `${BASE}/search`, access: { code: 'operation.battery' }, body: batterySearch }, ({ body, ctx }) =>
    searchBatteries(ctx, body),
  );
  omsRoute(
    app,
    { method: 'GET', url: `${BASE}/detail`, access: { code: 'operation.battery.latestInfos' }, querystring: idQuery },
    ({ query, ctx }) => batteryDetail(ctx, query.id),
  );
  omsRoute(app, { method: 'POST', url: `${BASE}/add`, access: { code: 'operation.battery.add' }, body: batteryAdd }, ({ body, ctx }) =>
    addBattery(ctx, body),
  );
  omsRoute(app, { method: 'POST', url: `${BASE}/edit`, access: { code: 'operation.battery.edit' }, body: batteryEdit }, ({ body, ctx }) =>
    editBattery(ctx, body),
  );
  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/batch/check`, access: { code: 'operation.battery.add' }, body: deviceBatch },
    ({ body, ctx }) => checkDeviceBatch(ctx, BATTERY_KIND, body),
  );
  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/batch/add`, access: { code: 'operation.battery.add' }, body: deviceBatch },
    ({ body, ctx }) => addDeviceBatch(ctx, BATTERY_KIND, body),
  );
  omsRoute(app, { method: 'POST', url: `${BASE}/scrap`, access: { code: 'operation.battery.edit' }, body: deviceScrap }, ({ body, ctx }) =>
    scrapDevices(ctx, BATTERY_KIND, body),
  );
  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/export`, access: { code: 'operation.battery.export' }, body: batterySearch },
    ({ body, ctx, reply }) => {
      sendDeviceExport(reply, ctx, 'battery', body, exportBatteryChunks(ctx, body), CSV_COLUMNS);
      return Promise.resolve(SENT);
    },
  );
}
