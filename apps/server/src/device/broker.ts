import { createHash, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { DEVICE_DOWNLINK, DEVICE_NUMBER_PATTERN, DEVICE_UPLINK, parseDeviceTopic } from '@swap/contracts';
import type { DeviceIdentity } from './credentials.js';

/** Who signs in: a device by its credentials, or the gateway itself with the broker's one-time secret. */
export interface BrokerAuth {
  verifyDevice(number: string, secret: string): Promise<DeviceIdentity | null | 'unknown'>;
  gateway: { username: string; password: string };
}

export interface BrokerLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface EmbeddedBroker {
  port: number;
  /** Ends the session of the client with this id (a device whose secret was replaced), if connected. */
  disconnect(clientId: string): void;
  close(): Promise<void>;
}

type Principal = DeviceIdentity | 'gateway';
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));
const principals = new WeakMap<Client, Principal>();

function authError(message: string, returnCode: 4 | 5): AuthenticateError {
  // aedes declares the codes as an ambient const enum, which isolated modules cannot import.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- 4 and 5 are AuthErrorCode's values
  return Object.assign(new Error(message), { returnCode });
}

/** May this client publish (uplink) or subscribe (downlink) on the topic? Devices only their own. */
function allowed(principal: Principal | undefined, topic: string, direction: 'uplink' | 'downlink'): boolean {
  if (principal === 'gateway') return true;
  if (!principal) return false;
  const parsed = parseDeviceTopic(topic);
  if (!parsed || parsed.kind !== principal.kind || parsed.number !== principal.number) return false;
  return (direction === 'uplink' ? DEVICE_UPLINK : DEVICE_DOWNLINK)[parsed.kind].includes(parsed.channel);
}

/**
 * The in-process MQTT broker of `npm start`: devices sign in with their own credentials (client id =
 * username = device number) and may publish and subscribe only their own topics.
 */
export async function startEmbeddedBroker(options: {
  host: string;
  port: number;
  auth: BrokerAuth;
  log: BrokerLog;
}): Promise<EmbeddedBroker> {
  const { auth, log } = options;
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const secret = password?.toString('utf8') ?? '';
      if (username === auth.gateway.username) {
        if (sameSecret(secret, auth.gateway.password)) {
          principals.set(client, 'gateway');
          done(null, true);
        } else done(authError('bad gateway credentials', 4), false);
        return;
      }
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
          done(authError('server unavailable', 5), false);
        },
      );
    },
    authorizePublish: (client, packet, callback) => {
      if (client && allowed(principals.get(client), packet.topic, 'uplink')) {
        callback(null);
        return;
      }
      log.warn({ client: client?.id, topic: packet.topic }, 'publish refused: not the device’s own topic');
      callback(new Error('publish not allowed'));
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
  const server = net.createServer((socket) => {
    // Small messages both ways (a command, its result): Nagle's delay would add tens of ms to each.
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.once('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
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
