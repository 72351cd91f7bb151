import type { FastifyInstance } from 'fastify';
import { vehicleApi, vehicleOptionsEndpoint } from '@swap/contracts';
import { answerOptions } from '../../app/options.js';
import { serve } from '../../app/route.js';
import { fieldColumns } from '../../app/csv.js';
import { addDeviceBatch, checkDeviceBatch, deviceExport, deviceScope, scrapDevices } from '../device-registry/index.js';
import { VEHICLE_CSV_FIELDS, vehicleList } from './vehicle.query.js';
import { addVehicle, editVehicle, setVehicleSale } from './vehicle.service.js';
import { VEHICLE_KIND } from './vehicle.kind.js';
import { vehicles } from './vehicle.table.js';

const CSV_COLUMNS = fieldColumns(VEHICLE_CSV_FIELDS);

/** Vehicles (Product centre → Vehicles, /product/vehicle/list). */
export function registerVehicleRoutes(app: FastifyInstance): void {
  const api = vehicleApi;
  serve(app, api.search, ({ input, ctx }) => vehicleList.search(ctx, input));
  serve(app, api.detail, ({ input, ctx }) => vehicleList.detail(ctx, input.id));
  serve(app, api.add, ({ input, ctx }) => addVehicle(ctx, input));
  serve(app, api.edit, ({ input, ctx }) => editVehicle(ctx, input));
  serve(app, api.batchCheck, ({ input, ctx }) => checkDeviceBatch(ctx, VEHICLE_KIND, input));
  serve(app, api.batchAdd, ({ input, ctx }) => addDeviceBatch(ctx, VEHICLE_KIND, input));
  serve(app, api.sale, ({ input, ctx }) => setVehicleSale(ctx, input));
  serve(app, api.scrap, ({ input, ctx }) => scrapDevices(ctx, VEHICLE_KIND, input));
  // The statistics centre's vehicle search (docs/stations-and-maps.md, "Vehicle statistics"): a merchant's staff their merchant's only.
  serve(app, vehicleOptionsEndpoint, ({ input, ctx }) => {
    const select = { id: vehicles.id, number: vehicles.number };
    const source = { table: vehicles, name: vehicles.number, select, scope: deviceScope(ctx, vehicles.merchantId) };
    return answerOptions(ctx.db, source, input);
  });
  serve(app, api.export, ({ input, ctx, reply }) => vehicleList.sendExport(reply, ctx, input, deviceExport(ctx, 'vehicle', CSV_COLUMNS)));
}
