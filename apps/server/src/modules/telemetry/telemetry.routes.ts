import type { FastifyInstance } from 'fastify';
import { batteryTrendQuery, trajectoryQuery } from '@swap/contracts';
import { omsRoute } from '../../app/route.js';
import { batteryTrajectory, batteryTrend, vehicleTrajectory } from './telemetry.service.js';

/** Trajectories from the telemetry history (/product/vehicle/trajectory/:id, /product/battery/trajectory/:id). */
export function registerTelemetryRoutes(app: FastifyInstance): void {
  omsRoute(
    app,
    { method: 'GET', url: '/vehicle/trajectory', access: { code: 'operation.vehicle.detail' }, querystring: trajectoryQuery },
    ({ query, ctx }) => vehicleTrajectory(ctx, query),
  );
  omsRoute(
    app,
    { method: 'GET', url: '/battery/trajectory', access: { code: 'operation.battery.latestInfos' }, querystring: trajectoryQuery },
    ({ query, ctx }) => batteryTrajectory(ctx, query),
  );
  omsRoute(
    app,
    { method: 'GET', url: '/battery/trend', access: { code: 'operation.battery.latestInfos' }, querystring: batteryTrendQuery },
    ({ query, ctx }) => batteryTrend(ctx, query),
  );
}
