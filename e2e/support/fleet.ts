import { inject } from 'vitest';
import { DEFAULT_DEVICE_DEMO_SECRET } from '@swap/contracts';
import { startFleet, type FleetOptions, type RunningFleet } from '@swap/simulator';

/**
 * Runs demo cabinets the server wrote (demoFleetOfServer) as simulated devices on the e2e broker,
 * with the demo's device secrets, no faults, and no telemetry until a spec ticks them.
 */
export function startDemoCabinets(
  cabinets: FleetOptions['fleet']['cabinets'],
  options: Pick<Partial<FleetOptions>, 'commands'> = {},
): Promise<RunningFleet> {
  return startFleet({
    url: inject('mqttUrl'),
    masterSecret: process.env.DEVICE_DEMO_SECRET || DEFAULT_DEVICE_DEMO_SECRET,
    fleet: { cabinets },
    cabinets: cabinets.length,
    intervalMs: 0,
    batteries: false,
    faults: { dropRate: 0, offlineRate: 0, offlineMs: 0 },
    ...options,
  });
}
