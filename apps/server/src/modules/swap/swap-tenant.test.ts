import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import {
  auditLogApi,
  authorizeResult,
  type AuthorizeResult,
  batteryApi,
  cabinetApi,
  cabinetTopic,
  swapApi,
  type SwapEvent,
  vehicleApi,
} from '@swap/contracts';
import { startTestServer, type TestServer, endpointCalls } from '../../test/harness.js';
import { compartment, type DeviceCallers, assignToStation, issueSecret } from '../../test/factories.js';
import { collectingLog, startEmbeddedGateway } from '../../test/device-fixtures.js';
import type { DeviceGateway } from '../../device-link/gateway.js';
import { swapTenants } from './swap.fixtures.js';

/** The merchant's cabinet and pack, the rival's cabinet and packs (one in its cabinet, one in its vehicle), the platform's. */
const A_CABINET = 'CTA0001';
const A_PACK = 'BTA000001';
const B_CABINET = 'CTB0001';
const B_SLOT_PACK = 'BTB000001';
const B_RIDER_PACK = 'BTB000002';
const B_VEHICLE = 'VTB0001';
const P_CABINET = 'CTP0001';
const P_PACK = 'BTP000001';

describe('a cabinet acts only on its own owner’s batteries (raw MQTT clients signed in as real cabinets)', () => {
  let server: TestServer;
  let who: DeviceCallers;
  let rivalSwaps: string;
  let gateway: DeviceGateway;
  let url: string;
  const { log, messages: warnings } = collectingLog();
  const clients: MqttClient[] = [];
  const ids: Record<string, number> = {};
  let batteryType = 0;

  const { call, get, typed } = endpointCalls(() => server);
  const slots = async (token: string, number: string) =>
    ((await get(token, cabinetApi.detail, ids[number]!)).data.compartments as { index: number; batteryNumber: string | null }[])
      .sort((a, b) => a.index - b.index)
      .map((c) => c.batteryNumber);
  /** What the rival's staff see of their pack: owner, where it is, its vehicle, its charge. */
  const rivalPack = async (number: string) => {
    const b = (await get(who.rival, batteryApi.detail, ids[number]!)).data;
    return { merchantId: b.merchantId, vehicleNumber: b.vehicleNumber, soc: b.soc };
  };
  const signIn = async (number: string) => {
    const client = await mqtt.connectAsync(url, {
      clientId: number,
      username: number,
      password: await issueSecret(server, who.admin, 'cabinet', number),
      reconnectPeriod: 0,
      connectTimeout: 2000,
    });
    clients.push(client);
    return client;
  };
  /** Publishes as the cabinet and waits until the server has handled it. */
  const send = async (client: MqttClient, number: string, channel: 'state' | 'event', payload: unknown) => {
    await client.publishAsync(cabinetTopic(number, channel), JSON.stringify(payload), { qos: 1, retain: channel === 'state' });
    await gateway.link.idle();
  };
  const authorize = async (client: MqttClient, number: string, request: Record<string, unknown>): Promise<AuthorizeResult> => {
    const requestId = randomUUID();
    const answer = new Promise<AuthorizeResult>((resolve) => {
      client.on('message', (topic, payload) => {
        const parsed = authorizeResult.parse(JSON.parse(payload.toString('utf8')));
        if (topic === cabinetTopic(number, 'authorize-result') && parsed.requestId === requestId) resolve(parsed);
      });
    });
    await client.subscribeAsync(cabinetTopic(number, 'authorize-result'), { qos: 1 });
    await client.publishAsync(
      cabinetTopic(number, 'authorize'),
      JSON.stringify({ requestId, ts: new Date().toISOString(), customer: 'C10001', ...request }),
      { qos: 1 },
    );
    return answer;
  };
  const swapEvent = (fields: Partial<SwapEvent>): SwapEvent => ({
    type: 'SWAP',
    eventId: randomUUID(),
    batteryIn: null,
    batteryOut: null,
    startedAt: new Date(Date.now() - 40_000).toISOString(),
    endedAt: new Date().toISOString(),
    result: 'SUCCEEDED',
    ...fields,
  });
  const refusals = async () =>
    (await call(who.admin, auditLogApi.search, { action: 'cabinet.refused', size: 100 })).data.records as {
      username: string;
      merchantId: number | null;
      success: boolean;
      changes: { channel: string; batteries: string[] };
    }[];

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    const tenants = await swapTenants(server, {
      rivalMenus: ['record.swap', 'operation.battery', 'operation.cabinet'],
      cabinet: A_CABINET,
      batteries: [A_PACK],
    });
    ({ who, rival: rivalSwaps } = tenants);
    Object.assign(ids, tenants.ids);
    const types = tenants.types;
    batteryType = types.battery;
    const add = async (token: string, kind: 'battery' | 'cabinet' | 'vehicle', body: Record<string, unknown>) => {
      const added = await call(token, { battery: batteryApi, cabinet: cabinetApi, vehicle: vehicleApi }[kind].add, body);
      if (added.code !== 1) throw new Error(`${kind} ${String(body.number)}: ${added.message}`);
      ids[body.number as string] = added.data.id;
    };
    await add(who.rival, 'cabinet', { number: B_CABINET, typeId: types.cabinet });
    for (const number of [B_SLOT_PACK, B_RIDER_PACK]) await add(who.rival, 'battery', { number, typeId: types.battery });
    await assignToStation(server, who.admin, 'battery', [B_SLOT_PACK, B_RIDER_PACK], who.rivalId);
    await add(who.rival, 'vehicle', { number: B_VEHICLE, typeId: types.vehicle1, battery1Number: B_RIDER_PACK });
    await add(who.admin, 'cabinet', { number: P_CABINET, typeId: types.cabinet });
    await add(who.admin, 'battery', { number: P_PACK, typeId: types.battery });
    await assignToStation(server, who.admin, 'battery', [P_PACK], null);
    ({ gateway, url } = await startEmbeddedGateway(server, log));
    // The rival's own cabinet holds its pack; the rider's pack is in the rival's vehicle, half charged.
    const b = await signIn(B_CABINET);
    await send(b, B_CABINET, 'state', {
      online: true,
      ts: new Date().toISOString(),
      compartments: [compartment(1, B_SLOT_PACK), compartment(2, null)],
    });
    await server.db.execute(sql`update battery set soc = 50 where number in (${B_SLOT_PACK}, ${B_RIDER_PACK})`);
    expect(await slots(who.rival, B_CABINET)).toEqual([B_SLOT_PACK, null, null, null]);
  });
  afterAll(async () => {
    for (const client of clients) await client.endAsync();
    await gateway?.close();
    await server?.close();
  });

  it('a state naming another merchant’s battery binds its own pack but leaves the other where it is', async () => {
    const a = await signIn(A_CABINET);
    await send(a, A_CABINET, 'state', {
      online: true,
      ts: new Date().toISOString(),
      compartments: [compartment(1, A_PACK), compartment(2, B_SLOT_PACK), compartment(3, B_RIDER_PACK)],
    });
    expect(await slots(who.merchant, A_CABINET)).toEqual([A_PACK, null, null, null]);
    expect(await slots(who.rival, B_CABINET)).toEqual([B_SLOT_PACK, null, null, null]);
    expect(await rivalPack(B_RIDER_PACK)).toEqual({ merchantId: who.rivalId, vehicleNumber: B_VEHICLE, soc: 50 });
    expect(warnings).toContain('cabinet state: battery of another owner not bound to its slot');
    // The cabinet's grid shows why: the refused slots carry the refusal as their fault.
    const grid = (await get(who.merchant, cabinetApi.detail, ids[A_CABINET]!)).data.compartments as {
      index: number;
      fault: string | null;
    }[];
    expect(grid.sort((x, y) => x.index - y.index).map((c) => c.fault)).toEqual([null, 'BATTERY_OTHER_OWNER', 'BATTERY_OTHER_OWNER', null]);
    // Republishing the same state is not audited again.
    await send(a, A_CABINET, 'state', {
      online: true,
      ts: new Date().toISOString(),
      compartments: [compartment(1, A_PACK), compartment(2, B_SLOT_PACK), compartment(3, B_RIDER_PACK)],
    });
    const states = (await refusals()).filter((r) => r.changes.channel === 'state');
    expect(states).toHaveLength(1);
    expect(states[0]).toMatchObject({
      username: A_CABINET,
      merchantId: who.merchantId,
      success: false,
      changes: { batteries: [B_SLOT_PACK, B_RIDER_PACK] },
    });
  });

  it('an authorization for another merchant’s battery is refused and does not hold that battery', async () => {
    const a = clients.find((c) => c.options.clientId === A_CABINET)!;
    const foreign = await authorize(a, A_CABINET, { batteryNumber: B_SLOT_PACK, compartment: 2 });
    expect(foreign).toMatchObject({
      allowed: false,
      reason: 'BATTERY_OTHER_OWNER',
      message: 'The battery and the cabinet have different owners',
    });
    // Handing out its own pack for another merchant's pack brought back is refused too.
    const broughtBack = await authorize(a, A_CABINET, { batteryNumber: A_PACK, compartment: 1, batteryInNumber: B_RIDER_PACK });
    expect(broughtBack).toMatchObject({ allowed: false, reason: 'BATTERY_OTHER_OWNER' });
    expect(warnings).toContain('authorization refused: battery of another owner');
    // Its owner can edit it at once: it is not mid-swap (6002).
    const edited = await call(who.rival, batteryApi.edit, { id: ids[B_SLOT_PACK], typeId: batteryType, name: 'Edited by its owner' });
    expect(edited.code).toBe(1);
    // Its own pack is still authorized as before.
    expect(await authorize(a, A_CABINET, { batteryNumber: A_PACK, compartment: 1 })).toMatchObject({ allowed: true });
    expect((await refusals()).filter((r) => r.changes.channel === 'authorize')).toHaveLength(2);
  });

  it('a swap event taking in another merchant’s battery is recorded as failed and moves nothing', async () => {
    const a = clients.find((c) => c.options.clientId === A_CABINET)!;
    const event = swapEvent({
      batteryIn: { number: B_RIDER_PACK, compartment: 2, soc: 3 },
      batteryOut: { number: A_PACK, compartment: 1, soc: 97 },
    });
    await send(a, A_CABINET, 'event', event);
    // The rival's pack: same owner, still in its vehicle, charge not overwritten; its cabinet's pack untouched.
    expect(await rivalPack(B_RIDER_PACK)).toEqual({ merchantId: who.rivalId, vehicleNumber: B_VEHICLE, soc: 50 });
    expect(await rivalPack(B_SLOT_PACK)).toMatchObject({ merchantId: who.rivalId, soc: 50 });
    expect(await slots(who.rival, B_CABINET)).toEqual([B_SLOT_PACK, null, null, null]);
    // Nothing moved in the reporting cabinet either.
    expect(await slots(who.merchant, A_CABINET)).toEqual([A_PACK, null, null, null]);
    expect(warnings).toContain('swap event refused: battery of another owner (recorded as failed, nothing moved)');
    // The merchant sees the swap as failed, with the reason in its language.
    for (const [lang, text] of [
      ['en', 'The battery and the cabinet have different owners'],
      ['in', 'Baterai dan kabinet dimiliki oleh pemilik yang berbeda'],
      ['th', 'แบตเตอรี่และตู้มีเจ้าของต่างกัน'],
      ['zh', '电池与换电柜的所有者不同'],
    ] as const) {
      const page = (await typed(who.merchant, swapApi.search, { cabinetNumber: A_CABINET }, lang)).data;
      expect(page.records).toHaveLength(1);
      expect(page.records[0]).toMatchObject({
        eventId: event.eventId,
        result: 'FAILED',
        failureCode: 'BATTERY_OTHER_OWNER',
        failureMessage: text,
      });
    }
    // The rival's staff do not see the other merchant's record.
    expect((await typed(rivalSwaps, swapApi.search, { cabinetNumber: A_CABINET })).data.total).toBe(0);
    expect((await refusals()).filter((r) => r.changes.channel === 'event')).toMatchObject([{ changes: { batteries: [B_RIDER_PACK] } }]);
  });

  it('a platform cabinet handles the platform’s batteries and refuses a merchant’s', async () => {
    const p = await signIn(P_CABINET);
    await send(p, P_CABINET, 'state', {
      online: true,
      ts: new Date().toISOString(),
      compartments: [compartment(1, P_PACK), compartment(2, A_PACK)],
    });
    expect(await slots(who.admin, P_CABINET)).toEqual([P_PACK, null, null, null]);
    expect(await slots(who.merchant, A_CABINET)).toEqual([A_PACK, null, null, null]);
    expect(await authorize(p, P_CABINET, { batteryNumber: P_PACK, compartment: 1 })).toMatchObject({ allowed: true });
    // And a merchant's cabinet refuses the platform's stock until it is the merchant's.
    const a = clients.find((c) => c.options.clientId === A_CABINET)!;
    expect(await authorize(a, A_CABINET, { batteryNumber: P_PACK, compartment: 1 })).toMatchObject({
      allowed: false,
      reason: 'BATTERY_OTHER_OWNER',
    });
  });
});
