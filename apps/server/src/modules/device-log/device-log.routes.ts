import type { FastifyInstance } from 'fastify';
import { deviceLogApi } from '@swap/contracts';
import { serve } from '../../app/route.js';
import { deviceLogLists } from './device-log.service.js';

/** Each device's log on its detail page (battery, cabinet, vehicle). */
export function registerDeviceLogRoutes(app: FastifyInstance): void {
  serve(app, deviceLogApi.battery, ({ input, ctx }) => deviceLogLists.battery.search(ctx, input));
  serve(app, deviceLogApi.cabinet, ({ input, ctx }) => deviceLogLists.cabinet.search(ctx, input));
  serve(app, deviceLogApi.vehicle, ({ input, ctx }) => deviceLogLists.vehicle.search(ctx, input));
}
