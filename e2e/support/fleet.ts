import { inject } from 'vitest';
import { cabinetTopic, type SwapEvent } from '@swap/contracts';
import {
  batteryReadings,
  generateDrive,
  startOwnDevices,
  uploadBacklog,
  vehicleReadings,
  type DriveOptions,
  type OwnDevicesOptions,
  type RunningFleet,
} from '@swap/simulator';
import { createBatteries, createCabinetDevice, createTrackedDevice, type CabinetDevice, type TrackedDevice } from './factories.js';

/**
 * Runs a cabinet a spec made (createCabinetDevice) as a simulated device on the e2e server's broker,
 * signed in with the secret the back-office issued it: no faults, no telemetry until the spec ticks
 * it, and offline by itself after ten minutes should the spec never stop it (a spec file takes less).
 */
export function startCabinetDevice(cabinet: CabinetDevice, options: Pick<OwnDevicesOptions, 'commands'> = {}): Promise<RunningFleet> {
  return startOwnDevices({ url: inject('mqttUrl'), cabinets: [cabinet], lifetimeMs: 600_000, ...options });
}

/**
 * A vehicle or a pack (createTrackedDevice) with days of history: the simulator generates a drive
 * with trips and stops (generateDrive: by default six days, a reading every 10 minutes, and two
 * older readings 20 and 60 days back) and uploads it as the device's backlog on the e2e server's
 * broker, signed in with the device's own secret, in one go (docs/device-protocol.md, "Backlog").
 */
export async function createDeviceWithHistory(
  kind: 'vehicle' | 'battery',
  drive: DriveOptions,
): Promise<TrackedDevice & { readings: number }> {
  const device = await createTrackedDevice(kind);
  const points = generateDrive(drive);
  const readings = kind === 'vehicle' ? vehicleReadings(points) : batteryReadings(points);
  await uploadBacklog({ url: inject('mqttUrl'), kind, device, readings });
  return { ...device, readings: readings.length };
}

/**
 * Swaps served to a vehicle at the given times: a cabinet the spec makes (one pack, and a second
 * pack as the rider's) reports each as a succeeded swap event with its own start time, the rider's
 * pack and the cabinet's changing places every time, the first naming the vehicle as the customer
 * (then the pack the vehicle holds names it, docs/device-protocol.md, "Swap event").
 */
export async function serveSwaps(vehicleNumber: string, times: readonly Date[]): Promise<void> {
  const cabinet = await createCabinetDevice({ batteries: 1 });
  const [riderPack] = (await createBatteries(1)) as [string];
  const fleet = await startCabinetDevice(cabinet);
  try {
    const device = fleet.cabinets[0]!;
    let inCabinet = { number: cabinet.compartments[0]!.batteryNumber!, compartment: 1 };
    let ridden = { number: riderPack, compartment: 2 };
    for (const [i, at] of times.entries()) {
      const event: SwapEvent = {
        type: 'SWAP',
        eventId: `${cabinet.number}-${i + 1}`,
        batteryIn: { ...ridden, soc: 20 },
        batteryOut: { ...inCabinet, soc: 98 },
        startedAt: at.toISOString(),
        endedAt: new Date(at.getTime() + 40_000).toISOString(),
        result: 'SUCCEEDED',
        customer: vehicleNumber,
      };
      await device.publishTo(cabinetTopic(cabinet.number, 'event'), JSON.stringify(event));
      [inCabinet, ridden] = [
        { number: ridden.number, compartment: ridden.compartment },
        { number: inCabinet.number, compartment: inCabinet.compartment },
      ];
    }
  } finally {
    await fleet.stop();
  }
}
