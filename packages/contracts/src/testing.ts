import type { PermissionNode } from './domains/menu.js';

/**
 * What the server tests' factories and the browser specs' factories share (docs/testing.md): the
 * password of the accounts they make, the menus a merchant's administrator holds, and the lookup of
 * the menu and resource ids a role grants. Test code only: `@swap/contracts/testing`.
 */

/** The password of every account a factory creates. */
export const FACTORY_PASSWORD = 'Quartz-Lantern-8431';

/** The menus a merchant administrator holds: the merchant's whole business and its staff. */
export const MERCHANT_ADMIN_MENUS = [
  'operation.vehicle',
  'operation.battery',
  'operation.cabinet',
  'stock.vehicle',
  'stock.battery',
  'stock.cabinet',
  'record.swap',
  'record.appointment',
  'admin.admin',
  'admin.role',
  'admin.merchant',
  'system.international.currency',
];

/** The menus of the product centre: the device registries, their stock and their types. */
export const DEVICE_MENUS = [
  'operation.vehicle',
  'operation.battery',
  'operation.cabinet',
  'stock.vehicle',
  'stock.battery',
  'stock.cabinet',
  'type.vehicle',
  'type.battery',
  'type.cabinet',
];

/**
 * The ids a role granting `menuCodes` names, found in the tree the caller may grant (the answer of
 * the role's grantable call): each menu and, unless `menusOnly`, its buttons and links. Throws,
 * naming them, when the caller may not grant some of the menus.
 */
export function grantsIn(
  tree: readonly PermissionNode[],
  menuCodes: readonly string[],
  options: { menusOnly?: boolean } = {},
): { menuIds: number[]; resourceIds: number[] } {
  const menuIds: number[] = [];
  const resourceIds: number[] = [];
  const found = new Set<string>();
  const walk = (nodes: readonly PermissionNode[]) => {
    for (const node of nodes) {
      if (menuCodes.includes(node.code)) {
        found.add(node.code);
        menuIds.push(node.id);
        if (!options.menusOnly) resourceIds.push(...node.resources.map((resource) => resource.id));
      }
      walk(node.children);
    }
  };
  walk(tree);
  const missing = menuCodes.filter((code) => !found.has(code));
  if (missing.length > 0) throw new Error(`the caller may not grant the menus ${missing.join(', ')}`);
  return { menuIds, resourceIds };
}
