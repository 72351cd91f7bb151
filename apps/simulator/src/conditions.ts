import type { DeviceFailureCode, HeldCondition, SimulatedCondition } from '@swap/contracts';
import type { VirtualBattery, VirtualCabinet } from './devices.js';
import { holdBattery, PRESET, type BatteryModel } from './model.js';
import { performSwap } from './swaps.js';

/** What each device kind can be made to hold. */
export const CABINET_CONDITIONS: readonly SimulatedCondition[] = [
  'overheat',
  'smoke',
  'water',
  'lowSignal',
  'doorOpen',
  'offline',
  'failingSwaps',
  'failingCommands',
];

/**
 * A cabinet holding failingSwaps fails this many swaps as soon as it holds it, then one every
 * FAILING_SWAP_EVERY_MS: enough for the demo's failed-swaps rules (3 in 30 minutes, Demo Agent's 2 in
 * 15) to keep holding, few enough to leave the day's swap figures readable.
 */
export const FAILING_SWAP_BURST = 3;
export const FAILING_SWAP_EVERY_MS = 4 * 60_000;
/** What each command to a cabinet holding failingCommands fails with: the cabinet cannot read its own status. */
export const FAILING_COMMAND_CODE: DeviceFailureCode = 'QUERY_STATUS_FAILURE';
/** The rider of a failing swap: a demo customer (docs/customers.md, "Demo data"). */
const FAILING_SWAP_CUSTOMER = 'C20000';
export const BATTERY_CONDITIONS: readonly SimulatedCondition[] = ['overheat', 'lowCharge', 'lowSignal', 'offline'];

/** A request the fleet cannot follow: an unknown device (404) or a condition it cannot hold (400). */
export class ConditionError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404,
  ) {
    super(message);
  }
}

/** A held battery cools down to this when its overheating ends. */
const COOLED_DOWN = 40;

/**
 * Conditions raised on request and held until cleared (docs/device-protocol.md, "Simulator"): the
 * device reports them at once and in every report after, as a real one would while the fault lasts.
 * A cabinet holds overheat (its own temperature), smoke, water, a weak signal, a compartment door
 * left open, offline (its link cut, the last will published, back when cleared) and failing swaps
 * (riders come and each swap fails at the return step: the cabinet detects no pack, nothing moves;
 * FAILING_SWAP_BURST at once, then one every `failingSwapEveryMs`) and failing commands (each
 * command it is sent fails, FAILING_COMMAND_CODE); a battery holds overheat, a low charge, a weak
 * signal and offline.
 */
export class Conditions {
  private readonly offlineBatteries = new Set<VirtualBattery>();
  private readonly failing = new Map<VirtualCabinet, NodeJS.Timeout>();
  private readonly swapsRunning = new Set<Promise<void>>();

  constructor(
    private readonly cabinets: readonly VirtualCabinet[],
    private readonly batteries: readonly VirtualBattery[],
    private readonly random: () => number,
    private readonly log: (line: string) => void = () => undefined,
    private readonly failingSwapEveryMs = FAILING_SWAP_EVERY_MS,
  ) {}

  /** Fails `count` swaps at the cabinet one after the other while it holds failingSwaps and is online. */
  private failSwaps(cabinet: VirtualCabinet, count: number): Promise<void> {
    const run = (async () => {
      for (let i = 0; i < count && cabinet.held.has('failingSwaps') && cabinet.connected; i++) {
        const outcome = await performSwap(cabinet, { customer: FAILING_SWAP_CUSTOMER, failWith: 'BATTERY_DETECT_FAILURE' });
        this.log(`${cabinet.number} swap ${outcome.result === 'FAILED' ? `failed: ${outcome.failureCode}` : outcome.result.toLowerCase()}`);
      }
    })().catch((error: unknown) => this.log(`${cabinet.number} failing swap not run: ${String(error)}`));
    this.swapsRunning.add(run);
    void run.finally(() => this.swapsRunning.delete(run));
    return run;
  }

