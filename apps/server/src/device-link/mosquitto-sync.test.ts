import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { cabinetApi, cabinetTopic, deviceCredentialApi } from '@swap/contracts';
import { startTestServer, type TestServer } from '../test/harness.js';
import { deviceCallers, createDeviceTypes } from '../test/factories.js';
import { mosquittoWanted, startMosquitto, type RunningMosquitto } from '../test/mosquitto.js';
import { eventually } from '../test/eventually.js';
import { setDeviceSecret } from '../modules/device-credential/index.js';
import { startDeviceGateway, type DeviceGateway } from './gateway.js';
import { writeMosquittoAuthFromDb } from './mosquitto.js';
import { mosquittoAuthSync } from './mosquitto-sync.js';

const GATEWAY = { username: 'swap-gateway', password: 'gateway-secret-0123456789' };
const CABINET = 'CMQ0001';

const REFUSED = /Not authorized|Bad username or password/;

function recordingLog() {
  const lines: { level: string; message: string; fields: object }[] = [];
  const at = (level: string) => (fields: object, message: string) => void lines.push({ level, message, fields });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ DEMO: '0' });
});
afterAll(async () => {
  await server.close();
});

describe('rewriting Mosquitto’s files', () => {
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swap-mosquitto-sync-'));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('coalesces a burst of requests into one rewrite running and one waiting', async () => {
    const { lines, log } = recordingLog();
    const sync = mosquittoAuthSync(server.db, 'mqtt://127.0.0.1:1', GATEWAY, { dir }, log);
    await Promise.all(Array.from({ length: 6 }, () => sync.refresh()));
    expect(lines.filter((line) => line.message === 'Mosquitto password file and ACL written')).toHaveLength(2);
  });

  it('writes a secret set while a rewrite runs by the time the request made after it is answered', async () => {
    const { log } = recordingLog();
    const sync = mosquittoAuthSync(server.db, 'mqtt://127.0.0.1:1', GATEWAY, { dir }, log);
    const running = sync.refresh();
    await setDeviceSecret(server.db, { kind: 'battery', number: 'BSY0001' }, 'battery-secret-0123456789');
    await Promise.all([running, sync.refresh()]);
    expect(fs.readFileSync(path.join(dir, 'passwords'), 'utf8')).toContain('BSY0001:$7$101$');
  });

  it('says plainly when Mosquitto cannot be told to reload', async () => {
    const { lines, log } = recordingLog();
    const pidFile = path.join(dir, 'missing.pid');
    await mosquittoAuthSync(server.db, 'mqtt://127.0.0.1:1', GATEWAY, { dir, pidFile }, log).refresh();
    expect(lines).toContainEqual({
      level: 'error',
      message: 'Mosquitto not reloaded',
      fields: { error: `cannot read MOSQUITTO_PID_FILE ${pidFile}: ENOENT` },
    });
  });
});

describe.runIf(mosquittoWanted)('device secrets issued in the back-office on Mosquitto', () => {
  let mosquitto: RunningMosquitto;
  let gateway: DeviceGateway;
  let dir: string;
  let merchant: string;
  let cabinetId = 0;
  const { log } = recordingLog();

  const issue = async () => {
    const answer = await server.request(deviceCredentialApi.cabinet.issue, { id: cabinetId }, { token: merchant });
    expect(answer.code).toBe(1);
    return answer.data.secret;
  };
  const detail = async () => (await server.request(cabinetApi.detail, { id: cabinetId }, { token: merchant })).data;
  /** Signs the cabinet in as a device does: client id = username = number, a last will marking it offline. */
  const signIn = (password: string) =>
    mqtt.connectAsync(mosquitto.url, {
      clientId: CABINET,
      username: CABINET,
      password,
      reconnectPeriod: 0,
      connectTimeout: 2000,
      will: { topic: cabinetTopic(CABINET, 'state'), payload: Buffer.from(JSON.stringify({ online: false })), qos: 1, retain: true },
    });
  /** Mosquitto reloads its files a moment after the signal: sign in once it accepts the secret. */
  const signedIn = async (password: string) => {
    let device: mqtt.MqttClient | undefined;
    await eventually(async () => {
      device = await signIn(password);
    });
    return device!;
  };
  const reportState = (device: mqtt.MqttClient) =>
    device.publishAsync(
      cabinetTopic(CABINET, 'state'),
      JSON.stringify({
        online: true,
        ts: new Date().toISOString(),
        firmwareVersion: '2.0.1',
        compartments: [
          {
            index: 1,
            state: 'EMPTY',
            doorLock: 'LOCKED',
            batteryLock: 'UNLOCKED',
            inPlace: false,
            chargerSwitch: 'OFF',
            voltage: 0,
            current: 0,
            temperature: 30,
            preset: 95,
            indicator: 'GREEN',
            fault: null,
            nfcSwitch: 'ON',
            enabled: true,
            batteryNumber: null,
          },
        ],
      }),
      { qos: 1, retain: true },
    );

  beforeAll(async () => {
    const who = await deviceCallers(server);
    merchant = who.merchant;
    const types = await createDeviceTypes(server, who.admin);
    const added = await server.request(cabinetApi.add, { number: CABINET, typeId: types.cabinet }, { token: merchant });
    cabinetId = added.data.id;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swap-mosquitto-issue-'));
    // Mosquitto needs its files to start; the gateway rewrites them as it starts.
    await writeMosquittoAuthFromDb(server.db, dir, GATEWAY);
    mosquitto = await startMosquitto({ authDir: dir });
    const pidFile = path.join(dir, 'mosquitto.pid');
    fs.writeFileSync(pidFile, `${mosquitto.pid}\n`);
    gateway = await startDeviceGateway(
      server.db,
      {
        url: mosquitto.url,
        ...GATEWAY,
        host: '127.0.0.1',
        port: 0,
        heartbeatTimeoutSeconds: 60,
        shareGroup: 'swap-test',
        mosquittoAuth: { dir, pidFile },
      },
      log,
      server.app.deviceHub,
    );
  });
  afterAll(async () => {
    await gateway?.close();
    await mosquitto?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lets a cabinet sign in with the secret staff issue and persists the state it reports', async () => {
    await expect(signIn('not-issued-yet')).rejects.toThrow(REFUSED);
    const secret = await issue();
    const device = await signedIn(secret);
    await reportState(device);
    await eventually(async () => {
      const cabinet = await detail();
      expect(cabinet.online).toBe(true);
      expect(cabinet.lastReportAt).not.toBeNull();
      expect(cabinet.compartments[0]!.state).toBe('EMPTY');
    });
    await device.endAsync();
  });

  it('on a new issue ends the session of the old secret, refuses it and accepts the new one', async () => {
    const first = await issue();
    const device = await signedIn(first);
    await reportState(device);
    await eventually(async () => expect((await detail()).online).toBe(true));
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));

    const second = await issue();
    await closed;
    // Its last will tells the back-office it went away.
    await eventually(async () => expect((await detail()).online).toBe(false));
    await eventually(() => expect(signIn(first)).rejects.toThrow(REFUSED));
    const again = await signedIn(second);
    expect(again.connected).toBe(true);
    await again.endAsync();
  });
});
