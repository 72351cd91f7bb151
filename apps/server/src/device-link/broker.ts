import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { DEVICE_DOWNLINK, DEVICE_NUMBER_PATTERN, DEVICE_UPLINK, parseDeviceTopic } from '@swap/contracts';
import type { DeviceIdentity } from '../modules/device-credential/index.js';
import { DEFAULT_BROKER_LIMITS, type BrokerLimits } from '../app/config.js';
import { PacketSizeGate } from './broker-limits.js';
import type { DeliverUplink, DeviceTransport } from './link.js';

/** Who signs in: a device, by its credentials. The gateway is in-process and does not sign in. */
export interface BrokerAuth {
  verifyDevice(number: string, secret: string): Promise<DeviceIdentity | null | 'unknown'>;
}

export interface BrokerLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** A warning that a flood cannot turn into a flood of log lines: at most one per interval, with the count. */
function throttledWarn(log: BrokerLog, message: string, intervalMs = 10_000): (fields: object) => void {
  let last = 0;
  let suppressed = 0;
  return (fields) => {
    const now = Date.now();
    if (now - last < intervalMs) {
      suppressed++;
      return;
    }
    log.warn({ ...fields, ...(suppressed ? { alsoSinceLast: suppressed } : {}) }, message);
    last = now;
    suppressed = 0;
  };
}

export interface EmbeddedBroker {
  port: number;
  /** The gateway's way in: uplink messages handed over in-process, commands published in-process. */
  transport: DeviceTransport;
  /** Ends the session of the client with this id (a device whose secret was replaced), if connected. */
  disconnect(clientId: string): void;
  close(): Promise<void>;
}

const principals = new WeakMap<Client, DeviceIdentity>();

function authError(message: string, returnCode: 3 | 4 | 5): AuthenticateError {
  // aedes declares the codes as an ambient const enum, which isolated modules cannot import.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- 3, 4 and 5 are AuthErrorCode's values
  return Object.assign(new Error(message), { returnCode });
}

/** May this device publish (uplink) or subscribe (downlink) on the topic? Only its own. */
function allowed(principal: DeviceIdentity | undefined, topic: string, direction: 'uplink' | 'downlink'): boolean {
  if (!principal) return false;
  const parsed = parseDeviceTopic(topic);
  if (!parsed || parsed.kind !== principal.kind || parsed.number !== principal.number) return false;
  return (direction === 'uplink' ? DEVICE_UPLINK : DEVICE_DOWNLINK)[parsed.kind].includes(parsed.channel);
}

/**
 * The in-process MQTT broker of `npm start`: devices sign in with their own credentials (client id =
 * username = device number) and may publish and subscribe only their own topics. The gateway is no
 * client of it: it takes the uplink messages straight from the broker's message bus and publishes
 * onto it, which spares every message an encoding, a loopback socket and a decoding in this thread.
 */
