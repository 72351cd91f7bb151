import type { FastifyInstance } from 'fastify';
import type { MenuLevels } from '@swap/contracts';
import { omsRoute } from '../../app/route.js';
import { grantsOf } from './permissions.js';
import { buildTree } from './levels.js';

export function registerMenuRoutes(app: FastifyInstance): void {
  /** The signed-in account's permission tree and the codes it holds (spec §6 permission source). */
  omsRoute(app, { method: 'GET', url: '/admin/menu/levels', access: { code: '' } }, async ({ ctx }) => {
    const grants = await grantsOf(ctx.db, ctx.principal);
    const tree = await buildTree(ctx.db, ctx.principal.type === 'SUPER' ? null : grants);
    const levels: MenuLevels = { tree, codes: [...grants.codes].sort() };
    return levels;
  });
}
