import type { FastifyInstance } from 'fastify';
import { idQuery, menuAdd, menuEdit, menuExportFile, type MenuLevels } from '@swap/contracts';
import { omsRoute, SENT } from '../../app/route.js';
import { grantsOf } from './permissions.js';
import { buildTree } from './levels.js';
import { addMenu, editMenu, removeMenu } from './menu.service.js';
import { exportMenus, importMenus } from './menu-transfer.service.js';

/** Menus shape every account's permissions, so only platform staff edit them. */
const platform = (code: string) => ({ code, scope: 'platform' as const });

export function registerMenuRoutes(app: FastifyInstance): void {
  /** The signed-in account's permission tree and the codes it holds (spec §6 permission source). */
  omsRoute(app, { method: 'GET', url: '/admin/menu/levels', access: { code: '' } }, async ({ ctx }) => {
    const grants = await grantsOf(ctx.db, ctx.principal);
    const tree = await buildTree(ctx.db, ctx.principal.type === 'SUPER' ? null : grants);
    const levels: MenuLevels = { tree, codes: [...grants.codes].sort() };
    return levels;
  });

  /** The whole tree with every resource, for the menu editor. */
  omsRoute(app, { method: 'GET', url: '/admin/menu/tree', access: platform('admin.resource') }, async ({ ctx }) => buildTree(ctx.db, null));

  omsRoute(app, { method: 'POST', url: '/admin/menu/add', access: platform('admin.resource.add'), body: menuAdd }, async ({ ctx, body }) =>
    addMenu(ctx, body),
  );

  omsRoute(
    app,
    { method: 'POST', url: '/admin/menu/edit', access: platform('admin.resource.edit'), body: menuEdit },
    async ({ ctx, body }) => editMenu(ctx, body),
  );

  omsRoute(
    app,
    { method: 'GET', url: '/admin/menu/remove', access: platform('admin.resource.remove'), querystring: idQuery },
    async ({ ctx, query }) => {
      await removeMenu(ctx, query.id);
      return null;
    },
  );

  /** A JSON file of every menu and resource (menuExportFile); POST /admin/menu/import takes it back. */
  omsRoute(app, { method: 'GET', url: '/admin/menu/export', access: platform('admin.resource.export') }, async ({ ctx, reply }) => {
    const file = await exportMenus(ctx.db);
    const stamp = new Date().toISOString().slice(0, 10);
    void reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="menus-${stamp}.json"`)
      .send(JSON.stringify(file, null, 2));
    return SENT;
  });

  omsRoute(
    app,
    { method: 'POST', url: '/admin/menu/import', access: platform('admin.resource.import'), body: menuExportFile },
    async ({ ctx, body }) => importMenus(ctx, body),
  );
}
