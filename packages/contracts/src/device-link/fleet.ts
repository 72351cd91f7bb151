import { z } from 'zod';
import { DEVICE_NUMBER_PATTERN } from '../domains/stock.js';

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
});
export type DemoFleet = z.infer<typeof demoFleet>;
