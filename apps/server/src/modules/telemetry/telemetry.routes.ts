import type { FastifyInstance } from 'fastify';
import { trajectoryQuery, trendQuery } from '@swap/contracts';
import { omsRoute } from '../../app/route.js';
import { batteryTrajectory, batteryTrend, cabinetTrend, vehicleTrajectory } from './telemetry.service.js';

/** Trajectories and trends from the telemetry history (/product/vehicle/trajectory/:id, /product/battery/trajectory/:id, detail charts). */
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
    { method: 'GET', url: '/battery/trend', access: { code: 'operation.battery.latestInfos' }, querystring: trendQuery },
    ({ query, ctx }) => batteryTrend(ctx, query),
  );
  // The cabinet detail's permission: the trend is part of that page.
  omsRoute(
    app,
    { method: 'GET', url: '/cabinet/trend', access: { code: 'operation.cabinet.latestInfos' }, querystring: trendQuery },
    ({ query, ctx }) => cabinetTrend(ctx, query),
  );
}
