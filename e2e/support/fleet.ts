import { inject } from 'vitest';
import {
  cabinetTopic,
  distributionApi,
  priceSettingApi,
  stationApi,
  swapOrderApi,
  type SwapEvent,
  type SwapOrderRecord,
} from '@swap/contracts';
import { apiRequest, apiToken } from './api.js';
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
import {
  createBatteries,
  createCabinetDevice,
  createCity,
  createTrackedDevice,
  unique,
  type CabinetDevice,
  type Merchant,
  type TrackedDevice,
} from './factories.js';

/**
 * Runs a cabinet a spec made (createCabinetDevice) as a simulated device on the e2e server's broker,
 * signed in with the secret the back-office issued it: no faults, no telemetry until the spec ticks
 * it, and offline by itself after ten minutes should the spec never stop it (a spec file takes less).
 */
export function startCabinetDevice(cabinet: CabinetDevice, options: Pick<OwnDevicesOptions, 'commands'> = {}): Promise<RunningFleet> {
  return startOwnDevices({ url: inject('mqttUrl'), cabinets: [cabinet], lifetimeMs: 600_000, ...options });
}

/**
 * Runs cabinets a spec made (createCabinetDevices) as simulated devices like startCabinetDevice,
 * fetching firmware through the e2e server's own address (the link names the https origin cabinets
 * reach in production) with the download and installation times given.
 */
export function startCabinetDevices(
  cabinets: CabinetDevice[],
  options: Pick<OwnDevicesOptions, 'commands'> & { firmware?: Omit<NonNullable<OwnDevicesOptions['firmware']>, 'fetch'> } = {},
): Promise<RunningFleet> {
  const origin = inject('baseURL');
  const fetchFromServer = async (url: string): Promise<Buffer> => {
    const link = new URL(url);
    const answer = await fetch(new URL(link.pathname + link.search, origin));
    if (!answer.ok) throw new Error(`download answered ${answer.status}`);
    return Buffer.from(await answer.arrayBuffer());
  };
  return startOwnDevices({
    url: inject('mqttUrl'),
    cabinets,
    lifetimeMs: 600_000,
    ...options,
    firmware: { ...options.firmware, fetch: fetchFromServer },
  });
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

/**
 * A swap station of the merchant (at 13.6° N, 100.4° E unless told), made by the platform, and a
 * cabinet the spec makes (createCabinetDevice, empty) distributed to it: the spec runs the cabinet as
 * a simulated device (startCabinetDevice).
 */
export async function createStationCabinet(
  merchant: Merchant,
  options: { areaId?: number; latitude?: number; longitude?: number; name?: string } = {},
): Promise<{ stationId: number; stationName: string; cabinet: CabinetDevice }> {
  const platform = await apiToken('admin');
  const name = options.name ?? unique('Swap point ');
  const station = await apiRequest(platform, stationApi.SWAP.add, {
    name,
    nature: 'SELF_OPERATED',
    address: `${name} street 1`,
    latitude: options.latitude ?? 13.6,
    longitude: options.longitude ?? 100.4,
    responsiblePerson: 'Station lead',
    status: 'DEPLOYED',
    merchantId: merchant.id,
    ...(options.areaId === undefined ? {} : { areaId: options.areaId }),
  });
  const cabinet = await createCabinetDevice({ batteries: 0 });
  await apiRequest(platform, distributionApi.cabinet.distribute, {
    numbers: [cabinet.number],
    merchantId: merchant.id,
    stationId: station.id,
  });
  return { stationId: station.id, stationName: name, cabinet };
}

/**
 * A swap the merchant charges: a city of its own with the merchant's price per swap, a station of the
 * merchant there, a cabinet the spec makes distributed to it, and a succeeded swap of the customer
 * reported by that cabinet on the e2e server's broker; answers the transfer order the swap made
 * (docs/orders.md, "Transfer and energy orders").
 */
export async function chargedSwap(merchant: Merchant, customerNumber: string, unitPrice: string): Promise<SwapOrderRecord> {
  const platform = await apiToken('admin');
  const city = await createCity();
  await apiRequest(platform, priceSettingApi.consumer.add, {
    merchantId: merchant.id,
    cityId: city.id,
    enabled: true,
    billingMode: 'PER_SWAP',
    unitPrice,
  });
  const { cabinet } = await createStationCabinet(merchant, { areaId: city.id });
  const fleet = await startCabinetDevice(cabinet);
  try {
    const at = new Date(Date.now() - 5 * 60_000);
    const event: SwapEvent = {
      type: 'SWAP',
      eventId: `${cabinet.number}-1`,
      batteryIn: { number: `${cabinet.number}R`, compartment: 2, soc: 18 },
      batteryOut: { number: `${cabinet.number}F`, compartment: 1, soc: 97 },
      startedAt: at.toISOString(),
      endedAt: new Date(at.getTime() + 40_000).toISOString(),
      result: 'SUCCEEDED',
      customer: customerNumber,
    };
    await fleet.cabinets[0]!.publishTo(cabinetTopic(cabinet.number, 'event'), JSON.stringify(event));
    for (let tries = 0; tries < 100; tries++) {
      // This swap's order: the one at this call's own cabinet (the customer may hold others).
      const [order] = (
        await apiRequest(merchant.admin.token, swapOrderApi.transfer.search, { customerNumber, cabinetNumber: cabinet.number })
      ).records;
      if (order) return order;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the swap of ${customerNumber} made no order`);
  } finally {
    await fleet.stop();
  }
}
