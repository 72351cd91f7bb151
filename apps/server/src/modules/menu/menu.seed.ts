import { eq, sql } from 'drizzle-orm';
import { MENU_TREE } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { menuResources, menus, resources } from './menu.table.js';

/**
 * Brings the menu tree and resources up to the product's route table: adds what is missing,
 * by code, and never removes or renames what an administrator changed. Runs at every start.
 */
export async function syncMenuTree(db: Db): Promise<void> {
  const existingMenus = new Map((await db.select().from(menus)).map((row) => [row.code, row]));
  const existingResources = new Map((await db.select().from(resources)).map((row) => [row.code, row]));

  async function ensureMenu(code: string, name: string, parentId: number, url: string, iconfont: string, sort: number): Promise<number> {
    const found = existingMenus.get(code);
    if (found) return found.id;
    const [row] = await db.insert(menus).values({ code, name, parentId, url, iconfont, sort }).returning();
    existingMenus.set(code, row!);
    return row!.id;
  }

  let centreSort = 0;
  for (const centre of MENU_TREE) {
    const centreId = await ensureMenu(centre.code, centre.name, -1, '', centre.iconfont, centreSort++);
    let groupSort = 0;
    for (const group of centre.groups) {
      const groupId = await ensureMenu(group.code, group.name, centreId, '', group.iconfont, groupSort++);
      let itemSort = 0;
      for (const item of group.items) {
        const itemId = await ensureMenu(item.code, item.name, groupId, item.url, item.iconfont ?? '', itemSort++);
        for (const resource of item.resources) {
          let resourceRow = existingResources.get(resource.code);
          if (!resourceRow) {
            [resourceRow] = await db
              .insert(resources)
              .values({ code: resource.code, name: resource.name, type: resource.type, url: '' })
              .returning();
            existingResources.set(resource.code, resourceRow!);
            await db.insert(menuResources).values({ menuId: itemId, resourceId: resourceRow!.id }).onConflictDoNothing();
          }
        }
      }
    }
  }
}

export async function menuIdsByCode(db: Db, codes: string[]): Promise<number[]> {
  const rows = await db.select({ id: menus.id, code: menus.code }).from(menus);
  const wanted = new Set(codes);
  return rows.filter((row) => wanted.has(row.code)).map((row) => row.id);
}

/** Resource ids under the given menu codes (all of each menu's buttons and links). */
export async function resourceIdsOfMenus(db: Db, menuCodes: string[]): Promise<number[]> {
  if (menuCodes.length === 0) return [];
  const rows = await db
    .select({ id: menuResources.resourceId })
    .from(menuResources)
    .innerJoin(menus, eq(menus.id, menuResources.menuId))
    .where(sql`${menus.code} in ${menuCodes}`);
  return rows.map((row) => row.id);
}
