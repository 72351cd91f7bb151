import type { FastifyInstance } from 'fastify';
import { telemetryApi } from '@swap/contracts';
import { serve } from '../../app/route.js';
import { batteryTrajectory, batteryTrend, cabinetTrend, vehicleStatistics, vehicleTrajectory } from './telemetry.service.js';

/** Trajectories, trends and vehicle statistics from the telemetry history (/product/vehicle/trajectory/:id, /product/battery/trajectory/:id, /product/vehicle/dashboard/:id, detail charts). */
export function registerTelemetryRoutes(app: FastifyInstance): void {
  serve(app, telemetryApi.vehicle.trajectory, ({ input, ctx }) => vehicleTrajectory(ctx, input));
  serve(app, telemetryApi.vehicle.statistics, ({ input, ctx }) => vehicleStatistics(ctx, input));
  serve(app, telemetryApi.battery.trajectory, ({ input, ctx }) => batteryTrajectory(ctx, input));
  serve(app, telemetryApi.battery.trend, ({ input, ctx }) => batteryTrend(ctx, input));
  serve(app, telemetryApi.cabinet.trend, ({ input, ctx }) => cabinetTrend(ctx, input));
}
