import type { FastifyInstance } from 'fastify';
import { dashboardApi } from '@swap/contracts';
import { serve } from '../../app/route.js';
import { dashboardFigures, dashboardRanking, dashboardTrend } from './dashboard.query.js';
import { registerDashboardLive, type Listen } from './dashboard.live.js';

/** The home dashboard's calls (docs/dashboard.md): each card's own permission, the caller's tenant. */
export function registerDashboardRoutes(app: FastifyInstance, options: { listen?: Listen | undefined }): void {
  serve(app, dashboardApi.figures, ({ ctx }) => dashboardFigures(ctx));
  serve(app, dashboardApi.trend, ({ ctx, input }) => dashboardTrend(ctx, input.range));
  serve(app, dashboardApi.ranking, ({ ctx }) => dashboardRanking(ctx));
  registerDashboardLive(app, options.listen);
}
