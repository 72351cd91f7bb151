import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountApi, batteryApi, cabinetApi, menuApi, merchantApi, roleApi } from '@swap/contracts';
import { startOwnDevices } from '@swap/simulator';
import { startTestServer, type TestServer } from './harness.js';
import { startEmbeddedGateway } from './device-fixtures.js';
import { eventually } from './eventually.js';
import {
  createAccount,
  createCabinetWithBatteries,
  createDevices,
  createDeviceWithCredential,
  createDeviceTypes,
  createMerchant,
  createPlatformAccount,
  createRole,
  createSubAccount,
  platformAdmin,
  type Caller,
  type MerchantFixture,
} from './factories.js';

/** What each factory makes is what a test relying on it expects: signed in, in its tenant, with its grants. */
describe('test factories', () => {
  let server: TestServer;
  let platform: Caller;
  let first: MerchantFixture;
  let second: MerchantFixture;
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;
  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    platform = await platformAdmin(server);
    first = await createMerchant(server, platform.token);
    second = await createMerchant(server, platform.token, { type: 'DIRECT' });
    types = await createDeviceTypes(server, platform.token);
  });
  afterAll(() => server.close());

  it('makes a merchant whose administrator signs in and sees only its own merchant, accounts and roles', async () => {
    expect(first.name).not.toBe(second.name);
    const { token } = first.admin;
    expect(first.admin.merchantId).toBe(first.id);
    const merchants = await server.request(merchantApi.search, {}, { token });
    expect(merchants.data.records.map((m) => m.id)).toEqual([first.id]);
    const accounts = await server.request(accountApi.search, {}, { token });
    expect(accounts.data.records.map((a) => [a.username, a.type, a.merchantId])).toEqual([[first.admin.username, 'NORMAL', first.id]]);
    const roles = await server.request(roleApi.search, {}, { token });
    expect(roles.data.records.map((r) => r.id)).toEqual([first.roleId]);
    // The other merchant's records are not found from here.
    expect((await server.request(merchantApi.detail, { id: second.id }, { token })).code).toBe(1017);
  });

  it('makes a sub-account of a merchant holding only the menus asked for', async () => {
    const clerk = await createSubAccount(server, first, ['operation.battery', 'record.swap']);
    const detail = await server.request(accountApi.detail, { id: clerk.id }, { token: first.admin.token });
    expect(detail.data).toMatchObject({ type: 'SON', merchantId: first.id, username: clerk.username });
    const levels = await server.request(menuApi.levels, undefined, { token: clerk.token });
    expect(levels.data.codes).toEqual(expect.arrayContaining(['operation.battery', 'record.swap']));
    for (const withheld of ['operation.cabinet', 'admin.admin', 'admin.role']) expect(levels.data.codes).not.toContain(withheld);
  });

  it('makes roles and accounts in the caller’s tenant, and platform staff with the platform', async () => {
    const role = await createRole(server, first.admin.token, { menuCodes: ['operation.cabinet'], menusOnly: true });
    expect(role.merchantId).toBe(first.id);
    const manager = await createAccount(server, first.admin.token, { roleIds: [role.id] });
    expect(manager.merchantId).toBe(first.id);
    const staff = await createPlatformAccount(server, platform.token, ['admin.merchant']);
    expect(staff.merchantId).toBeNull();
    const seen = await server.request(merchantApi.search, {}, { token: staff.token });
    expect(seen.data.records.map((m) => m.id)).toEqual(expect.arrayContaining([first.id, second.id]));
  });

  it('registers devices for their owner only', async () => {
    const own = await createDevices(server, first.admin.token, 'battery', 3, { typeId: types.battery, prefix: 'FACT' });
    expect(own.numbers).toEqual(['FACT0001', 'FACT0002', 'FACT0003']);
    const listed = await server.request(batteryApi.search, { number: 'FACT' }, { token: first.admin.token });
    expect(listed.data.records.map((b) => b.id).sort()).toEqual([...own.ids].sort());
    expect(listed.data.records.every((b) => b.merchantId === first.id)).toBe(true);
    expect((await server.request(batteryApi.search, { number: 'FACT' }, { token: second.admin.token })).data.total).toBe(0);
  });

  it('makes an online cabinet holding its batteries', async () => {
    const made = await createCabinetWithBatteries(server, platform.token, { types, prefix: 'FCB', batteries: 2, merchantId: second.id });
    const cabinet = await server.request(cabinetApi.detail, { id: made.cabinetId }, { token: second.admin.token });
    expect(cabinet.data.online).toBe(true);
    expect(cabinet.data.merchantId).toBe(second.id);
    expect(cabinet.data.compartments.map((c) => c.batteryNumber)).toEqual([...made.batteryNumbers, null, null]);
  });

  it('makes a device with its own credential, which a simulated device signs in with', async () => {
    const device = await createDeviceWithCredential(server, platform.token, 'cabinet', {
      typeId: types.cabinet,
      number: 'FCRED0001',
      merchantId: first.id,
    });
    const { gateway, url } = await startEmbeddedGateway(server);
    const run = await startOwnDevices({
      url,
      cabinets: [{ ...device, compartments: [1, 2, 3, 4].map((index) => ({ index, batteryNumber: null })) }],
      lifetimeMs: 20_000,
    });
    try {
      await run.tick();
      await eventually(async () => {
        const detail = await server.request(cabinetApi.detail, { id: device.id }, { token: first.admin.token });
        expect(detail.data.online).toBe(true);
      });
    } finally {
      await run.stop();
      await gateway.close();
    }
    await expect(startOwnDevices({ url: 'mqtt://192.0.2.1:1883', cabinets: [] })).rejects.toThrow(/loopback/);
  });
});
