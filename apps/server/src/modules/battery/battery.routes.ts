import type { FastifyInstance } from 'fastify';
import { batteryApi } from '@swap/contracts';
import { serve } from '../../app/route.js';
import { fieldColumns } from '../../app/csv.js';
import { addDeviceBatch, checkDeviceBatch, deviceExport, scrapDevices } from '../device-registry/index.js';
import { BATTERY_CSV_FIELDS, batteryList } from './battery.query.js';
import { addBattery, editBattery } from './battery.service.js';
import { BATTERY_KIND } from './battery.kind.js';

const CSV_COLUMNS = fieldColumns(BATTERY_CSV_FIELDS);

/** Batteries (Product centre → Batteries, /product/battery/list). */
export function registerBatteryRoutes(app: FastifyInstance): void {
  const api = batteryApi;
  serve(app, api.search, ({ input, ctx }) => batteryList().search(ctx, input));
  serve(app, api.detail, ({ input, ctx }) => batteryList().detail(ctx, input.id));
  serve(app, api.add, ({ input, ctx }) => addBattery(ctx, input));
  serve(app, api.edit, ({ input, ctx }) => editBattery(ctx, input));
  serve(app, api.batchCheck, ({ input, ctx }) => checkDeviceBatch(ctx, BATTERY_KIND, input));
  serve(app, api.batchAdd, ({ input, ctx }) => addDeviceBatch(ctx, BATTERY_KIND, input));
  serve(app, api.scrap, ({ input, ctx }) => scrapDevices(ctx, BATTERY_KIND, input));
  serve(app, api.export, ({ input, ctx, reply }) => batteryList().sendExport(reply, ctx, input, deviceExport(ctx, 'battery', CSV_COLUMNS)));
}