  /** Stops the failing swaps and waits for those running (the fleet stopping). */
  async stop(): Promise<void> {
    for (const timer of this.failing.values()) clearInterval(timer);
    this.failing.clear();
    await Promise.all(this.swapsRunning);
  }

  private cabinet(number: string): VirtualCabinet | undefined {
    return this.cabinets.find((cabinet) => cabinet.number === number);
  }

  /** A slot battery of a running cabinet, and its device when it runs as one. */
  private battery(number: string): { model: BatteryModel; cabinet: VirtualCabinet; device?: VirtualBattery } | undefined {
    for (const cabinet of this.cabinets)
      for (const slot of cabinet.slots)
        if (slot.battery?.number === number)
          return { model: slot.battery, cabinet, device: this.batteries.find((battery) => battery.number === number) };
    return undefined;
  }

  async raise(request: HeldCondition): Promise<void> {
    const { device: number, condition } = request;
    const cabinet = this.cabinet(number);
    if (cabinet) {
      if (!CABINET_CONDITIONS.includes(condition)) throw new ConditionError(`a cabinet cannot hold ${condition}`, 400);
      if (condition === 'doorOpen') {
        const index = request.compartment ?? 1;
        const slot = cabinet.slots.find((s) => s.index === index);
        if (!slot) throw new ConditionError(`${number} has no compartment ${index}`, 400);
        const previous = cabinet.held.get('doorOpen');
        if (previous !== undefined && previous !== index) this.lockDoor(cabinet, previous);
        slot.controls = { ...slot.controls, doorLock: 'UNLOCKED' };
        cabinet.held.set('doorOpen', index);
        await cabinet.publishState(true);
      } else if (condition === 'offline') {
        cabinet.held.set('offline', undefined);
        await cabinet.cutLink();
      } else if (condition === 'failingCommands') {
        cabinet.held.set('failingCommands', undefined);
        cabinet.commands.failing = FAILING_COMMAND_CODE;
      } else if (condition === 'failingSwaps') {
        if (!cabinet.held.has('failingSwaps')) {
          cabinet.held.set('failingSwaps', undefined);
          const timer = setInterval(() => void this.failSwaps(cabinet, 1), this.failingSwapEveryMs);
          timer.unref();
          this.failing.set(cabinet, timer);
          await this.failSwaps(cabinet, FAILING_SWAP_BURST);
        }
      } else {
        cabinet.held.set(condition, undefined);
        if (cabinet.connected) await cabinet.tick();
      }
      this.log(`${number} holds ${condition}`);
      return;
    }
    const battery = this.battery(number);
    if (!battery) throw new ConditionError(`no running cabinet or battery ${number}`, 404);
    if (!BATTERY_CONDITIONS.includes(condition)) throw new ConditionError(`a battery cannot hold ${condition}`, 400);
    if (condition === 'offline') {
      if (!battery.device) throw new ConditionError(`${number} does not run as a device of its own`, 400);
      this.offlineBatteries.add(battery.device);
      await battery.device.cutLink();
    } else {
      battery.model.held = new Set([...(battery.model.held ?? []), condition as 'overheat' | 'lowCharge' | 'lowSignal']);
      holdBattery(battery.model, this.random);
      await battery.device?.report(battery.model.soc < PRESET);
    }
    this.log(`${number} holds ${condition}`);
  }

