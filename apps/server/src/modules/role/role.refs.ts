import { eq, inArray, notInArray, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { menuIdsByCode, resourceIdsOfMenus } from '../menu/index.js';
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

/**
 * The roles granting a menu or resource outside the given ones, as a subquery for the caller's
 * query (an account holding none of them holds nothing beyond those grants).
 */
export function rolesGrantingBeyond(db: Db, grants: { menuIds: Iterable<number>; resourceIds: Iterable<number> }) {
  return db
    .select({ id: roleMenus.roleId })
    .from(roleMenus)
    .where(notInArray(roleMenus.menuId, [...grants.menuIds]))
    .union(
      db
        .select({ id: roleResources.roleId })
        .from(roleResources)
        .where(notInArray(roleResources.resourceId, [...grants.resourceIds])),
    );
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

/** Menu items a merchant administrator's role grants (the merchant's whole business): the demo's and an approved applicant's. */
export const MERCHANT_ADMIN_MENUS = [
  'operation.vehicle',
  'operation.battery',
  'operation.cabinet',
  'alarm.battery',
  'alarm.cabinet',
  'alarm.records',
  // A merchant keeps alarm rules of its own over its own devices (docs/alarms.md); the levels it reads.
  'alarmConfiguration.device',
  'alarmConfiguration.business',
  'stock.vehicle',
  'stock.battery',
  'stock.cabinet',
  'allocation.vehicle',
  'allocation.battery',
  'allocation.cabinet',
  'price.vehicle',
  'price.product',
  'price.rechargeRecord',
  'price.battery',
  'price.consumer',
  'price.package',
  'price.rechargeSetting',
  'site.store',
  'site.cabinet',
  'application.list',
  'message.updateMessage',
  'order.product',
  'order.vehicle',
  'order.battery',
  'order.wallet',
  'order.wallet.bill',
  'order.wallet.set',
  'order.combo',
  'order.transfer',
  'order.kwh',
  'record.swap',
  'record.appointment',
  'customer.list',
  'customer.authentication',
  'admin.admin',
  'admin.role',
  'admin.merchant',
  'system.international.currency',
  'dashboard.figures',
  'dashboard.trends',
  'dashboard.ranking',
];

/** Menus a merchant administrator reads without their buttons: areas and alarm levels are written by platform staff only (docs/stations-and-maps.md, docs/alarms.md). */
export const MERCHANT_ADMIN_READS = ['admin.area', 'alarmConfiguration.level'];

/** Grants the menus with their buttons and links, and `readOnly` menus alone. */
export async function grantRole(db: Db, roleId: number, menuCodes: string[], readOnly: string[] = []): Promise<void> {
  const menuIds = await menuIdsByCode(db, [...menuCodes, ...readOnly]);
  const resourceIds = await resourceIdsOfMenus(db, menuCodes);
  if (menuIds.length)
    await db
      .insert(roleMenus)
      .values(menuIds.map((menuId) => ({ roleId, menuId })))
      .onConflictDoNothing();
  if (resourceIds.length)
    await db
      .insert(roleResources)
      .values(resourceIds.map((resourceId) => ({ roleId, resourceId })))
      .onConflictDoNothing();
}

/**
 * A new merchant's administrator role granting MERCHANT_ADMIN_MENUS, inside the caller's transaction
 * (an approved merchant application); answers its id.
 */
export async function addMerchantAdministratorRole(db: Db, merchantId: number): Promise<number> {
  const [role] = await db
    .insert(roles)
    .values({
      name: 'Merchant admin',
      description: 'Runs the merchant: devices, stock, prices, orders, customers and staff',
      sort: 1,
      merchantId,
    })
    .returning({ id: roles.id });
  await grantRole(db, role!.id, MERCHANT_ADMIN_MENUS, MERCHANT_ADMIN_READS);
  return role!.id;
}
