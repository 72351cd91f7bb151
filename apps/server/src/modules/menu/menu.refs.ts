import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { menus, resources } from './menu.table.js';

/** The ids among the given ones that name an existing menu. */
export async function knownMenuIds(db: Db, ids: number[]): Promise<{ id: number }[]> {
  return db.select({ id: menus.id }).from(menus).where(inArray(menus.id, ids));
}

/** The ids among the given ones that name an existing resource. */
export async function knownResourceIds(db: Db, ids: number[]): Promise<{ id: number }[]> {
  return db.select({ id: resources.id }).from(resources).where(inArray(resources.id, ids));
}
