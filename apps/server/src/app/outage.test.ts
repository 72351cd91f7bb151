import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { sessionApi, cabinetApi, cabinetTopic, commandApi, DEMO_PASSWORD, type Language, MESSAGES } from '@swap/contracts';
import { startTestServer, type TestServer } from '../test/harness.js';
import { createDeviceTypes, issueSecret, platformAdmin } from '../test/factories.js';
import { cabinetReport, startEmbeddedGateway } from '../test/device-fixtures.js';
import { eventually } from '../test/eventually.js';
import { mosquittoWanted, startMosquitto, type RunningMosquitto } from '../test/mosquitto.js';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';
import { startDeviceGateway, type DeviceGateway } from '../device-link/gateway.js';
import { cabinetTelemetry } from '../modules/telemetry/telemetry.table.js';
import { cabinets } from '../modules/cabinet/cabinet.table.js';

const CABINET = 'COUT0001';

/** A cabinet as its firmware should behave: it comes back by itself and resends what was not acknowledged. */
function cabinetDevice(url: string, secret: string): Promise<MqttClient> {
  return mqtt.connectAsync(url, {
    clientId: CABINET,
    username: CABINET,
    password: secret,
    reconnectPeriod: 200,
    reconnectOnConnackError: true,
    connectTimeout: 2000,
  });
}

/** The stored history rows of the cabinet with this humidity (each report is told apart by it). */
async function storedReports(server: TestServer, humidity: number): Promise<number> {
  const rows = await server.db
    .select({ humidity: cabinetTelemetry.humidity })
    .from(cabinetTelemetry)
    .innerJoin(cabinets, eq(cabinets.id, cabinetTelemetry.cabinetId))
    .where(eq(cabinets.number, CABINET));
  return rows.filter((row) => row.humidity === humidity).length;
}

/** The cabinet, registered by the platform administrator, with the secret the back-office issued it. */
async function addCabinet(server: TestServer): Promise<{ admin: string; cabinetId: number; secret: string }> {
  const admin = (await platformAdmin(server)).token;
  const types = await createDeviceTypes(server, admin);
  const added = await server.request(cabinetApi.add, { number: CABINET, typeId: types.cabinet }, { token: admin });
  return { admin, cabinetId: added.data.id, secret: await issueSecret(server, admin, 'cabinet', CABINET) };
}

const health = async (server: TestServer) => {
  const answer = await server.app.inject({ method: 'GET', url: '/api/health' });
  return { ...answer.json<{ databaseStatus: string; deviceLink: string }>(), http: answer.statusCode };
};

// PGlite runs inside the server's process: it cannot go away on its own.
describe.runIf(process.env.TEST_DATABASE_URL)('a database outage (PostgreSQL only: the embedded database cannot go down)', () => {
  let server: TestServer;
  let proxy: TcpProxy;
  let gateway: DeviceGateway;
  let device: MqttClient;
  let admin: string;

  beforeAll(async () => {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: base.hostname, port: Number(base.port || 5432) });
    server = await startTestServer({ DEMO: '0' }, { connectVia: (url) => proxy.through(url) });
    const added = await addCabinet(server);
    admin = added.admin;
    const started = await startEmbeddedGateway(server);
    gateway = started.gateway;
    device = await cabinetDevice(started.url, added.secret);
  });
  afterAll(async () => {
    await device.endAsync(true);
    proxy.restore();
    await gateway.close();
    await server.close();
    await proxy.close();
  });

  it('answers 503 in the caller’s language while it is out, keeps device reports unacknowledged, and recovers without a restart', async () => {
    const search = (lang: Language) => server.request(cabinetApi.search, {}, { token: admin, lang });
    expect((await search('en')).code).toBe(1);

    proxy.cut();
    for (const lang of ['en', 'th', 'zh'] as const) {
      const answer = await search(lang);
      expect(answer).toMatchObject({
        status: 503,
        code: MESSAGES.databaseUnavailable.code,
        message: MESSAGES.databaseUnavailable.text[lang],
      });
    }
    const login = await server.request(sessionApi.signIn, { username: 'admin', password: DEMO_PASSWORD }, { lang: 'in' });
    expect(login).toMatchObject({ status: 503, message: MESSAGES.databaseUnavailable.text.in });
    expect(await health(server)).toMatchObject({ http: 503, databaseStatus: 'down' });

    // A report sent now is not acknowledged: the broker drops the device's connection instead.
    let acknowledged = false;
    const dropped = new Promise<void>((resolve) => device.once('close', () => resolve()));
    const sent = device
      .publishAsync(cabinetTopic(CABINET, 'telemetry'), JSON.stringify(cabinetReport({ humidity: 77 })), { qos: 1 })
      .then(() => {
        acknowledged = true;
      });
    await dropped;
    expect(acknowledged).toBe(false);

    proxy.restore();
    // The device signs in again and resends it; acknowledged now, and stored once at least.
    await sent;
    expect(await storedReports(server, 77)).toBeGreaterThanOrEqual(1);
    expect((await search('th')).code).toBe(1);
    expect(await health(server)).toMatchObject({ http: 200, databaseStatus: 'up' });
    const again = await server.request(sessionApi.signIn, { username: 'admin', password: DEMO_PASSWORD });
    expect(again.code).toBe(1);
  }, 60_000);
});

