import mqtt, { type MqttClient } from 'mqtt';
import { batteryTelemetryTopic, cabinetTopic, type SimulatedCondition } from '@swap/contracts';
import {
  batteryTelemetryReport,
  cabinetStateReport,
  INITIAL_FIRMWARE_VERSION,
  cabinetTelemetryReport,
  chargeStep,
  slotReport,
  type BatteryModel,
  type SlotModel,
} from './model.js';
import { CommandResponder, DEFAULT_COMMAND_BEHAVIOUR, type CommandBehaviour } from './commands.js';
import { SwapFaults, type SwapFailureCode, type SwapFailureRates } from './swap-faults.js';
import { DEFAULT_FIRMWARE_BEHAVIOUR, FirmwareUpdater, type FirmwareBehaviour } from './firmware.js';

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
  /** How cabinets answer commands (default: 100–400 ms, no failures). */
  commands?: CommandBehaviour;
  /** Share of a cabinet's swaps failing with each code (default: none). */
  swapFailures?: SwapFailureRates;
  /** How cabinets update their firmware (default: 2–8 s download, 5–15 s install, no failures). */
  firmware?: FirmwareBehaviour;
}

/**
 * Sends small packets at once: without it an acknowledgement followed by an answer waits for the
 * peer's delayed ACK (about 40 ms per command step on Linux).
 */
function noDelay(client: MqttClient): void {
  const socket = client.stream as { setNoDelay?: (on: boolean) => void };
  socket.setNoDelay?.(true);
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
    noDelay(this.client);
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
  private restartTimer: NodeJS.Timeout | undefined;
  /** Answers the cabinet's /cmd topic; tests inject failures through it. */
  readonly commands: CommandResponder;
  /** Decides which swaps fail and how; tests queue failures with failNextSwap. */
  readonly swapFaults: SwapFaults;
  /** Downloads, checks and installs firmware; tests queue failures with firmware.failNext. */
  readonly firmware: FirmwareUpdater;
  /** Conditions held on the cabinet (conditions.ts), with the compartment of a door left open. */
  readonly held = new Map<SimulatedCondition, number | undefined>();
  /** Told when a command changed a slot battery's switches (the fleet makes that battery report). */
  onBatteryChanged: (battery: BatteryModel) => void = () => undefined;

  constructor(
    number: string,
    readonly slots: SlotModel[],
    options: DeviceOptions,
  ) {
    super(number, options);
    this.commands = new CommandResponder(
      {
        number,
        slots,
        publishResult: (result) => this.publish(cabinetTopic(number, 'cmd-result'), result),
        publishState: () => this.publishState(true),
        restart: (ms) => this.restart(ms),
        batteryChanged: (battery) => this.onBatteryChanged(battery),
        updateFirmware: (commandId, image) => void this.firmware.update(commandId, image).catch(() => undefined),
      },
      options.commands ?? DEFAULT_COMMAND_BEHAVIOUR,
      options.random,
    );
    this.firmware = new FirmwareUpdater(
      {
        publishStatus: (report) => this.publish(cabinetTopic(number, 'fw-status'), report),
        installed: () => this.publishState(true),
      },
      options.firmware ?? DEFAULT_FIRMWARE_BEHAVIOUR,
      options.random,
      INITIAL_FIRMWARE_VERSION,
    );
    this.swapFaults = new SwapFaults(options.swapFailures ?? {}, options.random);
  }

  /** The next swap fails with this code (tests); several calls queue several failures. */
  failNextSwap(code: SwapFailureCode): void {
    this.swapFaults.failNext(code);
  }

  async start(): Promise<void> {
    await this.open({
      will: { topic: cabinetTopic(this.number, 'state'), payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    });
    this.client!.on('message', (_topic, payload) => void this.commands.receive(payload).catch(() => undefined));
    await this.client!.subscribeAsync(cabinetTopic(this.number, 'cmd'), { qos: 1 });
    await this.publishState(true);
  }

  /** Publishes the retained state when a slot changed (or always when forced). */
  async publishState(force = false): Promise<void> {
    const signature = JSON.stringify(this.slots.map(slotReport));
    if (!force && signature === this.lastState) return;
    this.lastState = signature;
    await this.publish(cabinetTopic(this.number, 'state'), cabinetStateReport(this.slots, new Date(), this.firmware.version), true);
  }

  /** One heartbeat: charge, then telemetry and (if changed) state. */
  async tick(): Promise<void> {
    for (const slot of this.slots)
      if (slot.battery && slot.controls?.chargerSwitch !== 'OFF' && slot.battery.chargeSwitch !== 'FORBIDDEN')
        chargeStep(slot.battery, this.options.random);
    this.meterKwh += 0.05;
    await this.publish(
      cabinetTopic(this.number, 'telemetry'),
      cabinetTelemetryReport(this.slots, new Date(), this.options.random, this.meterKwh, {
        overheat: this.held.has('overheat'),
        smoke: this.held.has('smoke'),
        water: this.held.has('water'),
        lowSignal: this.held.has('lowSignal'),
      }),
    );
    await this.publishState();
  }

  /** A remote restart: offline (said so), back after a while with its retained state. */
  async restart(ms: number): Promise<void> {
    await this.goOffline();
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      void this.start().catch(() => undefined);
    }, ms);
  }

  /** Says goodbye first: a clean stop drops the last will, so the cabinet reports itself offline. */
  override async close(): Promise<void> {
    clearTimeout(this.restartTimer);
    this.commands.stop();
    await this.goOffline();
  }

  private async goOffline(): Promise<void> {
    if (this.client?.connected)
      await this.client.publishAsync(cabinetTopic(this.number, 'state'), JSON.stringify({ online: false, ts: new Date().toISOString() }), {
        qos: 1,
        retain: true,
      });
    await super.close();
  }

  /** Publishes on one of its own uplink channels (swap events, authorization requests). */
  async report(channel: 'event' | 'authorize', payload: object): Promise<void> {
    await this.publish(cabinetTopic(this.number, channel), payload);
  }

  /**
   * Waits for the first message on one of its downlink channels that `match` accepts (undefined
   * after the timeout). Subscribes first, so call it before sending what it answers.
   */
  async awaitDownlink<T>(
    channel: 'authorize-result',
    match: (payload: unknown) => T | undefined,
    timeoutMs: number,
  ): Promise<() => Promise<T | undefined>> {
    const client = this.client;
    if (!client?.connected) return () => Promise.resolve(undefined);
    const topic = cabinetTopic(this.number, channel);
    await client.subscribeAsync(topic, { qos: 1 });
    let settle: (value: T | undefined) => void = () => undefined;
    const answer = new Promise<T | undefined>((resolve) => (settle = resolve));
    const onMessage = (received: string, raw: Buffer) => {
      if (received !== topic) return;
      let found: T | undefined;
      try {
        found = match(JSON.parse(raw.toString('utf8')));
      } catch {
        return;
      }
      if (found !== undefined) settle(found);
    };
    client.on('message', onMessage);
    const timer = setTimeout(() => settle(undefined), timeoutMs);
    return async () => {
      const value = await answer;
      clearTimeout(timer);
      client.off('message', onMessage);
      return value;
    };
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
