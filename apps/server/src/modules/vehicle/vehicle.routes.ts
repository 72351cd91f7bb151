import type { FastifyInstance } from 'fastify';
import { vehicleAdd, vehicleEdit, vehicleSale, vehicleSearch, deviceBatch, deviceScrap, idQuery } from '@swap/contracts';
import { SENT, omsRoute } from '../../app/route.js';
import { addDeviceBatch, checkDeviceBatch, deviceCsvColumns, scrapDevices, sendDeviceExport } from '../device/index.js';
import { VEHICLE_CSV_FIELDS, vehicleDetail, exportVehicleChunks, searchVehicles } from './vehicle.query.js';
import { addVehicle, editVehicle, setVehicleSale } from './vehicle.service.js';
import { VEHICLE_KIND } from './vehicle.kind.js';

const BASE = '/vehicle';
const CSV_COLUMNS = deviceCsvColumns(VEHICLE_CSV_FIELDS);

/** Vehicles (Product centre → Vehicles, /product/vehicle/list). */
export function registerVehicleRoutes(app: FastifyInstance): void {
  omsRoute(app, { method: 'POST', url: `${BASE}/search`, access: { code: 'operation.vehicle' }, body: vehicleSearch }, ({ body, ctx }) =>
    searchVehicles(ctx, body),
  );
  omsRoute(
    app,
    { method: 'GET', url: `${BASE}/detail`, access: { code: 'operation.vehicle.detail' }, querystring: idQuery },
    ({ query, ctx }) => vehicleDetail(ctx, query.id),
  );
  omsRoute(app, { method: 'POST', url: `${BASE}/add`, access: { code: 'operation.vehicle.add' }, body: vehicleAdd }, ({ body, ctx }) =>
    addVehicle(ctx, body),
  );
  omsRoute(app, { method: 'POST', url: `${BASE}/edit`, access: { code: 'operation.vehicle.edit' }, body: vehicleEdit }, ({ body, ctx }) =>
    editVehicle(ctx, body),
  );
  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/batch/check`, access: { code: 'operation.vehicle.add' }, body: deviceBatch },
    ({ body, ctx }) => checkDeviceBatch(ctx, VEHICLE_KIND, body),
  );
  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/batch/add`, access: { code: 'operation.vehicle.add' }, body: deviceBatch },
    ({ body, ctx }) => addDeviceBatch(ctx, VEHICLE_KIND, body),
  );
  omsRoute(app, { method: 'POST', url: `${BASE}/sale`, access: { code: 'operation.vehicle.edit' }, body: vehicleSale }, ({ body, ctx }) =>
    setVehicleSale(ctx, body),
  );
  omsRoute(app, { method: 'POST', url: `${BASE}/scrap`, access: { code: 'operation.vehicle.edit' }, body: deviceScrap }, ({ body, ctx }) =>
    scrapDevices(ctx, VEHICLE_KIND, body),
  );
  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/export`, access: { code: 'operation.vehicle.export' }, body: vehicleSearch },
    ({ body, ctx, reply }) => {
      sendDeviceExport(reply, ctx, 'vehicle', body, exportVehicleChunks(ctx, body), CSV_COLUMNS);
      return Promise.resolve(SENT);
    },
  );
}
