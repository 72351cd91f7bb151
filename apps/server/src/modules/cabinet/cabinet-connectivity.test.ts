import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cabinetApi, endpointUrl } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createDevices, createDeviceTypes, deviceCallers, type DeviceCallers } from '../../test/factories.js';
import { markCabinetGone, markCabinetHeard } from './index.js';

describe('the cabinet list by connection: online or offline, with when each was last heard from', () => {
  let server: TestServer;
  let who: DeviceCallers;
  let numbers: string[] = [];
  let rivalNumbers: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    who = await deviceCallers(server);
    const types = await createDeviceTypes(server, who.admin);
    ({ numbers } = await createDevices(server, who.admin, 'cabinet', 4, {
      typeId: types.cabinet,
      prefix: 'CCN',
      merchantId: who.merchantId,
    }));
    ({ numbers: rivalNumbers } = await createDevices(server, who.admin, 'cabinet', 2, {
      typeId: types.cabinet,
      prefix: 'CCR',
      merchantId: who.rivalId,
    }));
    // Heard from as the device link hears them: two of the merchant's and one of the rival's; one of the two goes away again.
    const heardAt = new Date(Date.now() - 3 * 60_000);
    for (const number of [numbers[0]!, numbers[1]!, numbers[2]!, rivalNumbers[0]!]) await markCabinetHeard(server.db, number, heardAt);
    await markCabinetGone(server.db, numbers[2]!);
  });
  afterAll(() => server?.close());

  const listed = async (token: string, connectivity?: 'ONLINE' | 'OFFLINE') =>
    (await server.request(cabinetApi.search, { size: 50, ...(connectivity ? { connectivity } : {}) }, { token })).data.records;

  it('keeps the online or the offline cabinets of the caller’s tenant, each with its last report', async () => {
    const online = await listed(who.merchant, 'ONLINE');
    expect(online.map((r) => r.number).sort()).toEqual([numbers[0], numbers[1]]);
    expect(online.every((r) => r.online && r.lastReportAt !== null)).toBe(true);
    const offline = await listed(who.merchant, 'OFFLINE');
    expect(offline.map((r) => r.number).sort()).toEqual([numbers[2], numbers[3]]);
    // One went away after it was heard (its last report stays), one was never heard from.
    expect(offline.find((r) => r.number === numbers[2])!.lastReportAt).not.toBeNull();
    expect(offline.find((r) => r.number === numbers[3])!.lastReportAt).toBeNull();
    expect(await listed(who.merchant)).toHaveLength(4);
    // Platform staff see every tenant's online cabinets.
    const all = (await listed(who.admin, 'ONLINE')).map((r) => r.number);
    expect(all).toEqual(expect.arrayContaining([numbers[0], numbers[1], rivalNumbers[0]]));
    expect((await listed(who.rival, 'ONLINE')).map((r) => r.number)).toEqual([rivalNumbers[0]]);
  });

  it('refuses a value that is no connection state, in the caller’s language', async () => {
    for (const connectivity of ['online', 'MAYBE', 1, '\u0000']) {
      const answer = await server.call('POST', endpointUrl(cabinetApi.search), { token: who.merchant, body: { connectivity }, lang: 'th' });
      expect(answer.status, String(connectivity)).toBe(400);
      expect(answer.message).toMatch(/[\u0E00-\u0E7F]/);
    }
  });
});