  /** Ends a held condition; false when the device did not hold it. */
  async clear(number: string, condition: SimulatedCondition): Promise<boolean> {
    const cabinet = this.cabinet(number);
    if (cabinet) {
      if (!cabinet.held.has(condition)) return false;
      const compartment = cabinet.held.get(condition);
      cabinet.held.delete(condition);
      if (condition === 'doorOpen') {
        this.lockDoor(cabinet, compartment ?? 1);
        await cabinet.publishState(true);
      } else if (condition === 'offline') {
        await cabinet.start();
      } else if (condition === 'failingCommands') {
        cabinet.commands.failing = undefined;
      } else if (condition === 'failingSwaps') {
        clearInterval(this.failing.get(cabinet));
        this.failing.delete(cabinet);
      } else if (cabinet.connected) await cabinet.tick();
      this.log(`${number} cleared ${condition}`);
      return true;
    }
    const battery = this.battery(number);
    if (!battery) throw new ConditionError(`no running cabinet or battery ${number}`, 404);
    if (condition === 'offline') {
      if (!battery.device || !this.offlineBatteries.delete(battery.device)) return false;
      await battery.device.start();
    } else {
      if (!battery.model.held?.delete(condition as 'overheat' | 'lowCharge' | 'lowSignal')) return false;
      if (condition === 'overheat') battery.model.temperature = COOLED_DOWN;
      await battery.device?.report(battery.model.soc < PRESET);
    }
    this.log(`${number} cleared ${condition}`);
    return true;
  }

  /** Every condition held now. */
  list(): HeldCondition[] {
    const out: HeldCondition[] = [];
    for (const cabinet of this.cabinets) {
      for (const [condition, compartment] of cabinet.held)
        out.push(compartment === undefined ? { device: cabinet.number, condition } : { device: cabinet.number, condition, compartment });
      for (const slot of cabinet.slots)
        for (const condition of slot.battery?.held ?? []) out.push({ device: slot.battery!.number, condition });
    }
    for (const battery of this.offlineBatteries) out.push({ device: battery.number, condition: 'offline' });
    return out;
  }

  private lockDoor(cabinet: VirtualCabinet, index: number): void {
    const slot = cabinet.slots.find((s) => s.index === index);
    if (slot) slot.controls = { ...slot.controls, doorLock: 'LOCKED' };
  }
}

export interface RandomAlarmOptions {
  /** About how often a new condition is raised, ms (each wait between a half and one and a half of it). */
  everyMs: number;
  /** How long each lasts, ms (a half to one and a half of it): longer than the demo rules' hold times. */
  lastMs: number;
  /** The first one comes after this long, ms (default: everyMs). */
  firstMs?: number;
}

/** Conditions the demo raises by itself: each a rule of the demo watches. */
const RANDOM_CABINET: readonly SimulatedCondition[] = ['smoke', 'water', 'overheat', 'lowSignal', 'doorOpen'];

/**
 * Now and then raises a condition on a cabinet (or one of its batteries overheats) that holds
 * nothing yet, and clears it after a while: a demo shows alarms opening and clearing by themselves.
 * Answers the function that stops raising (what is held stays).
 */
export function raiseNowAndThen(
  conditions: Conditions,
  cabinets: readonly VirtualCabinet[],
  options: RandomAlarmOptions,
  random: () => number,
  log: (line: string) => void,
): () => void {
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => Promise<void>) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void run().catch((error: unknown) => log(`condition failed: ${String(error)}`));
    }, ms);
    timers.add(timer);
  };
  const spread = (ms: number) => Math.round(ms * (0.5 + random()));
  const busy = new Set(conditions.list().map((held) => held.device));
  const next = async () => {
    const free = cabinets.filter((cabinet) => cabinet.connected && cabinet.held.size === 0 && !busy.has(cabinet.number));
    const cabinet = free[Math.floor(random() * free.length)];
    if (cabinet) {
      const pack = cabinet.slots.find((slot) => slot.battery && !slot.battery.held?.size)?.battery;
      const pick = Math.floor(random() * (RANDOM_CABINET.length + 1));
      const held: HeldCondition =
        pick < RANDOM_CABINET.length || !pack
          ? { device: cabinet.number, condition: RANDOM_CABINET[pick % RANDOM_CABINET.length]! }
          : { device: pack.number, condition: 'overheat' };
      if (held.condition === 'doorOpen') held.compartment = cabinet.slots[0]?.index ?? 1;
      await conditions.raise(held);
      busy.add(held.device);
      later(spread(options.lastMs), async () => {
        busy.delete(held.device);
        await conditions.clear(held.device, held.condition);
      });
    }
    later(spread(options.everyMs), next);
  };
  later(options.firstMs ?? spread(options.everyMs), next);
  return () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}
