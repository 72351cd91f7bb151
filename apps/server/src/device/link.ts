import mqtt, { type MqttClient } from 'mqtt';
import { TOPIC_ROOT, parseDeviceTopic } from '@swap/contracts';
import type { Db } from '../db/client.js';
import { TOPIC_HANDLERS } from './handlers.js';
import type { DeviceHub } from './hub.js';

export interface LinkLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** The server's side of the device protocol, whatever carries it. */
export interface DeviceLink {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once every message received so far is persisted (tests, orderly shutdown). */
  idle(): Promise<void>;
}

export interface MqttLinkOptions {
  url: string;
  username: string;
  password: string;
  db: Db;
  log: LinkLog;
  /** Told of every persisted message; given the link's sender while connected. */
  hub: DeviceHub;
  /** Topic filters to subscribe; every uplink topic when absent (see gatewaySubscriptions). */
  subscriptions?: string[];
}

/**
 * The MQTT transport: subscribes to every uplink topic, validates each payload with the
 * contracts' schema and hands it to the topic's handler. A bad message is logged and dropped;
 * nothing a device sends can stop the link. Messages of one device are applied in order.
 */
export class MqttDeviceLink implements DeviceLink {
  private client: MqttClient | undefined;
  /** The tail of each device's queue; removed when it drains. */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(private readonly options: MqttLinkOptions) {}

  async start(): Promise<void> {
    const { url, username, password, log } = this.options;
    const client = await mqtt.connectAsync(url, {
      username,
      password,
      clientId: `gateway-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
      reconnectPeriod: 2000,
    });
    this.client = client;
    // Small packets at once (acknowledgement then command would otherwise wait for a delayed ACK), after every reconnect too.
    const noDelay = () => (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
    noDelay();
    client.on('connect', noDelay);
    client.on('message', (topic, payload, packet) => this.receive(topic, payload, packet.retain));
    client.on('error', (error) => log.warn({ error: error.message }, 'device link error'));
    for (const filter of this.options.subscriptions ?? [`${TOPIC_ROOT}/+/+/+`]) await client.subscribeAsync(filter, { qos: 1 });
    this.options.hub.attachSender(async (topic, payload) => {
      await client.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
    });
    log.info({ url: new URL(url).host }, 'device link connected');
  }

  async stop(): Promise<void> {
    this.options.hub.attachSender(undefined);
    await this.client?.endAsync(true);
    this.client = undefined;
    await this.idle();
  }

  async idle(): Promise<void> {
    while (this.queues.size > 0) await Promise.all(this.queues.values());
  }

  private receive(topic: string, raw: Buffer, retained: boolean): void {
    const { log, db, hub } = this.options;
    const parsed = parseDeviceTopic(topic);
    const handler = parsed ? TOPIC_HANDLERS[`${parsed.kind}/${parsed.channel}`] : undefined;
    // Downlink echoes and channels this slice does not persist yet.
    if (!parsed || !handler) return;
    // An empty retained message clears the broker's store: nothing to persist.
    if (raw.length === 0) return;
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      log.warn({ topic, bytes: raw.length }, 'device message dropped: not JSON');
      return;
    }
    const checked = handler.schema.safeParse(json);
    if (!checked.success) {
      const issues = checked.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`);
      log.warn({ topic, issues }, 'device message dropped: invalid payload');
      return;
    }
    const key = `${parsed.kind}/${parsed.number}`;
    const message = { number: parsed.number, payload: checked.data, retained, receivedAt: new Date(), log };
    const tail = (this.queues.get(key) ?? Promise.resolve())
      .then(() => handler.handle(db, message, hub))
      .then(
        (registered) => {
          if (!registered) log.warn({ topic }, `device message dropped: ${parsed.kind} not registered`);
          else hub.emitChange({ kind: parsed.kind, number: parsed.number, channel: parsed.channel });
        },
        (error: unknown) => log.error({ topic, error: error instanceof Error ? error.message : String(error) }, 'device message failed'),
      )
      .finally(() => {
        if (this.queues.get(key) === tail) this.queues.delete(key);
      });
    this.queues.set(key, tail);
  }
}
