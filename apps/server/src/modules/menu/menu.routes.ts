import type { FastifyInstance } from 'fastify';
import { menuApi, type MenuLevels } from '@swap/contracts';
import { SENT, serve } from '../../app/route.js';
import { allGrants } from './permissions.js';
import { buildTree } from './levels.js';
import { addMenu, editMenu, removeMenu } from './menu.service.js';
import { exportMenus, importMenus } from './menu-transfer.service.js';

/** Menus shape every account's permissions, so only platform staff edit them. */
export function registerMenuRoutes(app: FastifyInstance): void {
  /** The signed-in account's permission tree and the codes it holds (what the web shows and hides by). */
  serve(app, menuApi.levels, async ({ ctx }) => {
    const grants = ctx.grants ?? (await allGrants(ctx.db));
    const tree = await buildTree(ctx.db, ctx.grants);
    const levels: MenuLevels = { tree, codes: [...grants.codes].sort() };
    return levels;
  });

  /** The whole tree with every resource, for the menu editor. */
  serve(app, menuApi.tree, ({ ctx }) => buildTree(ctx.db, null));
  serve(app, menuApi.add, ({ ctx, input }) => addMenu(ctx, input));
  serve(app, menuApi.edit, ({ ctx, input }) => editMenu(ctx, input));
  serve(app, menuApi.remove, async ({ ctx, input }) => {
    await removeMenu(ctx, input.id);
    return null;
  });

  /** A JSON file of every menu and resource (menuExportFile); POST /admin/menu/import takes it back. */
  serve(app, menuApi.export, async ({ ctx, reply }) => {
    const file = await exportMenus(ctx.db);
    const stamp = new Date().toISOString().slice(0, 10);
    void reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="menus-${stamp}.json"`)
      .send(JSON.stringify(file, null, 2));
    return SENT;
  });

  serve(app, menuApi.import, ({ ctx, input }) => importMenus(ctx, input));
}
