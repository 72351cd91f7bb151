import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batteryApi, cabinetApi, deviceCredentialApi, vehicleApi, type DeviceKind } from '@swap/contracts';
import { desc, like } from 'drizzle-orm';
import mqtt from 'mqtt';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createAccountWithMenus, deviceCallers, type DeviceCallers, createDeviceTypes } from '../../test/factories.js';
import type { DeviceGateway } from '../../device-link/index.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { startEmbeddedGateway } from '../../test/device-fixtures.js';

/** Signs a device in on the broker; resolves the client, or rejects with the broker's refusal. */
function signIn(url: string, number: string, password: string): Promise<mqtt.MqttClient> {
  return mqtt.connectAsync(url, { clientId: number, username: number, password, reconnectPeriod: 0, connectTimeout: 2000 });
}

describe('device credentials issued in the back-office', () => {
  let server: TestServer;
  let who: DeviceCallers;
  let gateway: DeviceGateway;
  let url: string;
  let viewer: string;
  const ids = { cabinet: 0, battery: 0, vehicle: 0, scrapped: 0 };

  const status = (token: string, kind: DeviceKind, id: number) => server.request(deviceCredentialApi[kind].credential, { id }, { token });
  const issue = (token: string, kind: DeviceKind, id: number) => server.request(deviceCredentialApi[kind].issue, { id }, { token });

  const DEVICE_APIS = { battery: batteryApi, cabinet: cabinetApi, vehicle: vehicleApi } as const;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    who = await deviceCallers(server);
    const types = await createDeviceTypes(server, who.admin);
    const add = async (kind: DeviceKind, body: { number: string; typeId: number }) => {
      const answer = await server.request(DEVICE_APIS[kind].add, body, { token: who.merchant });
      if (answer.code !== 1) throw new Error(`${kind}: ${answer.message}`);
      return answer.data.id;
    };
    ids.cabinet = await add('cabinet', { number: 'CCR0001', typeId: types.cabinet });
    ids.battery = await add('battery', { number: 'BCR0001', typeId: types.battery });
    ids.vehicle = await add('vehicle', { number: 'VCR0001', typeId: types.vehicle1 });
    ids.scrapped = await add('cabinet', { number: 'CCR0002', typeId: types.cabinet });
    await server.request(cabinetApi.scrap, { ids: [ids.scrapped], reason: 'Flooded' }, { token: who.merchant });
    await createAccountWithMenus(server.db, { username: 'cabinet-viewer', merchantId: who.merchantId, menuCodes: ['operation.cabinet'] });
    viewer = await server.login('cabinet-viewer');
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    ({ gateway, url } = await startEmbeddedGateway(server, log));
  });
  afterAll(async () => {
    await gateway.close();
    await server.close();
  });

  it('issues a secret shown once, with which the cabinet signs in on the broker', async () => {
    expect((await status(who.merchant, 'cabinet', ids.cabinet)).data).toEqual({ issued: false, issuedAt: null });
    await expect(signIn(url, 'CCR0001', 'anything')).rejects.toThrow(/Not authorized/);

    const issued = await issue(who.merchant, 'cabinet', ids.cabinet);
    expect(issued.code).toBe(1);
    expect(issued.data).toMatchObject({ number: 'CCR0001', username: 'CCR0001' });
    expect(issued.data.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const after = (await status(who.merchant, 'cabinet', ids.cabinet)).data;
    expect(after).toEqual({ issued: true, issuedAt: issued.data.issuedAt });
    expect(JSON.stringify(after)).not.toContain(issued.data.secret);

    const device = await signIn(url, 'CCR0001', issued.data.secret);
    expect(device.connected).toBe(true);
    await device.endAsync();
    await expect(signIn(url, 'CCR0001', `${issued.data.secret}x`)).rejects.toThrow(/Bad username or password/);
  });

  it('replaces the secret on a new issue: the old one stops working and the connected device is sent away', async () => {
    const first = (await issue(who.merchant, 'cabinet', ids.cabinet)).data.secret;
    const device = await signIn(url, 'CCR0001', first);
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    const second = await issue(who.merchant, 'cabinet', ids.cabinet);
    expect(second.data.secret).not.toBe(first);
    await closed;
    await expect(signIn(url, 'CCR0001', first)).rejects.toThrow(/Bad username or password/);
    const again = await signIn(url, 'CCR0001', second.data.secret);
    expect(again.connected).toBe(true);
    await again.endAsync();
  });

  it('issues for batteries and vehicles too, each signing in as itself', async () => {
    for (const [kind, id, number] of [
      ['battery', ids.battery, 'BCR0001'],
      ['vehicle', ids.vehicle, 'VCR0001'],
    ] as const) {
      const issued = await issue(who.merchant, kind, id);
      expect(issued.data.number).toBe(number);
      const device = await signIn(url, number, issued.data.secret);
      expect(device.connected).toBe(true);
      await device.endAsync();
      expect((await status(who.merchant, kind, id)).data.issued).toBe(true);
    }
  });

  it('writes the issue to the audit log without the secret', async () => {
    const issued = await issue(who.merchant, 'battery', ids.battery);
    const [entry] = await server.db
      .select()
      .from(auditLogs)
      .where(like(auditLogs.action, '%.credential.issue'))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(entry).toMatchObject({
      action: 'battery.credential.issue',
      objectType: 'battery',
      objectId: String(ids.battery),
      username: who.fixtures.merchant.admin.username,
    });
    expect(entry!.changes).toEqual({ number: 'BCR0001', replaced: true });
    expect(JSON.stringify(entry)).not.toContain(issued.data.secret);
  });

  it('needs the issue permission, keeps tenants apart and refuses a scrapped device', async () => {
    const denied = await issue(viewer, 'cabinet', ids.cabinet);
    expect(denied.status).toBe(403);
    expect((await issue(who.rival, 'cabinet', ids.cabinet)).code).toBe(3007);
    expect((await status(who.rival, 'cabinet', ids.cabinet)).code).toBe(3007);
    expect((await issue(who.rival, 'vehicle', ids.vehicle)).code).toBe(3003);
    const scrapped = await issue(who.merchant, 'cabinet', ids.scrapped);
    expect(scrapped.code).toBe(3010);
    expect((await status(who.merchant, 'cabinet', ids.scrapped)).data.issued).toBe(false);
    // The platform may issue for any merchant's device.
    expect((await issue(who.admin, 'cabinet', ids.cabinet)).code).toBe(1);
    expect((await issue(who.merchant, 'cabinet', 999999)).code).toBe(3007);
  });
});
