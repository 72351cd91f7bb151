import type { BatteryTypeAdd, CabinetTypeAdd, VehicleTypeAdd } from './domains/device-type.js';
import type { PermissionNode } from './domains/menu.js';

/**
 * What the server tests' factories and the browser specs' factories share (docs/testing.md): the
 * password of the accounts they make, the menus a merchant's administrator holds, a sample type of
 * each device kind, and the lookup of the menu and resource ids a role grants. Test code only: `@swap/contracts/testing`.
 */

/** The password of every account a factory creates. */
export const FACTORY_PASSWORD = 'Quartz-Lantern-8431';

/** The device registries and their stock, which both the merchant administrator and the device staff hold. */
const DEVICE_STOCK_MENUS = [
  'operation.vehicle',
  'operation.battery',
  'operation.cabinet',
  'stock.vehicle',
  'stock.battery',
  'stock.cabinet',
];

/** The menus a merchant administrator holds: the merchant's whole business and its staff. */
export const MERCHANT_ADMIN_MENUS = [
  ...DEVICE_STOCK_MENUS,
  'record.swap',
  'record.appointment',
  'admin.admin',
  'admin.role',
  'admin.merchant',
  'system.international.currency',
];

/** The menus of the product centre: the device registries, their stock and their types. */
export const DEVICE_MENUS = [...DEVICE_STOCK_MENUS, 'type.vehicle', 'type.battery', 'type.cabinet'];

/**
 * One type of each kind as the platform adds it (the server tests add these; the browser specs
 * give theirs a code and name of their own): a 64 V scooter pack, a one- and a two-pack vehicle and a
 * four-compartment cabinet.
 */
export const DEVICE_TYPE_SAMPLES = {
  battery: {
    code: 'LFP6430',
    name: 'LFP 64V 30Ah',
    description: 'Scooter pack',
    structure: 'LFP',
    ratedVoltage: 64,
    ratedCapacity: 30,
    ratedCurrent: 30,
    cellCount: 20,
    weight: 12.5,
  },
  vehicle1: {
    code: 'ES1',
    name: 'Scooter',
    description: 'One pack',
    batteryCompartments: 1,
    compartmentType: 'Single 64V',
    ratedCapacity: 30,
    ratedVoltage: 64,
  },
  vehicle2: {
    code: 'EM2',
    name: 'Moto',
    description: 'Two packs',
    batteryCompartments: 2,
    compartmentType: 'Dual 64V',
    ratedCapacity: 60,
    ratedVoltage: 64,
  },
  cabinet: {
    code: 'SC4',
    name: 'Cabinet 4',
    description: 'Four slots',
    compartmentCount: 4,
    chargerTotalPower: 2.4,
    externalMaxPower: 3,
  },
} as const satisfies { battery: BatteryTypeAdd; vehicle1: VehicleTypeAdd; vehicle2: VehicleTypeAdd; cabinet: CabinetTypeAdd };

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
