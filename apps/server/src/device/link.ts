import mqtt, { type MqttClient } from 'mqtt';
import { TOPIC_ROOT, parseDeviceTopic } from '@swap/contracts';
import type { Db } from '../db/client.js';
import { TOPIC_HANDLERS } from './handlers.js';
import type { DeviceHub } from './hub.js';
import { Batcher, type BatcherOptions } from './batcher.js';
import { persistTelemetry, receiveTime, type TelemetryItem } from './telemetry-ingest.js';

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
  /** Telemetry batching; defaults to 500 reports or 20 ms. */
  batch?: Partial<BatcherOptions>;
}

/**
 * The MQTT transport: subscribes to every uplink topic, validates each payload with the
 * contracts' schema and hands it to the topic's handler. A bad message is logged and dropped;
 * nothing a device sends can stop the link. Messages of one device are applied in order.
 * Telemetry, the bulk of the traffic, is persisted in batches (latest state and history in one
 * transaction per batch); other channels one message at a time.
 */
export class MqttDeviceLink implements DeviceLink {
  private client: MqttClient | undefined;
  /** The tail of each device's queue; removed when it drains. */
  private readonly queues = new Map<string, Promise<void>>();
  private readonly batcher: Batcher<TelemetryItem>;

  constructor(private readonly options: MqttLinkOptions) {
    this.batcher = new Batcher((items) => this.persistBatch(items), { maxBatch: 500, maxDelayMs: 20, ...options.batch });
  }

  async start(): Promise<void> {
    const { url, username, password, log } = this.options;
    const client = await mqtt.connectAsync(url, {
      username,
      password,
      clientId: `gateway-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
      reconnectPeriod: 2000,
    });
    this.client = client;
    // Commands and their results are small: send each at once (no Nagle delay), on every reconnect too.
    const noDelay = () => (client.stream as { setNoDelay?: (on: boolean) => void } | undefined)?.setNoDelay?.(true);
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
    while (this.queues.size > 0) {
      void this.batcher.flush();
      await Promise.all(this.queues.values());
    }
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
    if ('batched' in handler) {
      this.enqueueTelemetry(key, {
        kind: handler.batched,
        number: parsed.number,
        payload: checked.data,
        at: receiveTime(),
      } as TelemetryItem);
      return;
    }
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

  /**
   * A device's telemetry joins the open batch unless something of the same device is still on its
   * way (a state message, an earlier batch): then it waits for it, so each device's order holds.
   */
  private enqueueTelemetry(key: string, item: TelemetryItem): void {
    const previous = this.queues.get(key);
    const tail =
      previous === undefined || previous === this.batcher.open ? this.batcher.add(item) : previous.then(() => this.batcher.add(item));
    if (tail === previous) return;
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
  }

  /** Persists a batch; when the batch fails as a whole, each report is tried alone so one bad row loses only itself. */
  private async persistBatch(items: TelemetryItem[]): Promise<void> {
    const { db, log } = this.options;
    let registered: Set<string>;
    const failed = new Set<string>();
    try {
      registered = await persistTelemetry(db, items);
    } catch (error) {
      log.warn({ reports: items.length, error: errorText(error) }, 'telemetry batch failed: persisting its reports one by one');
      registered = new Set();
      for (const item of items) {
        try {
          for (const key of await persistTelemetry(db, [item])) registered.add(key);
        } catch (single) {
          failed.add(`${item.kind}/${item.number}`);
          log.error({ topic: `${item.kind}/${item.number}/telemetry`, error: errorText(single) }, 'device message failed');
        }
      }
    }
    const told = new Set<string>();
    for (const { kind, number } of items) {
      const key = `${kind}/${number}`;
      if (told.has(key)) continue;
      told.add(key);
      if (registered.has(key)) this.options.hub.emitChange({ kind, number, channel: 'telemetry' });
      else if (!failed.has(key)) log.warn({ topic: `${key}/telemetry` }, `device message dropped: ${kind} not registered`);
    }
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
