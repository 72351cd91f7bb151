import {
  DEVICE_FAILURE_CODES,
  deviceCommand,
  type CommandResult,
  type DeviceCommand,
  type DeviceFailureCode,
  type FirmwareImage,
  type SWITCH_PERMISSIONS,
} from '@swap/contracts';
import type { BatteryModel, SlotModel } from './model.js';

type SwitchPermission = (typeof SWITCH_PERMISSIONS)[number];

/** How a simulated cabinet answers commands: realistic delays, fault rates, how long a door stays open. */
export interface CommandBehaviour {
  /** Each answer (ACCEPTED, then the outcome) comes after a delay drawn from this range, ms; 0–0 answers at once. */
  delayMs: [number, number];
  /** Chance per command of failing with each code, 0–1 (checked in order). */
  failureRates: Partial<Record<DeviceFailureCode, number>>;
  /** An opened door is closed (locked) again after this long, ms. */
  doorOpenMs: number;
  /** A restarting cabinet is away this long, ms. */
  restartMs: number;
}

export const DEFAULT_COMMAND_BEHAVIOUR: CommandBehaviour = {
  delayMs: [100, 400],
  failureRates: {},
  doorOpenMs: 20_000,
  restartMs: 3000,
};

/** What the responder needs from its cabinet. */
export interface CommandTarget {
  readonly number: string;
  readonly slots: SlotModel[];
  publishResult(result: CommandResult): Promise<void>;
  /** Republishes the retained state after a compartment changed. */
  publishState(): Promise<void>;
  /** Goes offline for a while and comes back. */
  restart(ms: number): Promise<void>;
  /** A battery's switches changed: its BMS reports at once. */
  batteryChanged(battery: BatteryModel): void;
  /** Downloads, checks and installs an image, reporting on /fw-status (after the command's SUCCEEDED). */
  updateFirmware(commandId: string, image: FirmwareImage): void;
}

/** Most command ids remembered for the repeated-id rule. */
const SEEN_LIMIT = 1000;

const BATTERY_COMMANDS = new Set([
  'BATTERY_LOCK',
  'BATTERY_UNLOCK',
  'CHARGE_ALLOW',
  'CHARGE_FORBID',
  'DISCHARGE_ALLOW',
  'DISCHARGE_FORBID',
]);

/**
 * A cabinet's side of the command rules (docs/device-protocol.md): validate, refuse expired or
 * unknown targets, ignore a repeated id (answering its earlier outcome again), ACCEPTED then
 * SUCCEEDED or FAILED, and apply the effect to the model before reporting success.
 */
export class CommandResponder {
  /** Outcome of each command id seen (undefined while it runs). */
  private readonly seen = new Map<string, CommandResult | undefined>();
  private readonly queuedFailures: DeviceFailureCode[] = [];
  private readonly doorTimers = new Map<number, NodeJS.Timeout>();
  /** Commands carried out (a repeated id is not carried out again). */
  executed = 0;
  /** A silent cabinet hears commands and never answers (tests of the timeout). */
  silent = false;
  /** While set, every command (firmware updates aside) is accepted and then fails with this code (a held failingCommands). */
  failing: DeviceFailureCode | undefined;

  constructor(
    private readonly target: CommandTarget,
    readonly behaviour: CommandBehaviour,
    private readonly random: () => number,
  ) {}

  /** The next command fails with this code (tests); several calls queue several failures. */
  failNext(code: DeviceFailureCode): void {
    this.queuedFailures.push(code);
  }

  /** Forgets pending door closings (the cabinet stops). */
  stop(): void {
    for (const timer of this.doorTimers.values()) clearTimeout(timer);
    this.doorTimers.clear();
  }

