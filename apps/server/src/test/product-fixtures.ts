import type { TestServer } from './harness.js';
import { createAccountWithMenus, merchantIdByName } from './grant-fixtures.js';

/** The product-centre callers of the device tests: platform, the demo merchant and another merchant. */
export interface ProductCallers {
  admin: string;
  merchant: string;
  siam: string;
  demoAgentId: number;
  siamId: number;
}

const DEVICE_MENUS = [
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

export async function productCallers(server: TestServer): Promise<ProductCallers> {
  const siamId = await merchantIdByName(server.db, 'Siam Swap Direct');
  await createAccountWithMenus(server.db, { username: 'siam-ops', merchantId: siamId, menuCodes: DEVICE_MENUS, withResources: true });
  return {
    admin: await server.login('admin'),
    merchant: await server.login('merchant'),
    siam: await server.login('siam-ops'),
    demoAgentId: await merchantIdByName(server.db, 'Demo Agent'),
    siamId,
  };
}

/** One type of each kind, added through the API as the platform: ids by kind. */
export async function productTypes(
  server: TestServer,
  admin: string,
): Promise<{ battery: number; vehicle1: number; vehicle2: number; cabinet: number }> {
  const add = async (kind: string, body: Record<string, unknown>) => {
    const answer = await server.call('POST', `/api/oms/${kind}-type/add`, { token: admin, body });
    if (answer.code !== 1) throw new Error(`${kind} type: ${answer.message}`);
    return answer.data.id as number;
  };
  return {
    battery: await add('battery', {
      code: 'LFP6430',
      name: 'LFP 64V 30Ah',
      description: 'Scooter pack',
      structure: 'LFP',
      ratedVoltage: 64,
      ratedCapacity: 30,
      ratedCurrent: 30,
      cellCount: 20,
      weight: 12.5,
    }),
    vehicle1: await add('vehicle', {
      code: 'ES1',
      name: 'Scooter',
      description: 'One pack',
      batteryCompartments: 1,
      compartmentType: 'Single 64V',
      ratedCapacity: 30,
      ratedVoltage: 64,
    }),
    vehicle2: await add('vehicle', {
      code: 'EM2',
      name: 'Moto',
      description: 'Two packs',
      batteryCompartments: 2,
      compartmentType: 'Dual 64V',
      ratedCapacity: 60,
      ratedVoltage: 64,
    }),
    cabinet: await add('cabinet', {
      code: 'SC4',
      name: 'Cabinet 4',
      description: 'Four slots',
      compartmentCount: 4,
      chargerTotalPower: 2.4,
      externalMaxPower: 3,
    }),
  };
}

/** Numbers PREFIX0001 … in order. */
export function numbers(prefix: string, count: number, from = 1): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${String(from + i).padStart(4, '0')}`);
}
