import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { batteryApi, cabinetApi, distributionApi, endpointUrl, liveApi, type LiveEvent } from '@swap/contracts';
import { startOwnDevices, type RunningFleet } from '@swap/simulator';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { openEventStream } from '../../test/event-stream.js';
import { createAccount, deviceCallers, createDeviceTypes, issueSecret, type DeviceCallers } from '../../test/factories.js';
import { DeviceHub, type DeviceChange } from '../../app/device-hub.js';
import { startChangeRelay, type DeviceGateway } from '../../device-link/index.js';
import { buildApp } from '../../app/build-app.js';
import { openDatabase } from '../../db/client.js';
import { startEmbeddedGateway } from '../../test/device-fixtures.js';
import { stations } from '../station/station.table.js';

const CABINET = 'CLV0001';
const BATTERY = 'BLV000001';

/** A live stream as a browser reads it, from the base URL a browser would use. */
const openStream = (base: string, token: string, path: string) => openEventStream<LiveEvent>(`${base}${path}`, token);

/** Listens on a loopback port; answers the base URL a browser would use. */
async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('live device streams', () => {
  let server: TestServer;
  let callers: DeviceCallers;
  let gateway: DeviceGateway;
  let fleet: RunningFleet;
  let base: string;
  let cabinetId: number;
  let batteryId: number;

  /**
   * The simulated devices report once; the stream's change naming their telemetry must follow within
   * a second (a cabinet's state, told at once, may come in a change of its own just before).
   */
  const changeAfterTick = async (stream: Awaited<ReturnType<typeof openStream>>) => {
    const from = stream.events.length;
    const sent = Date.now();
    await fleet.tick();
    let change = await stream.next('change', from);
    while (!change.data.channels.includes('telemetry')) change = await stream.next('change', stream.events.indexOf(change) + 1);
    expect(change.at - sent).toBeLessThan(1000);
    return change;
  };

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    callers = await deviceCallers(server);
    const types = await createDeviceTypes(server, callers.admin);
    const added = await server.request(
      cabinetApi.add,
      { number: CABINET, typeId: types.cabinet, merchantId: callers.merchantId },
      { token: callers.admin },
    );
    cabinetId = added.data.id;
    const battery = await server.request(
      batteryApi.add,
      { number: BATTERY, typeId: types.battery, merchantId: callers.merchantId },
      { token: callers.admin },
    );
    batteryId = battery.data.id;
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    ({ gateway } = await startEmbeddedGateway(server, log));
    base = await listen(server.app);
    // The cabinet and its pack sign in with the secrets the back-office issued them.
    fleet = await startOwnDevices({
      url: `mqtt://127.0.0.1:${gateway.port}`,
      cabinets: [
        {
          number: CABINET,
          secret: await issueSecret(server, callers.admin, 'cabinet', CABINET),
          compartments: [1, 2, 3, 4].map((index) => ({ index, batteryNumber: index === 1 ? BATTERY : null })),
        },
      ],
      batteries: [{ number: BATTERY, secret: await issueSecret(server, callers.admin, 'battery', BATTERY) }],
      lifetimeMs: 30 * 60_000,
    });
    // The cabinet's first state is in before any stream opens.
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const detail = await server.request(cabinetApi.detail, { id: cabinetId }, { token: callers.admin });
      if (detail.data.online) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    await fleet?.stop();
    await gateway?.close();
    await server?.close();
  });

  it('pushes a cabinet’s report to its merchant within a second', async () => {
    const stream = await openStream(base, callers.merchant, `${endpointUrl(liveApi.cabinet.live)}?id=${cabinetId}`);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const ready = await stream.next('ready', 0);
    expect(ready.data).toEqual({ kind: 'cabinet', id: cabinetId, number: CABINET, channels: [] });
    const change = await changeAfterTick(stream);
    expect(change.data.channels).toContain('telemetry');
    const detail = await server.request(cabinetApi.detail, { id: cabinetId }, { token: callers.merchant });
    expect(detail.data.humidity).not.toBeNull();
    stream.close();
  });

  it('pushes a battery’s telemetry to its merchant and refuses it to another merchant', async () => {
    const stream = await openStream(base, callers.merchant, `${endpointUrl(liveApi.battery.live)}?id=${batteryId}`);
    await stream.next('ready', 0);
    const change = await changeAfterTick(stream);
    expect(change.data).toMatchObject({ kind: 'battery', id: batteryId, number: BATTERY });
    // Its cabinet's state may come with it (see below).
    expect(change.data.channels).toContain('telemetry');
    stream.close();
    const refused = await openStream(base, callers.rival, `${endpointUrl(liveApi.battery.live)}?id=${batteryId}`);
    expect(((await refused.response.json()) as { code: number }).code).not.toBe(1);
  });

  it('pushes the reports of a station’s cabinets to its detail, one that joins while it is open too, and refuses another merchant’s station', async () => {
    const [station] = await server.db
      .insert(stations)
      .values({
        name: 'Live station',
        type: 'SWAP',
        merchantId: callers.merchantId,
        nature: 'SELF_OPERATED',
        address: 'Jl. Live 1',
        responsiblePerson: 'Rina',
        status: 'DEPLOYED',
      })
      .returning({ id: stations.id });
    const path = `${endpointUrl(liveApi.stationCabinets.live)}?id=${station!.id}`;
    // Opened while the station is empty: the cabinet's report is not the station's.
    const stream = await openStream(base, callers.merchant, path);
    await stream.next('ready', 0);
    await fleet.tick();
    await expect(stream.next('change', 0, 1500)).rejects.toThrow('no change event');
    // The cabinet joins the station: its next report reaches the open stream.
    await server.request(
      distributionApi.cabinet.distribute,
      { numbers: [CABINET], merchantId: callers.merchantId, stationId: station!.id },
      { token: callers.admin },
    );
    const from = stream.events.length;
    await fleet.tick();
    const change = await stream.next('change', from);
    expect(change.data).toMatchObject({ kind: 'cabinet', id: station!.id, number: CABINET });
    // A stream opened once it stands there hears it within a second.
    const later = await openStream(base, callers.merchant, path);
    await later.next('ready', 0);
    expect((await changeAfterTick(later)).data).toMatchObject({ kind: 'cabinet', id: station!.id, number: CABINET });
    later.close();
    stream.close();
    const refused = await openStream(base, callers.rival, path);
    expect(((await refused.response.json()) as { code: number }).code).toBe(1017);
  });

  it('tells a burst of changes at once, in one event naming every channel', async () => {
    const stream = await openStream(base, callers.admin, `${endpointUrl(liveApi.cabinet.live)}?id=${cabinetId}`);
    await stream.next('ready', 0);
    for (let i = 0; i < 30; i++)
      server.app.deviceHub.emitChange({ kind: 'cabinet', number: CABINET, channel: i % 2 ? 'telemetry' : 'state' });
    server.app.deviceHub.emitChange({ kind: 'cabinet', number: 'COTHER01', channel: 'state' });
    // Told at once, the burst of one turn in one event.
    const first = await stream.next('change', 0);
    expect(new Set(first.data.channels)).toEqual(new Set(['state', 'telemetry']));
    await new Promise((resolve) => setTimeout(resolve, 600));
    const changes = stream.events.filter((e) => e.event === 'change');
    expect(changes.length).toBeLessThanOrEqual(2);
    expect(new Set(changes.flatMap((e) => e.data.channels))).toEqual(new Set(['state', 'telemetry']));
    expect(changes.every((e) => e.data.number === CABINET)).toBe(true);
    stream.close();
  });

  it('refuses another merchant’s cabinet before opening a stream', async () => {
    const refused = await openStream(base, callers.rival, `${endpointUrl(liveApi.cabinet.live)}?id=${cabinetId}`);
    expect(refused.response.headers.get('content-type')).toMatch(/application\/json/);
    const envelope = (await refused.response.json()) as { code: number };
    const missing = await server.request(cabinetApi.detail, { id: cabinetId }, { token: callers.rival });
    expect(missing.code).not.toBe(1);
    expect(envelope.code).toBe(missing.code);
    const anonymous = await fetch(`${base}${endpointUrl(liveApi.cabinet.live)}?id=${cabinetId}`);
    expect(((await anonymous.json()) as { code: number }).code).not.toBe(1);
  });

  // Several servers behind a balancer share one PostgreSQL database; PGlite serves one server.
  it.runIf(process.env.TEST_DATABASE_URL)('pushes to a stream on another server of the same database what this one stored', async () => {
    const otherHub = new DeviceHub();
    const otherDatabase = await openDatabase({ databaseUrl: server.databaseUrl, dataDir: 'memory://' });
    const other = await buildApp(server.config, otherDatabase, { logger: false, deviceHub: otherHub });
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const relays = [
      await startChangeRelay(server.databaseUrl!, server.app.deviceHub, log),
      await startChangeRelay(server.databaseUrl!, otherHub, log),
    ];
    try {
      const otherBase = await listen(other);
      const stream = await openStream(otherBase, callers.merchant, `${endpointUrl(liveApi.cabinet.live)}?id=${cabinetId}`);
      await stream.next('ready', 0);
      // The simulated cabinet reports to the first server's gateway only.
      const change = await changeAfterTick(stream);
      expect(change.data).toMatchObject({ kind: 'cabinet', id: cabinetId, number: CABINET });
      expect(change.data.channels).toContain('telemetry');
      stream.close();
    } finally {
      for (const relay of relays) await relay.close();
      await other.close();
      await otherDatabase.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('relays the merchant of an alarm and a cabinet’s link change to the other servers', async () => {
    const otherHub = new DeviceHub();
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const relays = [
      await startChangeRelay(server.databaseUrl!, server.app.deviceHub, log),
      await startChangeRelay(server.databaseUrl!, otherHub, log),
    ];
    const heard: DeviceChange[] = [];
    const stop = otherHub.onChange((change) => void heard.push(change));
    try {
      const hub = server.app.deviceHub;
      hub.emitChange({ kind: 'cabinet', number: CABINET, channel: 'alarm', merchantId: callers.merchantId });
      hub.emitChange({ kind: 'battery', number: BATTERY, channel: 'alarm', merchantId: null });
      hub.emitChange({ kind: 'cabinet', number: CABINET, channel: 'state', linkChanged: true });
      hub.emitChange({ kind: 'cabinet', number: CABINET, channel: 'state' });
      await expect.poll(() => heard.length, { timeout: 5000 }).toBe(4);
      expect(heard).toEqual(
        expect.arrayContaining([
          { kind: 'cabinet', number: CABINET, channel: 'alarm', merchantId: callers.merchantId, relayed: true },
          { kind: 'battery', number: BATTERY, channel: 'alarm', merchantId: null, relayed: true },
          { kind: 'cabinet', number: CABINET, channel: 'state', linkChanged: true, relayed: true },
          { kind: 'cabinet', number: CABINET, channel: 'state', relayed: true },
        ]),
      );
    } finally {
      stop();
      for (const relay of relays) await relay.close();
    }
  });

  it('tells a battery’s page of the cabinet holding it (its state), with the battery’s permission alone', async () => {
    const batteryStaff = await createAccount(server, callers.admin, {
      merchantId: callers.merchantId,
      menuCodes: ['operation.battery'],
    });
    const cabinetStream = await openStream(base, batteryStaff.token, `${endpointUrl(liveApi.cabinet.live)}?id=${cabinetId}`);
    expect(((await cabinetStream.response.json()) as { code: number }).code).not.toBe(1);
    const listeners = server.app.deviceHub.listenerCount;
    const stream = await openStream(base, batteryStaff.token, `${endpointUrl(liveApi.battery.live)}?id=${batteryId}`);
    await stream.next('ready', 0);
    // The holder is read as the stream opens: the battery's report makes sure it was.
    await changeAfterTick(stream);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Another cabinet's state says nothing to this page.
    const from = stream.events.length;
    server.app.deviceHub.emitChange({ kind: 'cabinet', number: 'COTHER01', channel: 'state' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(stream.events.slice(from).filter((e) => e.event === 'change')).toEqual([]);
    // The cabinet holding it sends its state (as it does when going offline or coming back): the page hears it.
    await fleet.cabinets[0]!.publishState(true);
    const change = await stream.next('change', from);
    expect(change.data).toEqual({ kind: 'battery', id: batteryId, number: BATTERY, channels: ['cabinet'] });
    stream.close();
    await expect.poll(() => server.app.deviceHub.listenerCount, { timeout: 2000 }).toBe(listeners);
  });

  it('stops listening when the browser goes away', async () => {
    const hub = server.app.deviceHub;
    const before = hub.listenerCount;
    const stream = await openStream(base, callers.admin, `${endpointUrl(liveApi.cabinet.live)}?id=${cabinetId}`);
    await stream.next('ready', 0);
    expect(hub.listenerCount).toBe(before + 1);
    stream.close();
    const deadline = Date.now() + 2000;
    while (hub.listenerCount !== before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hub.listenerCount).toBe(before);
  });
});
