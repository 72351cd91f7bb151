import type { FastifyInstance } from 'fastify';
import { registerMenuRoutes } from './menu/menu.routes.js';

/** Every module's /api/oms routes; each module registers its own. */
export function registerModules(app: FastifyInstance): void {
  registerMenuRoutes(app);
}
