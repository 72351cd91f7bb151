import type { DemoFleet } from '@swap/contracts';
import type { CommandBehaviour } from './commands.js';
import type { FirmwareBehaviour } from './firmware.js';
import { startFleet, type RunningFleet } from './fleet.js';

/** A device registered in the back-office with the secret it issued (its MQTT password). */
export interface IssuedDevice {
  number: string;
  secret: string;
}

export interface OwnDevicesOptions {
  /** The broker: a loopback address only (127.0.0.1, ::1, localhost). */
  url: string;
  /** Cabinets with their compartments (the battery each holds, or none). */
  cabinets: (IssuedDevice & { compartments: DemoFleet['cabinets'][number]['compartments'] })[];
  /** The slot batteries, each with its issued secret, when they run as devices of their own too (all of them, or none). */
  batteries?: IssuedDevice[];
  /** How the cabinets answer commands; unset fields keep the defaults. */
  commands?: Partial<CommandBehaviour>;
  /** How the cabinets update firmware; unset fields keep the defaults. */
  firmware?: Partial<FirmwareBehaviour>;
  /** The devices go offline by themselves this long after starting, stopped or not (default 5 minutes). */
  lifetimeMs?: number;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Test devices reach a broker on this machine only. */
export function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!LOOPBACK.has(host)) throw new Error(`simulated test devices connect to a loopback broker only, not ${host}`);
}

/**
 * Runs devices a test registered and issued secrets for, and nothing else: each signs in with its
 * own secret, reports only when the test ticks it (no faults, no swaps of its own), and the run
 * ends by itself after `lifetimeMs`, so a test that fails before stopping it leaves nothing behind.
 * Refuses a broker that is not on this machine.
 */
export async function startOwnDevices(options: OwnDevicesOptions): Promise<RunningFleet> {
  assertLoopback(options.url);
  const batteries = options.batteries ?? [];
  if (batteries.length > 0) {
    const issued = new Set(batteries.map((battery) => battery.number));
    for (const cabinet of options.cabinets)
      for (const { batteryNumber } of cabinet.compartments)
        if (batteryNumber && !issued.has(batteryNumber))
          throw new Error(`battery ${batteryNumber} runs as a device but has no issued secret`);
  }
  const fleet = await startFleet({
    url: options.url,
    masterSecret: '',
    secrets: Object.fromEntries([...options.cabinets, ...batteries].map((device) => [device.number, device.secret])),
    fleet: { cabinets: options.cabinets.map(({ number, compartments }) => ({ number, compartments })) },
    cabinets: options.cabinets.length,
    intervalMs: 0,
    batteries: batteries.length > 0,
    faults: { dropRate: 0, offlineRate: 0, offlineMs: 0 },
    ...(options.commands ? { commands: options.commands } : {}),
    ...(options.firmware ? { firmware: options.firmware } : {}),
  });
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= fleet.stop());
  const timer = setTimeout(() => void stop(), options.lifetimeMs ?? 300_000);
  timer.unref();
  return {
    ...fleet,
    stop: async () => {
      clearTimeout(timer);
      await stop();
    },
  };
}
