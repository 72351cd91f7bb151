import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { DEVICE_CREDENTIAL_CHANNEL, verifyDevice } from './credentials.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker.js';
import { markSilentCabinetsOffline } from './device-state.service.js';
import { MqttDeviceLink, type DeviceLink, type LinkLog } from './link.js';
import type { DeviceHub } from './hub.js';

export interface GatewayOptions {
  /** External broker (Mosquitto, EMQX); when absent an embedded broker listens on host:port. */
  url: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  heartbeatTimeoutSeconds: number;
}

export interface DeviceGateway {
  link: DeviceLink;
  /** The embedded broker's port; undefined on an external broker. */
  port: number | undefined;
  close(): Promise<void>;
}

/**
 * Starts the device link: the embedded broker unless a URL names one, the MQTT link, and the
 * heartbeat sweep that marks silent cabinets offline. Stateless: several servers may share a broker.
 */
export async function startDeviceGateway(db: Db, options: GatewayOptions, log: LinkLog, hub: DeviceHub): Promise<DeviceGateway> {
  let broker: EmbeddedBroker | undefined;
  let url = options.url;
  let username = options.username ?? '';
  let password = options.password ?? '';
  if (!url) {
    // The gateway's own sign-in to its own broker: a fresh secret per process, never stored.
    username = '$gateway';
    password = randomBytes(24).toString('base64url');
    broker = await startEmbeddedBroker({
      host: options.host,
      port: options.port,
      auth: { verifyDevice: (number, secret) => verifyDevice(db, number, secret), gateway: { username, password } },
      log,
    });
    url = `mqtt://${options.host}:${broker.port}`;
    log.info({ port: broker.port }, 'embedded MQTT broker listening');
  }
  const link = new MqttDeviceLink({ url, username, password, db, log, hub });
  try {
    await link.start();
  } catch (error) {
    await link.stop();
    await broker?.close();
    throw error;
  }
  // A replaced secret ends the device's session on our broker; an external broker keeps its own sessions.
  const stopKicking = hub.onChange((change) => {
    if (change.channel === DEVICE_CREDENTIAL_CHANNEL) broker?.disconnect(change.number);
  });
  const timeoutMs = options.heartbeatTimeoutSeconds * 1000;
  const sweep = setInterval(
    () => {
      markSilentCabinetsOffline(db, timeoutMs).then(
        (count) => {
          if (count > 0) log.info({ count }, 'cabinets offline: heartbeat timeout');
        },
        (error: unknown) => log.warn({ error: String(error) }, 'heartbeat sweep failed'),
      );
    },
    Math.max(1000, Math.floor(timeoutMs / 3)),
  );
  sweep.unref();
  return {
    link,
    port: broker?.port,
    close: async () => {
      stopKicking();
      clearInterval(sweep);
      await link.stop();
      await broker?.close();
    },
  };
}
