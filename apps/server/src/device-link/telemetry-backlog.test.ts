import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import {
  BACKLOG_MAX_READINGS,
  backlogTopic,
  telemetryApi,
  vehicleTelemetryTopic,
  type BatteryTelemetry,
  type VehicleTelemetry,
} from '@swap/contracts';
import { startTestServer, type TestServer } from '../test/harness.js';
import { createDeviceTypes, createDeviceWithCredential, platformAdmin, type IssuedDevice } from '../test/factories.js';
import { vehicles } from '../modules/vehicle/vehicle.table.js';
import { batteries } from '../modules/battery/battery.table.js';
import { batteryTelemetry, telemetryTrack, vehicleTelemetry } from '../modules/telemetry/telemetry.table.js';
import { summariseEndedHours } from '../modules/telemetry/index.js';
import { batteryReport, collectingLog, startEmbeddedGateway } from '../test/device-fixtures.js';
import { eventually } from '../test/eventually.js';
import type { DeviceGateway } from './gateway.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A vehicle reading at a time, moving east along a street at `speed` (km/h) since `start`. */
const drive = (at: number, start: number, speed: number, acc: 'ON' | 'OFF' = 'ON'): VehicleTelemetry => ({
  ts: new Date(at).toISOString(),
  position: { lat: -6.2, lng: 106.8 + ((at - start) / HOUR) * speed * 0.009 },
  speed,
  acc,
  soc: Math.max(0, Math.min(100, 90 - (at - start) / HOUR)),
});

/** Readings every minute from `start` for `minutes`. */
const everyMinute = (start: number, minutes: number, reading: (at: number) => VehicleTelemetry) =>
  Array.from({ length: minutes }, (_, i) => reading(start + i * MINUTE));

const batteryReading = (at: number, lat: number): BatteryTelemetry =>
  batteryReport({ ts: new Date(at).toISOString(), soc: 60, current: -3, position: { lat, lng: 100.5 } });

