import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { batteryTelemetryTopic, type BatteryTelemetry } from '@swap/contracts';
import { startTestServer, type TestServer } from '../test/harness.js';
import { createDeviceTypes, createDevices, issueSecret, platformAdmin } from '../test/factories.js';
import { mosquittoWanted, startMosquitto, type RunningMosquitto } from '../test/mosquitto.js';
import { eventually } from '../test/eventually.js';
import { batteryReport, collectingLog } from '../test/device-fixtures.js';
import { batteryTelemetry } from '../modules/telemetry/telemetry.table.js';
import { startDeviceGateway, type DeviceGateway } from './gateway.js';

const GATEWAY = { username: 'swap-gateway', password: 'gateway-secret-0123456789' };
const BATTERIES = 4;
const REPORTS = 60;
/** The link's bound, well below the flood (BATTERIES × REPORTS). */
const LIMIT = 50;

const report = (i: number): BatteryTelemetry =>
  batteryReport({ ts: new Date(Date.now() - (REPORTS - i) * 1000).toISOString(), soc: 50 + (i % 40), current: -3, position: null });

/**
 * Telemetry on an external broker when the database runs behind (docs/scaling.md, "Telemetry
 * under load"): Mosquitto acknowledges the devices on receipt, so the server would take every
 * report into memory; the link holds at most its bound, the gateway's telemetry connection stops
 * reading (and acknowledging) meanwhile, the rest waits in the broker, and every report the broker
 * acknowledged is stored once the database answers again.
 */
describe.runIf(mosquittoWanted)('telemetry intake on an external broker when the database runs behind', () => {
  let server: TestServer;
  let mosquitto: RunningMosquitto;
  let gateway: DeviceGateway;
  let devices: { ids: number[]; numbers: string[] };
  let clients: MqttClient[] = [];
  const { log } = collectingLog();

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    const admin = (await platformAdmin(server)).token;
    const types = await createDeviceTypes(server, admin);
    devices = await createDevices(server, admin, 'battery', BATTERIES, { typeId: types.battery, prefix: 'BTI' });
    const secrets = await Promise.all(devices.numbers.map((number) => issueSecret(server, admin, 'battery', number)));
    mosquitto = await startMosquitto({
      gateway: GATEWAY,
      devices: devices.numbers.map((number, i) => ({ number, secret: secrets[i]! })),
    });
    gateway = await startDeviceGateway(
      server.db,
      { url: mosquitto.url, ...GATEWAY, host: '127.0.0.1', port: 0, heartbeatTimeoutSeconds: 60, telemetryLimit: LIMIT },
      log,
      server.app.deviceHub,
    );
    clients = await Promise.all(
      devices.numbers.map((number, i) =>
        mqtt.connectAsync(mosquitto.url, { clientId: number, username: number, password: secrets[i]!, reconnectPeriod: 0 }),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync()));
    await gateway?.close();
    await mosquitto?.stop();
    await server?.close();
  });

  const stored = async () =>
    (
      await server.db
        .select({ n: sql<number>`count(*)::int` })
        .from(batteryTelemetry)
        .where(inArray(batteryTelemetry.batteryId, devices.ids))
    )[0]!.n;

  it('holds at most its bound while the database is held, and stores every acknowledged report once it answers', async () => {
    const link = gateway.link;
    // The database held (the batteries' rows locked, which on the embedded database holds every
    // statement) while the batteries flood the broker: no batch can be stored meanwhile.
    await server.db.transaction(async (tx) => {
      await tx.execute(sql`select id from battery where id in ${devices.ids} for update`);
      // Each publish resolves on the broker's acknowledgement.
      await Promise.all(
        clients.map(async (client, d) => {
          for (let i = 0; i < REPORTS; i++)
            await client.publishAsync(batteryTelemetryTopic(devices.numbers[d]!), JSON.stringify(report(i)), { qos: 1 });
        }),
      );
      // The link took reports up to its bound and no further: the rest wait in the broker.
      await eventually(() => expect(link.telemetry.pending).toBe(LIMIT), 10_000);
      expect(link.telemetry.mostPending).toBe(LIMIT);
    });
    // Once the database answers the gateway reads on, batch after batch, never past the bound.
    await eventually(async () => expect(await stored()).toBe(BATTERIES * REPORTS), 20_000);
    await link.idle();
    expect(link.telemetry.pending).toBe(0);
    expect(link.telemetry.mostPending).toBe(LIMIT);
  });
});
