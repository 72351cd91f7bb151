import { inject } from 'vitest';
import { startOwnDevices, type OwnDevicesOptions, type RunningFleet } from '@swap/simulator';
import type { CabinetDevice } from './factories.js';

/**
 * Runs a cabinet a spec made (createCabinetDevice) as a simulated device on the e2e server's broker,
 * signed in with the secret the back-office issued it: no faults, no telemetry until the spec ticks
 * it, and offline by itself after ten minutes should the spec never stop it (a spec file takes less).
 */
export function startCabinetDevice(cabinet: CabinetDevice, options: Pick<OwnDevicesOptions, 'commands'> = {}): Promise<RunningFleet> {
  return startOwnDevices({ url: inject('mqttUrl'), cabinets: [cabinet], lifetimeMs: 600_000, ...options });
}