describe('backlog: readings a device stored out of coverage, uploaded with their own times', () => {
  let server: TestServer;
  let gateway: DeviceGateway;
  let url: string;
  let admin: string;
  let vehicle: IssuedDevice;
  let other: IssuedDevice;
  let battery: IssuedDevice;
  const clients: MqttClient[] = [];
  const { log, messages } = collectingLog();
  const hourStart = Math.floor(Date.now() / HOUR) * HOUR;

  const connect = async (device: IssuedDevice): Promise<MqttClient> => {
    const client = await mqtt.connectAsync(url, {
      clientId: device.number,
      username: device.number,
      password: device.secret,
      reconnectPeriod: 0,
    });
    clients.push(client);
    return client;
  };
  const upload = async (client: MqttClient, kind: 'vehicle' | 'battery', number: string, readings: unknown[]) => {
    await client.publishAsync(backlogTopic(kind, number), JSON.stringify({ readings }), { qos: 1 });
    await gateway.link.idle();
  };
  const historyOf = async (id: number) =>
    server.db
      .select({ at: vehicleTelemetry.at, speed: vehicleTelemetry.speed })
      .from(vehicleTelemetry)
      .where(eq(vehicleTelemetry.vehicleId, id))
      .orderBy(asc(vehicleTelemetry.at));
  const trajectory = (kind: 'vehicle' | 'battery', id: number) =>
    server.request(telemetryApi[kind].trajectory, { id, range: 'WEEK' }, { token: admin });

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    const types = await createDeviceTypes(server, admin);
    vehicle = await createDeviceWithCredential(server, admin, 'vehicle', { typeId: types.vehicle1, number: 'VBL0001' });
    other = await createDeviceWithCredential(server, admin, 'vehicle', { typeId: types.vehicle1, number: 'VBL0002' });
    battery = await createDeviceWithCredential(server, admin, 'battery', { typeId: types.battery, number: 'BBL0001' });
    ({ gateway, url } = await startEmbeddedGateway(server, log));
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await gateway?.close();
    await server?.close();
  });

  it('keeps each reading in the history at its own time, leaves the live state alone and adds nothing when delivered again', async () => {
    const client = await connect(vehicle);
    // Live first: the vehicle stands at the depot now.
    await client.publishAsync(vehicleTelemetryTopic(vehicle.number), JSON.stringify({ ...drive(Date.now(), Date.now(), 0, 'OFF') }), {
      qos: 1,
    });
    await gateway.link.idle();
    const [live] = await server.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    // Then what it stored two days ago while out of coverage: a 30-minute trip, 20 minutes parked, a 20-minute trip.
    const start = hourStart - 2 * DAY;
    const readings = [
      ...everyMinute(start, 30, (at) => drive(at, start, 30)),
      ...everyMinute(start + 30 * MINUTE, 20, (at) => ({ ...drive(start + 29 * MINUTE, start, 0, 'OFF'), ts: new Date(at).toISOString() })),
      ...everyMinute(start + 50 * MINUTE, 20, (at) => drive(at, start + 20 * MINUTE, 40)),
    ];
    await upload(client, 'vehicle', vehicle.number, readings);

    const history = await historyOf(vehicle.id);
    expect(history).toHaveLength(readings.length + 1);
    expect(history.slice(0, readings.length).map((row) => row.at.toISOString())).toEqual(readings.map((r) => r.ts));
    // The live state is the live report's: an older reading never replaces it.
    const [after] = await server.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(after).toMatchObject({ latitude: live!.latitude, longitude: live!.longitude, accState: 'OFF' });

    // QoS 1 may deliver it again: nothing is added.
    await upload(client, 'vehicle', vehicle.number, readings.slice(0, 10));
    expect(await historyOf(vehicle.id)).toHaveLength(readings.length + 1);

    const week = await trajectory('vehicle', vehicle.id);
    expect(week.code).toBe(1);
    expect(week.data.trips).toHaveLength(2);
    expect(week.data.trips[0]!.start.at).toBe(readings[0]!.ts);
    expect(week.data.stops[0]).toMatchObject({ minutes: 19 });
  });

  it('summarises again the hours a backlog lands in that were summarised already', async () => {
    const client = await connect(other);
    const start = hourStart - 3 * DAY;
    // The first half hour is in the history and summarised (a viewer looked at it).
    await upload(
      client,
      'vehicle',
      other.number,
      everyMinute(start, 20, (at) => drive(at, start, 30)),
    );
    expect((await trajectory('vehicle', other.id)).data.trips).toHaveLength(1);
    const marked = () =>
      server.db
        .select({ hour: telemetryTrack.hour })
        .from(telemetryTrack)
        .where(
          and(
            eq(telemetryTrack.kind, 'vehicle'),
            eq(telemetryTrack.deviceId, other.id),
            eq(telemetryTrack.seq, 0),
            eq(telemetryTrack.hour, new Date(start)),
          ),
        );
    expect(await marked()).toHaveLength(1);
    // Later in the same hour, after a long stop, a second trip comes in a backlog: the hour's summary is forgotten…
    await upload(
      client,
      'vehicle',
      other.number,
      everyMinute(start + 40 * MINUTE, 15, (at) => drive(at, start + 20 * MINUTE, 30)),
    );
    expect(await marked()).toHaveLength(0);
    // …and the hourly job summarises it again, without waiting for a viewer.
    await summariseEndedHours(server.db, new Date(), new Date());
    expect(await marked()).toHaveLength(1);
    const week = await trajectory('vehicle', other.id);
    expect(week.data.trips).toHaveLength(2);
    expect(week.data.trips[1]!.start.at).toBe(new Date(start + 40 * MINUTE).toISOString());
  });

  it('builds a battery’s route from its backlog', async () => {
    const client = await connect(battery);
    const start = hourStart - DAY;
    await upload(
      client,
      'battery',
      battery.number,
      Array.from({ length: 30 }, (_, i) => batteryReading(start + i * MINUTE, 13.7 + i * 0.002)),
    );
    const rows = await server.db.select().from(batteryTelemetry).where(eq(batteryTelemetry.batteryId, battery.id));
    expect(rows).toHaveLength(30);
    const [row] = await server.db.select().from(batteries).where(eq(batteries.id, battery.id));
    expect(row!.lastReportAt).toBeNull();
    const week = await trajectory('battery', battery.id);
    expect(week.data.total).toBe(30);
    expect(week.data.trips).toHaveLength(1);
  });

  it('drops readings outside the history window, refuses a backlog too long, and lets no device upload under another’s number', async () => {
    const client = await connect(vehicle);
    const before = (await historyOf(vehicle.id)).length;
    const now = Date.now();
    // Older than the retention (90 days), a day ahead of the server's clock, and one good reading that names another device.
    await upload(client, 'vehicle', vehicle.number, [
      drive(now - 91 * DAY, now, 11),
      drive(now + DAY, now, 12),
      { ...drive(now - 5 * DAY, now, 13), number: other.number },
    ]);
    expect(messages).toContain('backlog readings dropped: time outside the history window');
    const after = await historyOf(vehicle.id);
    expect(after.map((row) => row.speed)).toContain(13);
    expect(after.map((row) => row.speed)).not.toContain(11);
    expect(after.map((row) => row.speed)).not.toContain(12);
    expect(after).toHaveLength(before + 1);
    expect((await historyOf(other.id)).map((row) => row.speed)).not.toContain(13);

    // More readings than one message may carry: dropped whole.
    const start = now - 4 * DAY;
    await upload(
      client,
      'vehicle',
      vehicle.number,
      everyMinute(start, BACKLOG_MAX_READINGS + 1, (at) => drive(at, start, 14)),
    );
    expect(messages).toContain('device message dropped: invalid payload');
    expect((await historyOf(vehicle.id)).map((row) => row.speed)).not.toContain(14);

    // Under another vehicle’s number: the broker closes the connection, nothing is stored.
    const otherBefore = (await historyOf(other.id)).length;
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(backlogTopic('vehicle', other.number), JSON.stringify({ readings: [drive(now - DAY, now, 15)] }), { qos: 1 });
    await closed;
    await gateway.link.idle();
    expect(await historyOf(other.id)).toHaveLength(otherBefore);
    await eventually(async () =>
      expect(
        (
          await server.db
            .select({ n: sql<number>`count(*)::int` })
            .from(vehicleTelemetry)
            .where(eq(vehicleTelemetry.speed, 15))
        )[0]!.n,
      ).toBe(0),
    );
  });
});
