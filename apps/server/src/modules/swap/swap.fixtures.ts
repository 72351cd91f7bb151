import { batteryApi, cabinetApi } from '@swap/contracts';
import { endpointCalls, type TestServer } from '../../test/harness.js';
import { assignToStation, createAccount, createDeviceTypes, deviceCallers } from '../../test/factories.js';

/**
 * Where a swap test starts: the device callers (`who`), an account of the rival merchant holding
 * `rivalMenus` (`rival`), the device types, and the merchant's cabinet and batteries added through
 * the API (`ids` by number), the batteries on a station of the merchant (`stationId`).
 */
export async function swapTenants(server: TestServer, options: { rivalMenus: string[]; cabinet: string; batteries: string[] }) {
  const { call } = endpointCalls(() => server);
  const who = await deviceCallers(server);
  const rival = (await createAccount(server, who.admin, { merchantId: who.rivalId, menuCodes: options.rivalMenus })).token;
  const types = await createDeviceTypes(server, who.admin);
  const ids: Record<string, number> = {};
  const add = async (endpoint: typeof cabinetApi.add | typeof batteryApi.add, number: string, typeId: number) => {
    const added = await call(who.merchant, endpoint, { number, typeId });
    if (added.code !== 1) throw new Error(`${number}: ${added.message}`);
    ids[number] = (added.data as { id: number }).id;
  };
  await add(cabinetApi.add, options.cabinet, types.cabinet);
  for (const number of options.batteries) await add(batteryApi.add, number, types.battery);
  const stationId = await assignToStation(server, who.admin, 'battery', options.batteries, who.merchantId);
  return { who, rival, types, ids, stationId };
}
