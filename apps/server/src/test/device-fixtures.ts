import type { CabinetTelemetry } from '@swap/contracts';
import { startFleet, type FleetOptions, type RunningFleet } from '@swap/simulator';
import { seedDemoDeviceCredentials } from '../modules/device-credential/index.js';
import { startDeviceGateway, type DeviceGateway } from '../device-link/gateway.js';
import type { LinkLog } from '../device-link/link.js';
import type { TestServer } from './harness.js';

export const SILENT_LOG: LinkLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A link log that keeps the messages of its warnings and errors (and of its notes too, when asked). */
export function collectingLog(options: { info?: boolean } = {}): { log: LinkLog; messages: string[] } {
  const messages: string[] = [];
  const keep = (_fields: object, message: string) => void messages.push(message);
  return { log: { info: options.info ? keep : () => undefined, warn: keep, error: keep }, messages };
}

/** A cabinet's telemetry as it reports it: calm readings, one meter, unless told otherwise. */
export function cabinetReport(fields: Partial<CabinetTelemetry> = {}): CabinetTelemetry {
  return {
    ts: new Date().toISOString(),
    humidity: 40,
    signal: 20,
    waterAlarm: false,
    smokeAlarm: false,
    temperature: 28,
    lamp: 'ON',
    radiator: 'AUTO',
    supply: 'NORMAL',
    power: { externalMax: 3, chargerTotal: 2.4 },
    meters: [{ index: 1, energyKwh: 10 }],
    load: 1.5,
    ...fields,
  };
}

/** The gateway on an embedded broker (a free port) wired to the test server's hub, and the URL devices connect to. */
export async function startEmbeddedGateway(
  server: TestServer,
  log: LinkLog = SILENT_LOG,
): Promise<{ gateway: DeviceGateway; url: string }> {
  const gateway = await startDeviceGateway(
    server.db,
    { url: undefined, host: '127.0.0.1', port: 0, heartbeatTimeoutSeconds: 60 },
    log,
    server.app.deviceHub,
  );
  return { gateway, url: `mqtt://127.0.0.1:${gateway.port}` };
}

export interface SimulatedCabinets {
  gateway: DeviceGateway;
  fleet: RunningFleet;
  close(): Promise<void>;
}

/**
 * The device side of a test: the gateway on an embedded broker (free port) wired to the test
 * server's hub, and simulated cabinets, one per entry, with their slots' batteries as given
 * (null: an empty slot). Every registered device gets its credentials from `master`.
 */
export async function startSimulatedCabinets(
  server: TestServer,
  options: {
    master: string;
    cabinets: { number: string; slots: (string | null)[] }[];
    /** Also run the slot batteries as their own devices. */
    batteries: boolean;
    log?: LinkLog;
  } & Pick<FleetOptions, 'commands'>,
): Promise<SimulatedCabinets> {
  await seedDemoDeviceCredentials(server.db, options.master);
  const { gateway, url } = await startEmbeddedGateway(server, options.log);
  const fleet = await startFleet({
    url,
    masterSecret: options.master,
    fleet: {
      cabinets: options.cabinets.map(({ number, slots }) => ({
        number,
        compartments: slots.map((batteryNumber, i) => ({ index: i + 1, batteryNumber })),
      })),
    },
    cabinets: options.cabinets.length,
    intervalMs: 0,
    batteries: options.batteries,
    faults: { dropRate: 0, offlineRate: 0, offlineMs: 0 },
    ...(options.commands ? { commands: options.commands } : {}),
  });
  return {
    gateway,
    fleet,
    close: async () => {
      await fleet.stop();
      await gateway.close();
    },
  };
}
