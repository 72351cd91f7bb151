import type { Db } from '../../db/client.js';
import type { DemoContext } from '../../db/demo.js';
import { menuIdsByCode, resourceIdsOfMenus } from '../menu/index.js';
import { roleMenus, roleResources, roles } from './role.table.js';

/** Menu items the demo merchant administrator's role grants (the merchant's whole business). */
const MERCHANT_ADMIN_MENUS = [
  'operation.vehicle',
  'operation.battery',
  'operation.cabinet',
  'alarm.battery',
  'alarm.cabinet',
  'alarm.records',
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

/** Menus the demo merchant administrator reads without their buttons: areas are written by platform staff only (docs/stations-and-maps.md). */
const MERCHANT_ADMIN_READS = ['admin.area'];

/** The demo sub-account's role: a station clerk who sees devices, swaps and reservations, and the dashboard without its sales trends. */
const CLERK_MENUS = [
  'operation.battery',
  'operation.cabinet',
  'record.swap',
  'record.appointment',
  'dashboard.figures',
  'dashboard.ranking',
];

/** Grants the menus with their buttons and links, and `readOnly` menus alone. */
async function grantRole(db: Db, roleId: number, menuCodes: string[], readOnly: string[] = []): Promise<void> {
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

/** The demo agent's two roles, merchant administrator and station clerk (once, with the demo organisation). */
export async function seedDemoRoles(db: Db, demo: DemoContext): Promise<void> {
  const agent = demo.merchantIds['Demo Agent'];
  if (!demo.addOrganisation || agent === undefined) return;
  const [merchantAdmin] = await db
    .insert(roles)
    .values({
      name: 'Merchant admin',
      description: 'Runs the merchant: devices, stock, prices, orders, customers and staff',
      sort: 1,
      merchantId: agent,
    })
    .returning();
  const [clerk] = await db
    .insert(roles)
    .values({ name: 'Station clerk', description: 'Watches batteries, cabinets, swaps and reservations', sort: 2, merchantId: agent })
    .returning();
  await grantRole(db, merchantAdmin!.id, MERCHANT_ADMIN_MENUS, MERCHANT_ADMIN_READS);
  await grantRole(db, clerk!.id, CLERK_MENUS);
  demo.roleIds = { 'Merchant admin': merchantAdmin!.id, 'Station clerk': clerk!.id };
}
