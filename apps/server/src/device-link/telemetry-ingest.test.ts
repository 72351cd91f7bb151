import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import {
  batteryApi,
  batteryTelemetryTopic,
  cabinetApi,
  cabinetTopic,
  deviceCredentialApi,
  type DeviceKind,
  vehicleApi,
  type VehicleTelemetry,
  vehicleTelemetryTopic,
} from '@swap/contracts';
import { startTestServer, type TestServer } from '../test/harness.js';
import { numbers, createDeviceTypes, platformAdmin } from '../test/factories.js';
import { batteries } from '../modules/battery/battery.table.js';
import { vehicles } from '../modules/vehicle/vehicle.table.js';
import { cabinets } from '../modules/cabinet/cabinet.table.js';
import { commonSettings } from '../modules/common-setting/common-setting.table.js';
import { purgeTelemetry } from '../modules/telemetry/index.js';
import { dayOf, HISTORY_TABLES, partitionName, partitionsOf } from '../modules/telemetry/telemetry.partitions.js';
import { batteryTelemetry, cabinetTelemetry, vehicleTelemetry } from '../modules/telemetry/telemetry.table.js';
import type { DeviceGateway } from './gateway.js';
import { verifyDevice } from '../modules/device-credential/index.js';
import { DeviceHub, type DeviceChange } from '../app/device-hub.js';
import { startEmbeddedBroker } from './broker.js';
import { GatewayDeviceLink } from './link.js';
import { eventually } from '../test/eventually.js';
import { persistTelemetry, receiveTime, type TelemetryItem } from '../modules/telemetry/index.js';
import { batteryReport, collectingLog, cabinetReport, startEmbeddedGateway } from '../test/device-fixtures.js';

const BATTERIES = numbers('BIN', 40);
const VEHICLES = numbers('VIN', 10);
const REPORTS = 15;

const batteryAt = (soc: number, lat: number) => batteryReport({ soc, position: { lat, lng: 106.8 } });
const vehicleReport = (speed: number): VehicleTelemetry => ({
  ts: new Date().toISOString(),
  position: { lat: -6.2, lng: 106.8 + speed / 1000 },
  speed,
  acc: 'ON',
});

