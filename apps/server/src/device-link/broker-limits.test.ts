import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { cabinetApi, cabinetState, type CabinetState, cabinetTopic } from '@swap/contracts';
import { startTestServer, type TestServer } from '../test/harness.js';
import { createDeviceTypes, platformAdmin } from '../test/factories.js';
import { collectingLog } from '../test/device-fixtures.js';
import { eventually } from '../test/eventually.js';
import { setDeviceSecret } from '../modules/device-credential/index.js';
import { startDeviceGateway, type DeviceGateway } from './gateway.js';
import { CONNECT_MAX_BYTES, DEFAULT_BROKER_LIMITS, type BrokerLimits } from '../app/config.js';
import { PacketSizeGate } from './broker-limits.js';

const CABINET = { number: 'CBL0001', secret: 'broker-limits-secret-0123456789' };
const MB = 1024 * 1024;

/** MQTT's variable-length encoding of a remaining length. */
function varint(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    bytes.push(byte);
  } while (value > 0);
  return bytes;
}

/** An MQTT 3.1.1 CONNECT with a username and password (clean session, 60 s keep-alive). */
function connectPacket(clientId: string, username: string, password: string): Buffer {
  const field = (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
  };
  const body = Buffer.concat([field('MQTT'), Buffer.from([4, 0xc2, 0, 60]), field(clientId), field(username), field(password)]);
  return Buffer.concat([Buffer.from([0x10, ...varint(body.length)]), body]);
}

/** Only the fixed header of a packet announcing `length` bytes: its body never follows. */
const announce = (type: 'connect' | 'publish', length: number) => Buffer.from([type === 'connect' ? 0x10 : 0x30, ...varint(length)]);

/** A raw TCP connection on loopback, as an attacker would open it. */
function openSocket(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Whether the server closed the socket within a generous bound. */
function closedWithin(socket: net.Socket, ms: number): Promise<boolean> {
  socket.on('error', () => undefined);
  if (socket.destroyed || socket.readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const done = () => {
      clearTimeout(timer);
      resolve(true);
    };
    socket.once('end', done);
    socket.once('close', done);
  });
}

/** Signs in over a raw socket and answers the CONNACK return code. */
function signIn(socket: net.Socket, device: { number: string; secret: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => (chunk[0] === 0x20 ? resolve(chunk[3]!) : reject(new Error('no CONNACK'))));
    socket.once('close', () => reject(new Error('closed before CONNACK')));
    socket.on('error', () => undefined);
    socket.write(connectPacket(device.number, device.number, device.secret));
  });
}

/** The largest cabinet state the schema allows: 64 compartments, every text at its longest, every escape. */
function largestState(): CabinetState {
  return {
    online: true,
    ts: '2026-11-21T10:00:00.000+05:45',
    firmwareVersion: '\u0001'.repeat(40),
    compartments: Array.from({ length: 64 }, (_, i) => ({
      index: i + 1,
      state: 'SWAPPABLE' as const,
      doorLock: 'UNLOCKED' as const,
      batteryLock: 'UNLOCKED' as const,
      inPlace: false,
      chargerSwitch: 'OFF' as const,
      voltage: 999.9999999999999,
      current: -499.99999999999994,
      temperature: -39.99999999999999,
      preset: 99.99999999999999,
      indicator: 'YELLOW' as const,
      fault: '\u0001'.repeat(200),
      nfcSwitch: 'OFF' as const,
      enabled: false,
      batteryNumber: 'B'.repeat(32),
    })),
  };
}

describe('the packet size gate', () => {
  it('follows packets split anywhere across chunks and refuses one announcing more than the limit', () => {
    const gate = new PacketSizeGate(1000, 100);
    const connect = connectPacket('C1', 'C1', 'secret');
    const publish = Buffer.concat([Buffer.from([0x30, ...varint(500)]), Buffer.alloc(500)]);
    const stream = Buffer.concat([connect, publish, publish, Buffer.from([0xc0, 0])]);
    for (let i = 0; i < stream.length; i += 7) expect(gate.check(stream.subarray(i, i + 7))).toBeNull();
    expect(gate.check(Buffer.from([0x30, ...varint(1001 - 3)]))).toMatch(/over the limit of 1000/);
  });

  it('holds the first packet (the CONNECT) to the smaller limit', () => {
    expect(new PacketSizeGate(1000, 100).check(announce('connect', 200))).toMatch(/over the limit of 100/);
    expect(new PacketSizeGate(1000, 100).check(announce('publish', 200))).toMatch(/over the limit of 100/);
    expect(
      new PacketSizeGate(DEFAULT_BROKER_LIMITS.maxPacketBytes).check(connectPacket('C'.repeat(32), 'C'.repeat(32), 's'.repeat(43))),
    ).toBeNull();
  });

  it('refuses a length of more than four bytes', () => {
    expect(new PacketSizeGate(1000).check(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff]))).toMatch(/malformed/);
  });

  it('leaves room for the largest legitimate message by default', () => {
    const state = largestState();
    expect(cabinetState.safeParse(state).success).toBe(true);
    const bytes = Buffer.byteLength(JSON.stringify(state)) + Buffer.byteLength(cabinetTopic('C'.repeat(32), 'state')) + 7;
    expect(bytes).toBeGreaterThan(90_000);
    expect(bytes * 2).toBeLessThan(DEFAULT_BROKER_LIMITS.maxPacketBytes);
    expect(CONNECT_MAX_BYTES).toBeLessThan(DEFAULT_BROKER_LIMITS.maxPacketBytes);
  });
});

