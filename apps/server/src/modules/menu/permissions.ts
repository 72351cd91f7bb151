import { inArray, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Grants } from '../../app/context.js';
import { menus, resources } from './menu.table.js';

/**
 * What the given menu and resource ids grant (the account module passes the ids its roles grant as
 * subqueries, so this is one query each): a granted item implies its group and centre, so the tree
 * and the sidebar can reach it.
 */
export async function grantsFrom(db: Db, menuIds: SQLWrapper, resourceIds: SQLWrapper): Promise<Grants> {
  const menuRows = await db.select({ id: menus.id, code: menus.code }).from(menus).where(inArray(menus.id, menuIds));
  const resourceRows = await db
    .select({ id: resources.id, code: resources.code })
    .from(resources)
    .where(inArray(resources.id, resourceIds));
  const all = await db.select({ id: menus.id, parentId: menus.parentId, code: menus.code }).from(menus);
  const byId = new Map(all.map((row) => [row.id, row]));
  const granted = new Set<number>();
  for (const row of menuRows) {
    for (let node = byId.get(row.id); node && !granted.has(node.id); node = byId.get(node.parentId)) granted.add(node.id);
  }
  return {
    menuIds: granted,
    resourceIds: new Set(resourceRows.map((row) => row.id)),
    codes: new Set([...[...granted].map((id) => byId.get(id)!.code), ...resourceRows.map((row) => row.code)]),
  };
}

/** Every menu and resource there is: what a SUPER holds. */
export async function allGrants(db: Db): Promise<Grants> {
  const menuRows = await db.select({ id: menus.id, code: menus.code }).from(menus);
  const resourceRows = await db.select({ id: resources.id, code: resources.code }).from(resources);
  return {
    menuIds: new Set(menuRows.map((row) => row.id)),
    resourceIds: new Set(resourceRows.map((row) => row.id)),
    codes: new Set([...menuRows.map((row) => row.code), ...resourceRows.map((row) => row.code)]),
  };
}
