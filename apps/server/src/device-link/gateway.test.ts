import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { batteryApi, batteryTelemetryTopic, cabinetApi, cabinetTopic, commandApi, vehicleApi } from '@swap/contracts';
import { startFleet, type RunningFleet } from '@swap/simulator';
import { startTestServer, type TestServer } from '../test/harness.js';
import { createDeviceTypes, issueSecret, platformAdmin } from '../test/factories.js';
import { batteries } from '../modules/battery/battery.table.js';
import { cabinets } from '../modules/cabinet/cabinet.table.js';
import { vehicles } from '../modules/vehicle/vehicle.table.js';
import { cabinetTelemetry, vehicleTelemetry } from '../modules/telemetry/telemetry.table.js';
import { startDeviceGateway, type DeviceGateway } from './gateway.js';
import { setDeviceSecret } from '../modules/device-credential/index.js';
import { markSilentCabinetsOffline } from './device-state.service.js';
import { DeviceHub, type DeviceChange } from '../app/device-hub.js';
import { mosquittoWanted, startMosquitto, type RunningMosquitto } from '../test/mosquitto.js';
import { eventually } from '../test/eventually.js';
import { collectingLog, startEmbeddedGateway } from '../test/device-fixtures.js';

const CABINET = 'CGW0001';
const VEHICLE = 'VJK09001';
/** Devices the tests sign in as with a fixed secret (set at runtime on the embedded broker, in the password file on Mosquitto). */
const LISTENER = { number: 'CGW0002', secret: 'listener-secret-0123456789' };
const GHOST = { number: 'CGHOST01', secret: 'ghost-secret-0123456789' };

/**
 * The same tests on both brokers: the embedded one (the server checks device credentials itself)
 * and a real Mosquitto (generated password file and ACL, the gateway through a shared subscription).
 */
const BROKERS = [
  { name: 'the embedded broker', embedded: true, enabled: true },
  { name: 'Mosquitto', embedded: false, enabled: mosquittoWanted },
] as const;