export async function startEmbeddedBroker(options: {
  host: string;
  port: number;
  auth: BrokerAuth;
  log: BrokerLog;
  limits?: Partial<BrokerLimits> | undefined;
}): Promise<EmbeddedBroker> {
  const { auth, log } = options;
  const limits = { ...DEFAULT_BROKER_LIMITS, ...options.limits };
  /** The gateway's intake while its link runs. */
  let uplink: DeliverUplink | undefined;
  const broker = await Aedes.createBroker({
    connectTimeout: limits.connectTimeoutMs,
    authenticate: (client, username, password, done) => {
      const secret = password?.toString('utf8') ?? '';
      if (!username || !DEVICE_NUMBER_PATTERN.test(username) || client.id !== username) {
        done(authError('client id must equal the device number', 4), false);
        return;
      }
      auth.verifyDevice(username, secret).then(
        (identity) => {
          if (identity === 'unknown') {
            log.warn({ device: username }, 'device refused: cabinet not registered');
            done(authError('cabinet not registered', 5), false);
          } else if (!identity) {
            log.warn({ device: username }, 'device refused: wrong secret');
            done(authError('bad username or password', 4), false);
          } else {
            principals.set(client, identity);
            done(null, true);
          }
        },
        (error: unknown) => {
          log.warn({ device: username, error: String(error) }, 'device sign-in failed');
          // "Server unavailable": the device may try again, unlike after "not authorized".
          done(authError('server unavailable', 3), false);
        },
      );
    },
    // aedes acknowledges a QoS 1 publish right after this check, so the gateway stores the message
    // here first: one it could not store is refused, which ends the device's connection unacknowledged
    // and the device sends it again once reconnected (docs/device-protocol.md).
    authorizePublish: (client, packet, callback) => {
      if (!client || !allowed(principals.get(client), packet.topic, 'uplink')) {
        log.warn({ client: client?.id, topic: packet.topic }, 'publish refused: not the device’s own topic');
        callback(new Error('publish not allowed'));
        return;
      }
      const deliver = uplink;
      if (!deliver) {
        callback(packet.qos > 0 ? new Error('gateway not running') : null);
        return;
      }
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      deliver(packet.topic, payload, false).then(
        (stored) => callback(stored || packet.qos === 0 ? null : new Error('message not stored')),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
    authorizeSubscribe: (client, subscription, callback) => {
      if (allowed(principals.get(client), subscription.topic, 'downlink')) {
        callback(null, subscription);
        return;
      }
      log.warn({ client: client.id, topic: subscription.topic }, 'subscribe refused: not the device’s own topic');
      // A null subscription is a negative SUBACK (128); the device stays connected.
      callback(null, null);
    },
  });
  // Signed-in clients by id, so a device whose secret was replaced can be sent away.
  const connected = new Map<string, Client>();
  broker.on('client', (client) => connected.set(client.id, client));
  broker.on('clientDisconnect', (client) => {
    if (connected.get(client.id) === client) connected.delete(client.id);
  });
  const sockets = new Set<net.Socket>();
  const warnOversized = throttledWarn(log, 'MQTT connection closed: packet too large');
  const warnLate = throttledWarn(log, 'MQTT connection closed: no CONNECT in time');
  const warnFull = throttledWarn(log, 'MQTT connection refused: connection limit reached');
  broker.on('connectionError', (_client, error) => {
    if (error.message === 'connect did not arrive in time') warnLate({ timeoutMs: limits.connectTimeoutMs });
  });
  const server = net.createServer((socket) => {
    // Small messages both ways (a command, its result): Nagle's delay would add tens of ms to each.
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    broker.handle(socket);
    // The broker reads the socket on 'readable'; a 'data' listener then sees each chunk it reads,
    // just before its parser does, without switching the socket to flowing mode.
    const gate = new PacketSizeGate(limits.maxPacketBytes);
    socket.on('data', (chunk: Buffer) => {
      const refused = gate.check(chunk);
      if (refused && !socket.destroyed) {
        warnOversized({ remote: socket.remoteAddress, reason: refused });
        socket.destroy();
      }
    });
  });
  server.maxConnections = limits.maxConnections;
  server.on('drop', (data) => warnFull({ remote: data?.remoteAddress, maxConnections: limits.maxConnections }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    throw error;
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    port,
    transport: inProcessTransport(broker, port, (deliver) => (uplink = deliver)),
    disconnect: (clientId) => {
      const client = connected.get(clientId);
      if (client) {
        log.info({ device: clientId }, 'device disconnected: secret replaced');
        client.close();
      }
    },
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      // Without this, server.close waits for every device to hang up.
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The gateway's transport on the embedded broker. Each uplink message is handed over as the broker
 * checks it, before the device is acknowledged (see authorizePublish), so an acknowledged message
 * is a stored one. Wills pass the same check when a device drops off.
 */
function inProcessTransport(broker: Aedes, port: number, intake: (deliver: DeliverUplink | undefined) => void): DeviceTransport {
  let open = false;
  return {
    description: `embedded broker, port ${port}`,
    get connected() {
      return open && !broker.closed;
    },
    open: async (deliver) => {
      intake(deliver);
      open = true;
      await Promise.resolve();
    },
    publish: (topic, payload) =>
      new Promise<void>((resolve, reject) => {
        if (!open || broker.closed) {
          reject(new Error('device link not connected'));
          return;
        }
        broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, (error) =>
          error ? reject(error) : resolve(),
        );
      }),
    close: async () => {
      open = false;
      intake(undefined);
      await Promise.resolve();
    },
  };
}