  /** One message on the cabinet's /cmd topic. */
  async receive(raw: Buffer | string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(raw.toString());
    } catch {
      return;
    }
    const parsed = deviceCommand.safeParse(json);
    if (!parsed.success) return;
    const command = parsed.data;
    if (this.seen.has(command.id)) {
      const earlier = this.seen.get(command.id);
      if (earlier && !this.silent) await this.target.publishResult(earlier);
      return;
    }
    this.remember(command.id, undefined);
    if (this.silent) return;
    if (Date.parse(command.expiresAt) <= Date.now()) {
      await this.finish(command.id, { status: 'REJECTED', detail: 'command expired' });
      return;
    }
    const slot = 'compartment' in command ? this.target.slots.find((s) => s.index === command.compartment) : undefined;
    if ('compartment' in command && !slot) {
      await this.finish(command.id, { status: 'REJECTED', detail: 'no such compartment' });
      return;
    }
    if (command.name === 'FIRMWARE_UPDATE') {
      // The cabinet takes the update: the command succeeds, the update's progress follows on /fw-status.
      await this.pause();
      await this.answer(command.id, { status: 'ACCEPTED' });
      this.executed += 1;
      await this.finish(command.id, { status: 'SUCCEEDED' });
      this.target.updateFirmware(command.id, command.firmware);
      return;
    }
    await this.pause();
    await this.answer(command.id, { status: 'ACCEPTED' });
    await this.pause();
    const failure = this.failure(command, slot);
    if (failure) {
      await this.finish(command.id, { status: 'FAILED', failureCode: failure });
      return;
    }
    this.executed += 1;
    if (command.name === 'RESTART') {
      await this.finish(command.id, { status: 'SUCCEEDED' });
      await this.target.restart(this.behaviour.restartMs);
      return;
    }
    this.apply(command, slot!);
    await this.target.publishState();
    await this.finish(command.id, { status: 'SUCCEEDED' });
  }

  private remember(id: string, result: CommandResult | undefined): void {
    this.seen.set(id, result);
    if (this.seen.size > SEEN_LIMIT) this.seen.delete(this.seen.keys().next().value!);
  }

  private async answer(id: string, result: Omit<CommandResult, 'id' | 'ts'>): Promise<CommandResult> {
    const full: CommandResult = { id, ts: new Date().toISOString(), ...result };
    await this.target.publishResult(full);
    return full;
  }

  /** The outcome is the device's once decided: a repeated id answers it even before the broker acknowledged it. */
  private async finish(id: string, result: Omit<CommandResult, 'id' | 'ts'>): Promise<void> {
    const full: CommandResult = { id, ts: new Date().toISOString(), ...result };
    this.remember(id, full);
    await this.target.publishResult(full);
  }

  private pause(): Promise<void> {
    const [min, max] = this.behaviour.delayMs;
    if (max <= 0) return Promise.resolve();
    return new Promise((resolve) => setTimeout(resolve, min + this.random() * (max - min)));
  }

  private failure(command: DeviceCommand, slot: SlotModel | undefined): DeviceFailureCode | undefined {
    const queued = this.queuedFailures.shift();
    if (queued) return queued;
    if (this.failing) return this.failing;
    for (const code of DEVICE_FAILURE_CODES) {
      const rate = this.behaviour.failureRates[code] ?? 0;
      if (rate > 0 && this.random() < rate) return code;
    }
    // Nothing to lock or switch in an empty compartment.
    if (BATTERY_COMMANDS.has(command.name) && !slot?.battery) return 'BATTERY_FAULT_OR_MISSING';
    return undefined;
  }

  private apply(command: DeviceCommand, slot: SlotModel): void {
    const controls = (slot.controls ??= {});
    const setSwitch = (field: 'chargeSwitch' | 'dischargeSwitch', value: SwitchPermission) => {
      slot.battery![field] = value;
      this.target.batteryChanged(slot.battery!);
    };
    switch (command.name) {
      case 'OPEN_DOOR': {
        controls.doorLock = 'UNLOCKED';
        clearTimeout(this.doorTimers.get(slot.index));
        const timer = setTimeout(() => {
          this.doorTimers.delete(slot.index);
          controls.doorLock = 'LOCKED';
          void this.target.publishState().catch(() => undefined);
        }, this.behaviour.doorOpenMs);
        timer.unref();
        this.doorTimers.set(slot.index, timer);
        return;
      }
      case 'BATTERY_LOCK':
        controls.batteryLock = 'LOCKED';
        return;
      case 'BATTERY_UNLOCK':
        controls.batteryLock = 'UNLOCKED';
        return;
      case 'CHARGER_ON':
        controls.chargerSwitch = 'ON';
        return;
      case 'CHARGER_OFF':
        controls.chargerSwitch = 'OFF';
        return;
      case 'COMPARTMENT_ENABLE':
        controls.enabled = true;
        return;
      case 'COMPARTMENT_DISABLE':
        controls.enabled = false;
        return;
      case 'CHARGE_ALLOW':
        return setSwitch('chargeSwitch', 'ALLOWED');
      case 'CHARGE_FORBID':
        return setSwitch('chargeSwitch', 'FORBIDDEN');
      case 'DISCHARGE_ALLOW':
        return setSwitch('dischargeSwitch', 'ALLOWED');
      case 'DISCHARGE_FORBID':
        return setSwitch('dischargeSwitch', 'FORBIDDEN');
    }
  }
}

/** Parses `CODE=rate,CODE=rate` (the simulator's --command-failures). */
export function parseFailureRates(text: string): Partial<Record<DeviceFailureCode, number>> {
  const rates: Partial<Record<DeviceFailureCode, number>> = {};
  for (const part of text.split(',').filter(Boolean)) {
    const [code, raw] = part.split('=');
    const rate = Number(raw);
    if (!code || !(DEVICE_FAILURE_CODES as readonly string[]).includes(code) || !Number.isFinite(rate) || rate < 0 || rate > 1)
      throw new Error(`--command-failures: ${part} is not CODE=rate (rate 0-1; codes: ${DEVICE_FAILURE_CODES.join(', ')})`);
    rates[code as DeviceFailureCode] = rate;
  }
  return rates;
}