for (const broker of BROKERS)
  describe.runIf(broker.enabled)(`device gateway with the simulator on ${broker.name}`, () => {
    let server: TestServer;
    let mosquitto: RunningMosquitto | undefined;
    let admin: string;
    let gateway: DeviceGateway;
    let fleet: RunningFleet;
    let url: string;
    const { log, messages: warnings } = collectingLog();
    const changes: DeviceChange[] = [];
    const detail = async () => (await server.request(cabinetApi.detail, { id: cabinetId }, { token: admin })).data;
    let cabinetId = 0;
    /** The secret the back-office issued each registered device. */
    const secrets: Record<string, string> = {};
    const battery = async (number: string) => (await server.db.select().from(batteries).where(eq(batteries.number, number)))[0]!;

    beforeAll(async () => {
      server = await startTestServer({ DEMO: '0' });
      admin = (await platformAdmin(server)).token;
      const types = await createDeviceTypes(server, admin);
      const added = await server.request(cabinetApi.add, { number: CABINET, typeId: types.cabinet }, { token: admin });
      cabinetId = added.data.id;
      for (const number of ['BGW000001', 'BGW000002'])
        await server.request(batteryApi.add, { number, typeId: types.battery }, { token: admin });
      await server.request(vehicleApi.add, { number: VEHICLE, typeId: types.vehicle1 }, { token: admin });
      for (const [kind, number] of [
        ['cabinet', CABINET],
        ['battery', 'BGW000001'],
        ['battery', 'BGW000002'],
        ['vehicle', VEHICLE],
      ] as const)
        secrets[number] = await issueSecret(server, admin, kind, number);
      server.app.deviceHub.onChange((change) => changes.push(change));
      if (broker.embedded) {
        ({ gateway, url } = await startEmbeddedGateway(server, log));
      } else {
        const account = { username: 'swap-gateway', password: 'gateway-secret-0123456789' };
        const issued = Object.entries(secrets).map(([number, secret]) => ({ number, secret }));
        mosquitto = await startMosquitto({ gateway: account, devices: [...issued, LISTENER, GHOST] });
        url = mosquitto.url;
        gateway = await startDeviceGateway(
          server.db,
          { url, ...account, host: '127.0.0.1', port: 0, heartbeatTimeoutSeconds: 60, shareGroup: 'swap-test' },
          log,
          server.app.deviceHub,
        );
      }
      fleet = await startFleet({
        url,
        masterSecret: '',
        secrets,
        vehicles: 1,
        fleet: {
          vehicles: [VEHICLE],
          cabinets: [
            {
              number: CABINET,
              compartments: [
                { index: 1, batteryNumber: 'BGW000001' },
                { index: 2, batteryNumber: 'BGW000002' },
                { index: 3, batteryNumber: null },
                { index: 4, batteryNumber: null },
              ],
            },
          ],
        },
        cabinets: 1,
        intervalMs: 0,
        batteries: true,
        faults: { dropRate: 0, offlineRate: 0, offlineMs: 0 },
      });
    });
    afterAll(async () => {
      await fleet?.stop();
      await gateway?.close();
      await mosquitto?.stop();
      await server?.close();
    });

    it('persists a cabinet’s state and telemetry and shows them in the cabinet detail', async () => {
      await fleet.tick();
      await eventually(async () => {
        const cabinet = await detail();
        expect(cabinet.online).toBe(true);
        expect(cabinet.humidity).not.toBeNull();
        expect(cabinet.load).not.toBeNull();
        expect(cabinet.lastReportAt).not.toBeNull();
        expect(cabinet.compartments.map((c: { batteryNumber: string | null }) => c.batteryNumber)).toEqual([
          'BGW000001',
          'BGW000002',
          null,
          null,
        ]);
        expect(cabinet.compartments[0]!.inPlace).toBe(true);
        expect(cabinet.compartments[0]!.preset).toBe(95);
        expect(cabinet.compartments[2]!.state).toBe('EMPTY');
      });
    });

    it('persists a battery’s telemetry', async () => {
      const model = fleet.batteries[0]!.model;
      await eventually(async () => {
        const row = await battery('BGW000001');
        expect(row.soc).toBe(model.soc);
        expect(row.voltage).toBeGreaterThan(0);
        expect(row.cellVoltages).toHaveLength(20);
        expect(row.latitude).toBe(-6.2);
        expect(row.lastReportAt).not.toBeNull();
      });
    });

    it('persists a vehicle’s position and ignition', async () => {
      await fleet.tick();
      const model = fleet.vehicles[0]!.model;
      await eventually(async () => {
        const found = await server.request(vehicleApi.search, { number: VEHICLE, size: 1 }, { token: admin });
        const row = found.data.records[0]!;
        expect(row.latitude).toBe(model.position.lat);
        expect(row.longitude).toBe(model.position.lng);
        expect(row.accState).toBe(model.acc);
      });
      expect(changes).toContainEqual({ kind: 'vehicle', number: VEHICLE, channel: 'telemetry' });
    });

    it('drops a malformed message, logs it and keeps working', async () => {
      const cabinet = fleet.cabinets[0]!;
      await cabinet.publishRaw('telemetry', 'not json {');
      await cabinet.publishRaw('telemetry', JSON.stringify({ ts: new Date().toISOString(), humidity: 500 }));
      await cabinet.publishRaw('state', JSON.stringify({ online: true, compartments: 'all of them' }));
      await eventually(() => {
        expect(warnings).toContain('device message dropped: not JSON');
        expect(warnings.filter((w) => w === 'device message dropped: invalid payload')).toHaveLength(2);
      });
      const before = (await detail()).lastReportAt as string;
      await new Promise((resolve) => setTimeout(resolve, 20));
      await fleet.tick();
      await eventually(async () => {
        const after = await detail();
        expect(after.online).toBe(true);
        expect(Date.parse(after.lastReportAt!)).toBeGreaterThan(Date.parse(before));
      });
    });

    it('refuses an unknown device and a wrong secret', async () => {
      const signIn = (number: string, password: string) =>
        mqtt.connectAsync(url, { clientId: number, username: number, password, reconnectPeriod: 0, connectTimeout: 2000 });
      await expect(signIn('CXX9999', 'anything')).rejects.toThrow();
      await expect(signIn(CABINET, 'wrong-secret')).rejects.toThrow();
      // Mosquitto refuses from its password file; the embedded broker says why in the server's log.
      if (broker.embedded) expect(warnings).toContain('device refused: cabinet not registered');
    });

    it('refuses a device publishing or subscribing another device’s topics', async () => {
      const spoofer = await mqtt.connectAsync(url, {
        clientId: 'BGW000002',
        username: 'BGW000002',
        password: secrets.BGW000002!,
        reconnectPeriod: 0,
      });
      if (broker.embedded) {
        // A negative SUBACK: the subscription is refused, the session stays.
        await expect(spoofer.subscribeAsync(cabinetTopic(CABINET, 'cmd'), { qos: 1 })).rejects.toThrow(/Subscribe error/);
        expect(spoofer.connected).toBe(true);
        const closed = new Promise<void>((resolve) => spoofer.once('close', () => resolve()));
        spoofer.publish(cabinetTopic(CABINET, 'state'), JSON.stringify({ online: false }), { qos: 0, retain: true });
        spoofer.publish(batteryTelemetryTopic('BGW000001'), JSON.stringify({ soc: 1 }), { qos: 0 });
        // The embedded broker hangs up on a refused publish (MQTT 3.1.1 has no negative PUBACK).
        await closed;
        expect(warnings).toContain('publish refused: not the device’s own topic');
        expect(warnings).toContain('subscribe refused: not the device’s own topic');
      } else {
        // Mosquitto grants the subscription but never delivers another device's messages on it…
        const seen: string[] = [];
        spoofer.on('message', (topic) => seen.push(topic));
        await spoofer.subscribeAsync(cabinetTopic(LISTENER.number, 'cmd'), { qos: 1 });
        const listener = await mqtt.connectAsync(url, {
          clientId: LISTENER.number,
          username: LISTENER.number,
          password: LISTENER.secret,
          reconnectPeriod: 0,
        });
        const received = new Promise<void>((resolve) => listener.on('message', () => resolve()));
        await listener.subscribeAsync(cabinetTopic(LISTENER.number, 'cmd'), { qos: 1 });
        await server.app.deviceHub.send(cabinetTopic(LISTENER.number, 'cmd'), { probe: 2 });
        await received;
        await listener.endAsync();
        // …and hangs up on a publish to them.
        const closed = new Promise<void>((resolve) => spoofer.once('close', () => resolve()));
        spoofer.publish(cabinetTopic(CABINET, 'state'), JSON.stringify({ online: false }), { qos: 0, retain: true });
        spoofer.publish(batteryTelemetryTopic('BGW000001'), JSON.stringify({ soc: 1 }), { qos: 0 });
        await closed;
        expect(seen).toEqual([]);
      }
      await spoofer.endAsync(true);
      await gateway.link.idle();
      expect((await detail()).online).toBe(true);
      expect((await battery('BGW000001')).soc).not.toBe(1);
    });

    it('drops the messages of a signed-in device the registry does not hold', async () => {
      await setDeviceSecret(server.db, { kind: 'cabinet', number: GHOST.number }, GHOST.secret);
      const ghost = await mqtt.connectAsync(url, {
        clientId: GHOST.number,
        username: GHOST.number,
        password: GHOST.secret,
        reconnectPeriod: 0,
      });
      await ghost.publishAsync(cabinetTopic(GHOST.number, 'state'), JSON.stringify({ online: false }), { qos: 1 });
      await ghost.endAsync();
      await eventually(() => expect(warnings).toContain('device message dropped: cabinet not registered'));
    });

    it('tells the hub what changed and sends through it while connected', async () => {
      await eventually(() => expect(changes).toContainEqual({ kind: 'cabinet', number: CABINET, channel: 'telemetry' }));
      expect(server.app.deviceHub.connected).toBe(true);
      // A second cabinet listens on its own command topic (the simulator does not answer commands here).
      const listenerNo = LISTENER.number;
      await setDeviceSecret(server.db, { kind: 'cabinet', number: listenerNo }, LISTENER.secret);
      const listener = await mqtt.connectAsync(url, {
        clientId: listenerNo,
        username: listenerNo,
        password: LISTENER.secret,
        reconnectPeriod: 0,
      });
      const received = new Promise<string>((resolve) => listener.on('message', (_topic, payload) => resolve(payload.toString())));
      await listener.subscribeAsync(cabinetTopic(listenerNo, 'cmd'), { qos: 1 });
      await server.app.deviceHub.send(cabinetTopic(listenerNo, 'cmd'), { probe: 1 });
      expect(JSON.parse(await received)).toEqual({ probe: 1 });
      await listener.endAsync();
    });

    it.runIf(!broker.embedded)('splits the messages between two servers on one broker, each stored once', async () => {
      const otherHub = new DeviceHub();
      const other = await startDeviceGateway(
        server.db,
        {
          url,
          username: 'swap-gateway',
          password: 'gateway-secret-0123456789',
          host: '127.0.0.1',
          port: 0,
          heartbeatTimeoutSeconds: 60,
          shareGroup: 'swap-test',
        },
        log,
        otherHub,
      );
      try {
        const otherChanges: DeviceChange[] = [];
        otherHub.onChange((change) => otherChanges.push(change));
        const from = changes.length;
        // Each tick the cabinet and the vehicle report telemetry once; each report is one history row
        // (change notices are coalesced per telemetry batch, rows are not).
        const rows = async () => {
          const [cabinet] = await server.db
            .select({ n: sql<number>`count(*)::int` })
            .from(cabinetTelemetry)
            .innerJoin(cabinets, eq(cabinets.id, cabinetTelemetry.cabinetId))
            .where(eq(cabinets.number, CABINET));
          const [vehicle] = await server.db
            .select({ n: sql<number>`count(*)::int` })
            .from(vehicleTelemetry)
            .innerJoin(vehicles, eq(vehicles.id, vehicleTelemetry.vehicleId))
            .where(eq(vehicles.number, VEHICLE));
          return [cabinet!.n, vehicle!.n];
        };
        const [cabinetBefore, vehicleBefore] = await rows();
        for (let i = 0; i < 10; i++) await fleet.tick();
        await eventually(async () => expect(await rows()).toEqual([cabinetBefore! + 10, vehicleBefore! + 10]));
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(await rows()).toEqual([cabinetBefore! + 10, vehicleBefore! + 10]);
        // Both servers took a share.
        const telemetry = (list: DeviceChange[]) => list.filter((c) => c.channel === 'telemetry' && [CABINET, VEHICLE].includes(c.number));
        expect(telemetry(changes.slice(from)).length).toBeGreaterThan(0);
        expect(telemetry(otherChanges).length).toBeGreaterThan(0);

        // Commands sent through one server end as soon as the cabinet answers, whichever server the
        // broker hands the answer to: every server reads every command result.
        for (const name of ['CHARGER_OFF', 'CHARGER_ON', 'CHARGER_OFF', 'CHARGER_ON'] as const) {
          const sent = await server.request(commandApi.cabinetSend, { cabinetId, name, compartment: 1 }, { token: admin });
          expect(sent.data).toMatchObject({ name, status: 'SUCCEEDED' });
        }
        const results = (list: DeviceChange[]) => list.filter((c) => c.channel === 'cmd-result' && c.number === CABINET);
        await eventually(() => {
          expect(results(otherChanges).length).toBeGreaterThanOrEqual(8);
          expect(results(changes.slice(from)).length).toBeGreaterThanOrEqual(8);
        });
      } finally {
        await other.close();
      }
    });

    it.runIf(broker.embedded)('reports a taken broker port instead of half-starting', async () => {
      const second = startDeviceGateway(
        server.db,
        { url: undefined, host: '127.0.0.1', port: gateway.port!, heartbeatTimeoutSeconds: 60 },
        log,
        new DeviceHub(),
      );
      await expect(second).rejects.toMatchObject({ code: 'EADDRINUSE' });
    });

    it('marks the cabinet offline from its last will', async () => {
      await fleet.cabinets[0]!.cutLink();
      await eventually(async () => expect((await detail()).online).toBe(false));
    });

    it('marks a silent cabinet offline after the heartbeat timeout', async () => {
      await server.db
        .update(cabinets)
        .set({ online: true, lastReportAt: sql`now() - interval '10 minutes'` })
        .where(eq(cabinets.id, cabinetId));
      expect(await markSilentCabinetsOffline(server.db, 60_000)).toBe(1);
      expect((await detail()).online).toBe(false);
    });
  });