describe('the embedded broker limits what it accepts (raw sockets on loopback)', () => {
  let server: TestServer;
  const { log, messages } = collectingLog();
  const gateways: DeviceGateway[] = [];
  const sockets: net.Socket[] = [];

  const broker = async (limits: Partial<BrokerLimits>) => {
    const gateway = await startDeviceGateway(
      server.db,
      { url: undefined, host: '127.0.0.1', port: 0, heartbeatTimeoutSeconds: 60, limits },
      log,
      server.app.deviceHub,
    );
    gateways.push(gateway);
    return gateway.port!;
  };
  const open = async (port: number) => {
    const socket = await openSocket(port);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    const admin = (await platformAdmin(server)).token;
    const types = await createDeviceTypes(server, admin);
    await server.request(cabinetApi.add, { number: CABINET.number, typeId: types.cabinet }, { token: admin });
    await setDeviceSecret(server.db, { kind: 'cabinet', number: CABINET.number }, CABINET.secret);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    for (const gateway of gateways) await gateway.close();
    await server?.close();
  });

  it('closes a connection as soon as a header announces 250 MB, signed in or not, and still takes the largest real state', async () => {
    // A long CONNECT limit: only the packet size can close these connections.
    const port = await broker({ connectTimeoutMs: 60_000 });
    const strangers = await Promise.all([1, 2, 3, 4].map(() => open(port)));
    for (const stranger of strangers) stranger.write(announce('connect', 250 * MB));
    for (const stranger of strangers) expect(await closedWithin(stranger, 5000)).toBe(true);

    const device = await open(port);
    expect(await signIn(device, CABINET)).toBe(0);
    device.write(announce('publish', 250 * MB));
    expect(await closedWithin(device, 5000)).toBe(true);
    expect(messages).toContain('MQTT connection closed: packet too large');

    // The largest state a cabinet may send goes through, and the cabinet is online.
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      clientId: CABINET.number,
      username: CABINET.number,
      password: CABINET.secret,
      reconnectPeriod: 0,
    });
    try {
      await client.publishAsync(cabinetTopic(CABINET.number, 'state'), JSON.stringify(largestState()), { qos: 1, retain: true });
      const admin = await server.login('admin');
      await eventually(async () => {
        const found = await server.request(cabinetApi.search, { number: CABINET.number }, { token: admin });
        expect(found.data.records[0]!.online).toBe(true);
      });
      expect(client.connected).toBe(true);
    } finally {
      await client.endAsync();
    }
  });

  it('closes a connection that sends no CONNECT within the configured time, and keeps one that signed in', async () => {
    const port = await broker({ connectTimeoutMs: 1000 });
    const silent = await open(port);
    const device = await open(port);
    expect(await signIn(device, CABINET)).toBe(0);
    expect(await closedWithin(silent, 10_000)).toBe(true);
    // Past its own CONNECT limit too, the signed-in device is still served: it answers a ping.
    expect(await closedWithin(device, 1500)).toBe(false);
    const pong = new Promise<Buffer>((resolve) => device.once('data', resolve));
    device.write(Buffer.from([0xc0, 0]));
    expect([...(await pong)]).toEqual([0xd0, 0]);
    expect(messages).toContain('MQTT connection closed: no CONNECT in time');
  });

  it('refuses connections beyond the cap and serves a new one once a place is free', async () => {
    const port = await broker({ maxConnections: 3, connectTimeoutMs: 60_000 });
    const held = [await open(port), await open(port), await open(port)];
    const extra = await open(port);
    expect(await closedWithin(extra, 5000)).toBe(true);
    for (const socket of held) expect(socket.destroyed || socket.readableEnded).toBe(false);
    expect(messages).toContain('MQTT connection refused: connection limit reached');

    held[0]!.destroy();
    await eventually(
      async () => {
        const next = await open(port);
        expect(await signIn(next, CABINET)).toBe(0);
      },
      5000,
      100,
    );
  });
});
