import { z } from 'zod';
import { DEVICE_NUMBER_PATTERN } from '../domains/stock.js';

/**
 * Conditions the simulator raises on request and clears again (docs/device-protocol.md,
 * "Simulator"): a battery or cabinet overheats, smoke or water in a cabinet, a weak signal, a
 * compartment door left open, a device gone offline, a battery's charge low, a cabinet whose swaps
 * keep failing, a cabinet whose commands fail.
 */
export const SIMULATED_CONDITIONS = [
  'overheat',
  'smoke',
  'water',
  'lowSignal',
  'doorOpen',
  'offline',
  'lowCharge',
  'failingSwaps',
  'failingCommands',
] as const;
export type SimulatedCondition = (typeof SIMULATED_CONDITIONS)[number];

/** One condition held on one device (`compartment`: the door left open, 1 when absent). */
export const heldCondition = z.object({
  device: z.string().regex(DEVICE_NUMBER_PATTERN),
  condition: z.enum(SIMULATED_CONDITIONS),
  compartment: z.number().int().min(1).max(64).optional(),
});
export type HeldCondition = z.infer<typeof heldCondition>;

/**
 * The demo fleet file the server writes at seed time (data/demo-fleet.json) for the simulator:
 * device numbers and where each battery sits. No secrets: both sides derive them from
 * DEVICE_DEMO_SECRET (docs/device-protocol.md).
 */
/**
 * Default master secret of the demo devices (public on purpose, like the demo password): for a
 * local trial only; set DEVICE_DEMO_SECRET for the server and the simulator on any shared host.
 */
export const DEFAULT_DEVICE_DEMO_SECRET = 'swap-demo-devices';

export const demoFleet = z.object({
  cabinets: z.array(
    z.object({
      number: z.string().regex(DEVICE_NUMBER_PATTERN),
      compartments: z.array(
        z.object({ index: z.number().int().min(1).max(64), batteryNumber: z.string().regex(DEVICE_NUMBER_PATTERN).nullable() }),
      ),
    }),
  ),
  /** Vehicle numbers with a tracker to simulate (VJK…: Jakarta, VBK…: Bangkok). */
  vehicles: z.array(z.string().regex(DEVICE_NUMBER_PATTERN)).optional(),
  /** Conditions the simulator holds from its start (the demo's open alarms stay true). */
  conditions: z.array(heldCondition).optional(),
});
export type DemoFleet = z.infer<typeof demoFleet>;
