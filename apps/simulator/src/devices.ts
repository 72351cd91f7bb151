import mqtt, { type MqttClient } from 'mqtt';
import { batteryTelemetryTopic, cabinetTopic } from '@swap/contracts';
import {
  batteryTelemetryReport,
  cabinetStateReport,
  cabinetTelemetryReport,
  chargeStep,
  slotReport,
  type BatteryModel,
  type SlotModel,
} from './model.js';

export interface Faults {
  /** Share of messages silently not sent, 0–1. */
  dropRate: number;
}

export interface DeviceOptions {
  url: string;
  /** The device's secret (its MQTT password). */
  secret: string;
  random: () => number;
  faults: Faults;
}

/** One MQTT session signed in as one device: client id = username = device number. */
export abstract class VirtualDevice {
  protected client: MqttClient | undefined;
  sent = 0;
  dropped = 0;

  protected constructor(
    readonly number: string,
    protected readonly options: DeviceOptions,
  ) {}

  protected async open(extra: mqtt.IClientOptions = {}): Promise<void> {
    this.client = await mqtt.connectAsync(this.options.url, {
      clientId: this.number,
      username: this.number,
      password: this.options.secret,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      ...extra,
    });
  }

  protected async publish(topic: string, payload: object, retain = false): Promise<void> {
    if (!this.client?.connected) return;
    if (this.options.random() < this.options.faults.dropRate) {
      this.dropped += 1;
      return;
    }
    await this.client.publishAsync(topic, JSON.stringify(payload), { qos: 1, retain });
    this.sent += 1;
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Hangs up politely (DISCONNECT): the broker discards the last will. */
  async close(): Promise<void> {
    await this.client?.endAsync();
    this.client = undefined;
  }

  /** Drops the link without DISCONNECT (power cut): the broker publishes the last will. */
  async cutLink(): Promise<void> {
    await this.client?.endAsync(true);
    this.client = undefined;
  }
}

export class VirtualBattery extends VirtualDevice {
  constructor(
    readonly model: BatteryModel,
    options: DeviceOptions,
  ) {
    super(model.number, options);
  }

  start(): Promise<void> {
    return this.open();
  }

  report(charging: boolean): Promise<void> {
    return this.publish(batteryTelemetryTopic(this.number), batteryTelemetryReport(this.model, charging, new Date(), this.options.random));
  }
}

/** A cabinet: retained state with a last will of `{ "online": false }`, telemetry each tick, its batteries charging. */
export class VirtualCabinet extends VirtualDevice {
  private meterKwh = 1000;
  private lastState = '';

  constructor(
    number: string,
    readonly slots: SlotModel[],
    options: DeviceOptions,
  ) {
    super(number, options);
  }

  async start(): Promise<void> {
    await this.open({
      will: { topic: cabinetTopic(this.number, 'state'), payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    });
    await this.client!.subscribeAsync(cabinetTopic(this.number, 'cmd'), { qos: 1 });
    await this.publishState(true);
  }

  /** Publishes the retained state when a slot changed (or always when forced). */
  async publishState(force = false): Promise<void> {
    const signature = JSON.stringify(this.slots.map(slotReport));
    if (!force && signature === this.lastState) return;
    this.lastState = signature;
    await this.publish(cabinetTopic(this.number, 'state'), cabinetStateReport(this.slots, new Date()), true);
  }

  /** One heartbeat: charge, then telemetry and (if changed) state. */
  async tick(): Promise<void> {
    for (const slot of this.slots) if (slot.battery) chargeStep(slot.battery, this.options.random);
    this.meterKwh += 0.05;
    await this.publish(
      cabinetTopic(this.number, 'telemetry'),
      cabinetTelemetryReport(this.slots, new Date(), this.options.random, this.meterKwh),
    );
    await this.publishState();
  }

  /** Says goodbye first: a clean stop drops the last will, so the cabinet reports itself offline. */
  override async close(): Promise<void> {
    if (this.client?.connected)
      await this.client.publishAsync(cabinetTopic(this.number, 'state'), JSON.stringify({ online: false, ts: new Date().toISOString() }), {
        qos: 1,
        retain: true,
      });
    await super.close();
  }

  /** Sends any JSON (or raw text) on one of its own channels: tests of the gateway's defences. */
  async publishRaw(channel: 'state' | 'telemetry', payload: string): Promise<void> {
    await this.client?.publishAsync(cabinetTopic(this.number, channel), payload, { qos: 1 });
  }

  /** Publishes on any topic, allowed or not: the broker must refuse other devices' topics. */
  async publishTo(topic: string, payload: string): Promise<void> {
    await this.client?.publishAsync(topic, payload, { qos: 1 });
  }
}