describe('telemetry ingest in batches, with history and retention', () => {
  let server: TestServer;
  let gateway: DeviceGateway;
  let url: string;
  let cabinetNumber: string;
  let admin: string;
  const { log, messages: warnings } = collectingLog();
  const changes: DeviceChange[] = [];
  /** The secret the back-office issued each device the tests register. */
  const secrets: Record<string, string> = {};
  const connect = (number: string): Promise<MqttClient> =>
    mqtt.connectAsync(url, { clientId: number, username: number, password: secrets[number], reconnectPeriod: 0 });

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    const types = await createDeviceTypes(server, admin);
    const register = async (kind: DeviceKind, number: string, added: Promise<{ data: { id: number } }>) => {
      const { id } = (await added).data;
      secrets[number] = (await server.request(deviceCredentialApi[kind].issue, { id }, { token: admin })).data.secret;
    };
    for (const number of BATTERIES)
      await register('battery', number, server.request(batteryApi.add, { number, typeId: types.battery }, { token: admin }));
    for (const number of VEHICLES)
      await register('vehicle', number, server.request(vehicleApi.add, { number, typeId: types.vehicle1 }, { token: admin }));
    cabinetNumber = 'CIN0001';
    await register(
      'cabinet',
      cabinetNumber,
      server.request(cabinetApi.add, { number: cabinetNumber, typeId: types.cabinet }, { token: admin }),
    );
    server.app.deviceHub.onChange((change) => changes.push(change));
    ({ gateway, url } = await startEmbeddedGateway(server, log));
  });
  afterAll(async () => {
    await gateway?.close();
    await server?.close();
  });

  it('persists every report of many devices in order: latest state wins, history complete', async () => {
    const clients = await Promise.all([...BATTERIES, ...VEHICLES].map(connect));
    const batteryClients = clients.slice(0, BATTERIES.length);
    const vehicleClients = clients.slice(BATTERIES.length);
    // All devices publish at once, so reports of many devices share batches.
    await Promise.all([
      ...batteryClients.map(async (client, d) => {
        for (let i = 1; i <= REPORTS; i++) {
          await client.publishAsync(batteryTelemetryTopic(BATTERIES[d]!), JSON.stringify(batteryAt(i, -6 - i / 100)), { qos: 1 });
          // A malformed report in the middle of the stream is dropped alone.
          if (d === 0 && i === 5) await client.publishAsync(batteryTelemetryTopic(BATTERIES[d]!), '{"soc": "full"', { qos: 1 });
        }
      }),
      ...vehicleClients.map(async (client, d) => {
        for (let i = 1; i <= REPORTS; i++)
          await client.publishAsync(vehicleTelemetryTopic(VEHICLES[d]!), JSON.stringify(vehicleReport(i)), { qos: 1 });
      }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await gateway.link.idle();
    await Promise.all(clients.map((client) => client.endAsync()));

    expect(warnings).toContain('device message dropped: not JSON');
    const latest = await server.db.select().from(batteries).where(inArray(batteries.number, BATTERIES));
    expect(latest).toHaveLength(BATTERIES.length);
    for (const row of latest) {
      expect(row.soc).toBe(REPORTS);
      expect(row.latitude).toBeCloseTo(-6 - REPORTS / 100);
    }
    const ids = latest.map((row) => row.id);
    const history = await server.db
      .select()
      .from(batteryTelemetry)
      .where(inArray(batteryTelemetry.batteryId, ids))
      .orderBy(asc(batteryTelemetry.at));
    expect(history).toHaveLength(BATTERIES.length * REPORTS);
    for (const id of ids)
      expect(history.filter((h) => h.batteryId === id).map((h) => h.soc)).toEqual(Array.from({ length: REPORTS }, (_, i) => i + 1));

    const vehicleRows = await server.db.select().from(vehicles).where(inArray(vehicles.number, VEHICLES));
    for (const row of vehicleRows) {
      expect(row.accState).toBe('ON');
      expect(row.longitude).toBeCloseTo(106.8 + REPORTS / 1000);
      const speeds = await server.db
        .select({ speed: vehicleTelemetry.speed })
        .from(vehicleTelemetry)
        .where(eq(vehicleTelemetry.vehicleId, row.id))
        .orderBy(asc(vehicleTelemetry.at));
      expect(speeds.map((s) => s.speed)).toEqual(Array.from({ length: REPORTS }, (_, i) => i + 1));
    }
    // Screens hear of every device whose reports were persisted.
    for (const number of BATTERIES) expect(changes).toContainEqual({ kind: 'battery', number, channel: 'telemetry' });
    for (const number of VEHICLES) expect(changes).toContainEqual({ kind: 'vehicle', number, channel: 'telemetry' });
  });

  it('loses only the report the database refuses when a batch fails', async () => {
    const senders = BATTERIES.slice(20, 24);
    const clients = await Promise.all(senders.map(connect));
    // Valid for the protocol, refused by the database (a rule added for this test): the batch
    // holding it fails as a whole (it is its device's last report, so it reaches the history insert).
    await server.db.execute(sql`alter table battery_telemetry add constraint ingest_test_refuses check (soc <> 99)`);
    const poisoned = batteryAt(99, -6.5);
    try {
      await Promise.all(
        clients.map(async (client, d) => {
          await client.publishAsync(batteryTelemetryTopic(senders[d]!), JSON.stringify(batteryAt(40, -6.4)), { qos: 1 });
          await client.publishAsync(batteryTelemetryTopic(senders[d]!), JSON.stringify(batteryAt(41, -6.41)), { qos: 1 });
          if (d === 0) await client.publishAsync(batteryTelemetryTopic(senders[d]!), JSON.stringify(poisoned), { qos: 1 });
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      await gateway.link.idle();
    } finally {
      await server.db.execute(sql`alter table battery_telemetry drop constraint ingest_test_refuses`);
    }
    await Promise.all(clients.map((client) => client.endAsync()));
    expect(warnings).toContain('device message failed');
    const rows = await server.db.select().from(batteries).where(inArray(batteries.number, senders));
    for (const row of rows) {
      expect(row.soc).toBe(41);
      const socs = await server.db
        .select({ soc: batteryTelemetry.soc })
        .from(batteryTelemetry)
        .where(eq(batteryTelemetry.batteryId, row.id))
        .orderBy(asc(batteryTelemetry.at));
      expect(socs.map((s) => s.soc).slice(-2)).toEqual([40, 41]);
    }
  });

  it('refuses a report with NUL, an unpaired surrogate or an out-of-range count at validation: the others of its batch are stored in one statement', async () => {
    // A link of its own whose batch waits for idle(): every report below lands in one batch.
    const hub = new DeviceHub();
    const own = collectingLog();
    const broker = await startEmbeddedBroker({
      host: '127.0.0.1',
      port: 0,
      auth: { verifyDevice: (number, secret) => verifyDevice(server.db, number, secret) },
      log: own.log,
    });
    const link = new GatewayDeviceLink({ transport: broker.transport, db: server.db, log: own.log, hub, batch: { maxDelayMs: 60_000 } });
    await link.start();
    const told: string[] = [];
    hub.onChange((change) => told.push(change.number));
    const good = BATTERIES.slice(30, 34);
    const [nul, surrogate] = VEHICLES.slice(6, 8) as [string, string];
    const counted = BATTERIES[34]!;
    const clients = await Promise.all(
      [...good, nul, surrogate, counted].map((number) =>
        mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
          clientId: number,
          username: number,
          password: secrets[number],
          reconnectPeriod: 0,
        }),
      ),
    );
    const [before] = await server.db.select().from(vehicles).where(eq(vehicles.number, nul));
    try {
      // A device's report is acknowledged once stored, so the publishes settle only after the batch is flushed.
      const published = Promise.all([
        ...good.map((number, d) =>
          clients[d]!.publishAsync(batteryTelemetryTopic(number), JSON.stringify(batteryAt(71, -6.71)), { qos: 1 }),
        ),
        clients[4]!.publishAsync(vehicleTelemetryTopic(nul), JSON.stringify({ ...vehicleReport(77), fault: 'door\u0000open' }), { qos: 1 }),
        clients[5]!.publishAsync(vehicleTelemetryTopic(surrogate), JSON.stringify({ ...vehicleReport(78), fault: 'x\ud800' }), { qos: 1 }),
        clients[6]!.publishAsync(batteryTelemetryTopic(counted), JSON.stringify({ ...batteryAt(79, -6.79), cycles: 2 ** 31 }), {
          qos: 1,
        }),
      ]);
      await eventually(() => expect(own.messages.filter((m) => m === 'device message dropped: invalid payload')).toHaveLength(3));
      await eventually(() => expect(link.pending).toBe(good.length));
      await link.idle();
      await published;
    } finally {
      await Promise.all(clients.map((client) => client.endAsync()));
      await link.stop();
      await broker.close();
    }
    // The batch statement never failed, so it was not retried report by report.
    expect(own.messages).not.toContain('telemetry batch failed: persisting its reports one by one');
    expect(own.messages).not.toContain('device message failed');
    // Every good device was told once: the good reports were persisted together.
    expect(told.sort()).toEqual([...good].sort());
    for (const row of await server.db.select().from(batteries).where(inArray(batteries.number, good))) {
      expect(row.soc).toBe(71);
      const socs = await server.db
        .select({ soc: batteryTelemetry.soc })
        .from(batteryTelemetry)
        .where(eq(batteryTelemetry.batteryId, row.id))
        .orderBy(asc(batteryTelemetry.at));
      expect(socs.map((h) => h.soc).filter((soc) => soc >= 70)).toEqual([71]);
    }
    // The refused reports left no trace.
    const [after] = await server.db.select().from(vehicles).where(eq(vehicles.number, nul));
    expect(after).toEqual(before);
    const [bad] = await server.db.select().from(batteries).where(eq(batteries.number, counted));
    expect(bad!.soc).not.toBe(79);
    const history = await server.db.select().from(batteryTelemetry).where(eq(batteryTelemetry.batteryId, bad!.id));
    expect(history.map((h) => h.soc)).not.toContain(79);
  });

  it('keeps on the battery the cell voltages of its latest report of a batch, every report in the history', async () => {
    const number = BATTERIES[39]!;
    const report = (soc: number, cellVoltages: number[]): TelemetryItem => ({
      kind: 'battery',
      number,
      at: receiveTime(),
      payload: batteryReport({ soc, cellVoltages }),
    });
    const row = async () =>
      (
        await server.db
          .select({ soc: batteries.soc, cells: batteries.cellVoltages, id: batteries.id })
          .from(batteries)
          .where(eq(batteries.number, number))
      )[0]!;
    await persistTelemetry(server.db, [report(50, [3.1, 3.15]), report(51, [3.4, 3.45, 3.5])]);
    expect(await row()).toMatchObject({ soc: 51, cells: [3.4, 3.45, 3.5] });
    await persistTelemetry(server.db, [report(53, [3.3]), report(54, [3.25, 3.2])]);
    const { id, ...latest } = await row();
    expect(latest).toEqual({ soc: 54, cells: [3.25, 3.2] });
    const socs = await server.db.select({ soc: batteryTelemetry.soc }).from(batteryTelemetry).where(eq(batteryTelemetry.batteryId, id));
    expect(
      socs
        .map((h) => h.soc)
        .filter((soc) => soc >= 50 && soc <= 54)
        .sort(),
    ).toEqual([50, 51, 53, 54]);
  });

  it('finds NUL and lone surrogates only in their escapes: keys, upper-case hex and raw bytes refused or made harmless alike', async () => {
    const number = VEHICLES[9]!;
    const client = await connect(number);
    const count = (message: string) => warnings.filter((m) => m === message).length;
    const [invalid, notJson] = [count('device message dropped: invalid payload'), count('device message dropped: not JSON')];
    const report = (fault: string, extra = '') =>
      `{"ts":"${new Date().toISOString()}","position":{"lat":-6.2,"lng":106.8},"speed":12,"acc":"ON","fault":"${fault}"${extra}}`;
    const faultOf = async () =>
      (await server.db.select({ fault: vehicles.fault }).from(vehicles).where(eq(vehicles.number, number)))[0]!.fault;
    const send = (payload: string | Buffer) => client.publishAsync(vehicleTelemetryTopic(number), payload, { qos: 1 });
    try {
      // An escaped backslash before "u0000" is the text itself, not NUL: stored as sent.
      await send(report('door\\\\u0000open'));
      await eventually(async () => expect(await faultOf()).toBe('door\\u0000open'));
      // A NUL in a key the schema drops, and a lone surrogate in upper-case hex: refused.
      await send(report('a', ',"x\\u0000y":1'));
      await send(report('x\\uD83D'));
      // A raw NUL byte is no JSON at all.
      await send(Buffer.concat([Buffer.from(report('door')).subarray(0, -3), Buffer.from([0]), Buffer.from('"}')]));
      await eventually(() => {
        expect(count('device message dropped: invalid payload') - invalid).toBe(2);
        expect(count('device message dropped: not JSON') - notJson).toBe(1);
      });
      // A surrogate's raw bytes decode to replacement characters, which are text; a surrogate pair is one character.
      await send(Buffer.concat([Buffer.from(report('x').slice(0, -2)), Buffer.from([0xed, 0xa0, 0xbd]), Buffer.from('"}')]));
      await eventually(async () => expect(await faultOf()).toBe('x\ufffd\ufffd\ufffd'));
      await send(report('\\uD83D\\uDE00'));
      await eventually(async () => expect(await faultOf()).toBe('\u{1F600}'));
    } finally {
      await client.endAsync();
    }
    // The refused reports changed nothing in between: the fault went from the literal text to the replacement characters.
    expect(count('device message dropped: invalid payload') - invalid).toBe(2);
  });

  it('handles a cabinet’s state at once while its telemetry waits for a batch, and a last will wins over late telemetry', async () => {
    // A second link on its own embedded broker whose batches wait a minute: what the cabinet sends
    // on its control channels must not wait for them.
    const hub = new DeviceHub();
    const broker = await startEmbeddedBroker({
      host: '127.0.0.1',
      port: 0,
      auth: { verifyDevice: (number, secret) => verifyDevice(server.db, number, secret) },
      log,
    });
    const link = new GatewayDeviceLink({ transport: broker.transport, db: server.db, log, hub, batch: { maxDelayMs: 60_000 } });
    await link.start();
    const states: string[] = [];
    hub.onChange((change) => states.push(change.channel));
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
      clientId: cabinetNumber,
      username: cabinetNumber,
      password: secrets[cabinetNumber],
      reconnectPeriod: 0,
      will: { topic: cabinetTopic(cabinetNumber, 'state'), payload: Buffer.from(JSON.stringify({ online: false })), qos: 1, retain: true },
    });
    try {
      const telemetry = cabinetReport();
      // Acknowledged only once stored, so not awaited: the link drops off before its batch runs.
      client.publishAsync(cabinetTopic(cabinetNumber, 'telemetry'), JSON.stringify(telemetry), { qos: 1 }).catch(() => undefined);
      await eventually(() => expect(link.pending).toBe(1));
      client.stream.destroy();
      const row = async () => (await server.db.select().from(cabinets).where(eq(cabinets.number, cabinetNumber)))[0]!;
      await eventually(() => expect(states).toContain('state'));
      expect(states).not.toContain('telemetry');
      expect((await row()).humidity).not.toBe(40);
      // The telemetry was sent before the last will but persisted after it: its readings count, and
      // the cabinet stays offline.
      await link.idle();
      expect(states).toContain('telemetry');
      expect(await row()).toMatchObject({ online: false, humidity: 40 });
      const env = await server.db
        .select()
        .from(cabinetTelemetry)
        .where(eq(cabinetTelemetry.cabinetId, (await row()).id));
      expect(env).toMatchObject([{ temperature: 28, humidity: 40, load: 1.5 }]);
    } finally {
      await client.endAsync(true);
      await link.stop();
      await broker.close();
    }
  });

  it('keeps each meter’s latest reading on the cabinet and shows it in the cabinet detail', async () => {
    const [row] = await server.db.select().from(cabinets).where(eq(cabinets.number, cabinetNumber));
    const report = (at: string, meters: { index: number; energyKwh: number }[]) => ({
      kind: 'cabinet' as const,
      number: cabinetNumber,
      at,
      payload: cabinetReport({ ts: at, meters }),
    });
    // Two reports in one batch: the later one's meters are the cabinet's readings.
    await persistTelemetry(server.db, [
      report(new Date(Date.now() - 2000).toISOString(), [{ index: 1, energyKwh: 10 }]),
      report(new Date(Date.now() - 1000).toISOString(), [
        { index: 1, energyKwh: 12.5 },
        { index: 2, energyKwh: 3.25 },
      ]),
    ]);
    const detail = await server.request(cabinetApi.detail, { id: row!.id }, { token: admin });
    expect(detail.code).toBe(1);
    expect(detail.data.meterReadings).toEqual([
      { index: 1, energyKwh: 12.5 },
      { index: 2, energyKwh: 3.25 },
    ]);
    expect(detail.data.meterCount).toBe(2);
    // A report without meters clears the readings, as it clears the count.
    await persistTelemetry(server.db, [report(new Date().toISOString(), [])]);
    const after = await server.request(cabinetApi.detail, { id: row!.id }, { token: admin });
    expect(after.data).toMatchObject({ meterReadings: [], meterCount: 0 });
  });

  it('purges history past the telemetry_retention setting, in chunks', async () => {
    const [battery] = await server.db.select().from(batteries).where(eq(batteries.number, BATTERIES[1]!));
    const day = 86_400_000;
    const now = Date.now();
    const old = [40, 35, 31].map((days) => new Date(now - days * day).toISOString());
    await persistTelemetry(
      server.db,
      old.map((at, i) => ({ kind: 'battery', number: battery!.number, payload: batteryAt(50 + i, -6), at })),
    );
    const countOf = async () =>
      (
        await server.db
          .select({ n: sql<number>`count(*)::int` })
          .from(batteryTelemetry)
          .where(eq(batteryTelemetry.batteryId, battery!.id))
      )[0]!.n;
    expect(await countOf()).toBe(REPORTS + 3);

    // Not a number of days: nothing is purged.
    await server.db.update(commonSettings).set({ value: 'forever' }).where(eq(commonSettings.name, 'telemetry_retention'));
    expect(await purgeTelemetry(server.db)).toBeUndefined();
    expect(await countOf()).toBe(REPORTS + 3);

    await server.db.update(commonSettings).set({ value: '30' }).where(eq(commonSettings.name, 'telemetry_retention'));
    // The gateway made today's partitions before its first report; no day of these reports has one: the default partition's rows go.
    for (const table of HISTORY_TABLES)
      expect((await partitionsOf(server.db, table)).map((p) => p.name)).toContain(partitionName(table, dayOf(Date.now())));
    expect(await purgeTelemetry(server.db, { chunk: 2 })).toEqual({ rows: 3, partitions: 0, deferred: 0 });
    expect(await countOf()).toBe(REPORTS);
    await server.db.update(commonSettings).set({ value: '90' }).where(eq(commonSettings.name, 'telemetry_retention'));
  });
});
