import type { DemoFleet } from '@swap/contracts';
import { ConditionError, Conditions, raiseNowAndThen, type RandomAlarmOptions } from './conditions.js';
import { startControl, type ControlServer } from './control.js';
import { VirtualBattery, VirtualCabinet, type Faults } from './devices.js';
import { newBattery, seededRandom, PRESET } from './model.js';
import { demoDeviceSecret } from './secret.js';
import { DEFAULT_COMMAND_BEHAVIOUR, type CommandBehaviour } from './commands.js';
import { DEFAULT_FIRMWARE_BEHAVIOUR, type FirmwareBehaviour } from './firmware.js';
import { scheduleSwaps, takeRiders } from './swaps.js';
import type { SwapFailureRates } from './swap-faults.js';
import { newVehicle, pickVehicles, VirtualVehicle } from './vehicles.js';

export interface FleetOptions {
  url: string;
  /** Master secret the device secrets derive from (DEVICE_DEMO_SECRET). */
  masterSecret: string;
  /** Secrets the back-office issued, by device number: such a device signs in with its own instead of a derived one. */
  secrets?: Readonly<Record<string, string>>;
  fleet: DemoFleet;
  /** How many cabinets of the fleet to run (the first ones). */
  cabinets: number;
  /** Telemetry interval, ms. */
  intervalMs: number;
  /** How many of the fleet's vehicles to run (both cities by turns); none when absent. */
  vehicles?: number;
  /** Also run each slot battery as its own device. */
  batteries: boolean;
  faults: Faults & {
    /** Chance per cabinet per tick of a power cut (last will), back after offlineMs. */
    offlineRate: number;
    offlineMs: number;
  };
  /** How cabinets answer commands; unset fields keep the defaults (100–400 ms, no failures). */
  commands?: Partial<CommandBehaviour>;
  /** How cabinets update firmware; unset fields keep the defaults (2–8 s download, 5–15 s install, no failures). */
  firmware?: Partial<FirmwareBehaviour>;
  seed?: number;
  log?: (line: string) => void;
  /** Swaps per cabinet per hour (0 or absent: none). */
  swapRatePerHour?: number;
  /** Share of swaps failing with each device failure code (absent: none). */
  swapFailures?: SwapFailureRates;
  /** Serve the control API on this loopback port (0: a free one); none when absent. */
  controlPort?: number;
  /** Raise a condition now and then by itself, and clear it later (the demo fleet). */
  randomAlarms?: RandomAlarmOptions;
}