describe.runIf(mosquittoWanted)('an external broker outage', () => {
  let server: TestServer;
  let mosquitto: RunningMosquitto;
  let proxy: TcpProxy;
  let gateway: DeviceGateway;
  let device: MqttClient;
  let admin: string;
  let cabinetId: number;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    const added = await addCabinet(server);
    ({ admin, cabinetId } = added);
    const account = { username: 'swap-gateway', password: 'gateway-secret-0123456789' };
    mosquitto = await startMosquitto({ gateway: account, devices: [{ number: CABINET, secret: added.secret }] });
    proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(mosquitto.url).port) });
    gateway = await startDeviceGateway(
      server.db,
      { url: proxy.through(mosquitto.url), ...account, host: '127.0.0.1', port: 0, heartbeatTimeoutSeconds: 60 },
      { info: () => undefined, warn: () => undefined, error: () => undefined },
      server.app.deviceHub,
    );
    // The device reaches the broker directly: only the server's side of the link is cut.
    device = await cabinetDevice(mosquitto.url, added.secret);
    await device.publishAsync(cabinetTopic(CABINET, 'telemetry'), JSON.stringify(cabinetReport({ humidity: 55 })), { qos: 1 });
    await eventually(async () => expect(await storedReports(server, 55)).toBe(1));
  });
  afterAll(async () => {
    await device.endAsync(true);
    await gateway.close();
    await proxy.close();
    await mosquitto.stop();
    await server.close();
  });

  it('keeps the back-office answering, refuses commands as “device link down”, and stores telemetry again once the broker is back', async () => {
    proxy.cut();
    await eventually(async () => expect(await health(server)).toMatchObject({ http: 200, databaseStatus: 'up', deviceLink: 'down' }));
    expect((await server.request(cabinetApi.search, {}, { token: admin })).code).toBe(1);
    for (const lang of ['en', 'zh'] as const) {
      const command = await server.request(commandApi.cabinetSend, { cabinetId, name: 'RESTART' }, { token: admin, lang });
      expect(command).toMatchObject({ status: 503, code: MESSAGES.deviceLinkDown.code, message: MESSAGES.deviceLinkDown.text[lang] });
    }

    proxy.restore();
    await eventually(async () => expect((await health(server)).deviceLink).toBe('up'), 15_000);
    await device.publishAsync(cabinetTopic(CABINET, 'telemetry'), JSON.stringify(cabinetReport({ humidity: 66 })), { qos: 1 });
    await eventually(async () => expect(await storedReports(server, 66)).toBe(1), 10_000);
  }, 60_000);
});
