import { eq, inArray, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { roleMenus, roleResources, roles } from './role.table.js';

/**
 * What other modules use to refer to roles without reading their tables (docs/architecture.md,
 * "Boundaries"): roles by id, what roles grant, and the grants withdrawn when a menu or resource goes.
 */

/** Id and tenant of the roles that exist among the given ids. */
export async function rolesByIds(db: Db, ids: number[]): Promise<{ id: number; merchantId: number | null }[]> {
  return db.select({ id: roles.id, merchantId: roles.merchantId }).from(roles).where(inArray(roles.id, ids));
}

/** The roles' id, name and order, as a subquery the caller joins in its own query. */
export function roleSummaries(db: Db) {
  return db.select({ id: roles.id, name: roles.name, sort: roles.sort }).from(roles).as('role_summary');
}

/** The menu and resource ids the given roles grant (one query each). */
export async function grantedByRoles(db: Db, ids: number[]): Promise<{ menuIds: number[]; resourceIds: number[] }> {
  const menuRows = await db.select({ id: roleMenus.menuId }).from(roleMenus).where(inArray(roleMenus.roleId, ids));
  const resourceRows = await db.select({ id: roleResources.resourceId }).from(roleResources).where(inArray(roleResources.roleId, ids));
  return { menuIds: menuRows.map((row) => row.id), resourceIds: resourceRows.map((row) => row.id) };
}

/** The menu ids the roles of a subquery grant, as a subquery for the caller's query. */
export function menuIdsOfRoles(db: Db, roleIds: SQLWrapper) {
  return db.select({ id: roleMenus.menuId }).from(roleMenus).where(inArray(roleMenus.roleId, roleIds));
}

/** The resource ids the roles of a subquery grant, as a subquery for the caller's query. */
export function resourceIdsOfRoles(db: Db, roleIds: SQLWrapper) {
  return db.select({ id: roleResources.resourceId }).from(roleResources).where(inArray(roleResources.roleId, roleIds));
}

/** Withdraws a menu from every role; answers the roles that held it. */
export async function revokeMenuGrants(db: Db, menuId: number): Promise<{ roleId: number }[]> {
  return db.delete(roleMenus).where(eq(roleMenus.menuId, menuId)).returning({ roleId: roleMenus.roleId });
}

/** Withdraws a resource from every role; answers the roles that held it. */
export async function revokeResourceGrants(db: Db, resourceId: number): Promise<{ roleId: number }[]> {
  return db.delete(roleResources).where(eq(roleResources.resourceId, resourceId)).returning({ roleId: roleResources.roleId });
}

/** Removes a merchant's roles (with their grants), when the merchant goes. */
export async function removeRolesOfMerchant(db: Db, merchantId: number): Promise<void> {
  await db.delete(roles).where(eq(roles.merchantId, merchantId));
}