export interface RunningFleet {
  cabinets: VirtualCabinet[];
  batteries: VirtualBattery[];
  vehicles: VirtualVehicle[];
  /** Raises and clears conditions on the running devices (the control API's, and tests'). */
  conditions: Conditions;
  /** The control API, when asked for. */
  control?: ControlServer;
  /** One heartbeat of every device now (tests drive time themselves). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/** Connects the fleet and, with an interval, reports on its own until stopped. */
export async function startFleet(options: FleetOptions): Promise<RunningFleet> {
  const random = seededRandom(options.seed ?? 1);
  const log = options.log ?? (() => undefined);
  const device = (number: string) => ({
    url: options.url,
    secret: options.secrets?.[number] ?? demoDeviceSecret(options.masterSecret, number),
    random,
    faults: options.faults,
    commands: { ...DEFAULT_COMMAND_BEHAVIOUR, ...options.commands },
    firmware: { ...DEFAULT_FIRMWARE_BEHAVIOUR, ...options.firmware },
    swapFailures: options.swapFailures,
  });
  const cabinets: VirtualCabinet[] = [];
  const batteries: VirtualBattery[] = [];
  for (const entry of options.fleet.cabinets.slice(0, options.cabinets)) {
    const slots = entry.compartments.map(({ index, batteryNumber }) => ({
      index,
      // Slot batteries sit where their cabinet stands: Bangkok for CBK… cabinets, Jakarta otherwise.
      battery: batteryNumber
        ? newBattery(batteryNumber, random, entry.number.startsWith('CBK') ? { lat: 13.75, lng: 100.54 } : { lat: -6.2, lng: 106.82 })
        : null,
    }));
    cabinets.push(new VirtualCabinet(entry.number, slots, device(entry.number)));
    if (options.batteries)
      for (const slot of slots) if (slot.battery) batteries.push(new VirtualBattery(slot.battery, device(slot.battery.number)));
  }
  const batteryDevices = new Map(batteries.map((b) => [b.number, b]));
  for (const cabinet of cabinets)
    cabinet.onBatteryChanged = (model) =>
      void batteryDevices
        .get(model.number)
        ?.report(model.soc < PRESET)
        .catch(() => undefined);
  const swapRate = options.swapRatePerHour ?? 0;
  const riders = swapRate > 0 ? takeRiders(cabinets) : [];
  const vehicles = pickVehicles(options.fleet.vehicles ?? [], options.vehicles ?? 0).map(
    (number, i) => new VirtualVehicle(newVehicle(number, i, random), device(number)),
  );
  await Promise.all([...cabinets, ...batteries, ...vehicles].map((d) => d.start()));
  const stopSwaps = swapRate > 0 ? scheduleSwaps(cabinets, { ratePerHour: swapRate, random, riders, log }) : undefined;
  log(`fleet up: ${cabinets.length} cabinets, ${batteries.length} batteries, ${vehicles.length} vehicles`);
  const conditions = new Conditions(cabinets, batteries, random, log);
  // What the fleet file asks to hold from the start (the demo's open alarms stay true).
  for (const held of options.fleet.conditions ?? [])
    await conditions.raise(held).catch((error: unknown) => {
      if (!(error instanceof ConditionError)) throw error;
    });
  const stopAlarms = options.randomAlarms ? raiseNowAndThen(conditions, cabinets, options.randomAlarms, random, log) : undefined;
  let control: ControlServer | undefined;
  if (options.controlPort !== undefined)
    try {
      control = await startControl(conditions, options.controlPort);
      log(`control: http://127.0.0.1:${control.port}/conditions`);
    } catch (error) {
      log(`control not started: ${String(error)}`);
    }

  const cutUntil = new Map<VirtualCabinet, number>();
  const tick = async () => {
    const now = Date.now();
    await Promise.all(
      cabinets.map(async (cabinet) => {
        if (cabinet.held.has('offline')) return;
        const back = cutUntil.get(cabinet);
        if (back !== undefined) {
          if (now < back) return;
          cutUntil.delete(cabinet);
          await cabinet.start().catch((error: unknown) => log(`${cabinet.number} reconnect failed: ${String(error)}`));
          log(`${cabinet.number} back online`);
          return;
        }
        if (random() < options.faults.offlineRate) {
          cutUntil.set(cabinet, now + options.faults.offlineMs);
          await cabinet.cutLink();
          log(`${cabinet.number} offline (power cut) for ${options.faults.offlineMs} ms`);
          return;
        }
        await cabinet.tick();
      }),
    );
    await Promise.all(batteries.map((b) => b.report(b.model.soc < PRESET)));
    await Promise.all(vehicles.map((v) => v.tick((options.intervalMs || 5000) / 1000)));
  };

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  if (options.intervalMs > 0)
    timer = setInterval(() => {
      running = running.then(tick).catch((error: unknown) => log(`tick failed: ${String(error)}`));
    }, options.intervalMs);

  return {
    cabinets,
    batteries,
    vehicles,
    conditions,
    ...(control ? { control } : {}),
    tick,
    stop: async () => {
      clearInterval(timer);
      stopAlarms?.();
      await control?.close();
      await conditions.stop();
      await stopSwaps?.();
      await running;
      await Promise.all([...cabinets, ...batteries, ...vehicles].map((d) => d.close()));
    },
  };
}
