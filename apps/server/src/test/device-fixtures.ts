import type { BatteryTelemetry, CabinetTelemetry } from '@swap/contracts';
import { startOwnDevices, type OwnDevicesOptions, type RunningFleet } from '@swap/simulator';
import { startDeviceGateway, type DeviceGateway } from '../device-link/gateway.js';
import type { LinkLog } from '../device-link/link.js';
import type { TestServer } from './harness.js';
import { issueSecret } from './factories.js';

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

/** A battery's telemetry as it reports it: discharging calmly in Jakarta, unless told otherwise. */
export function batteryReport(fields: Partial<BatteryTelemetry> = {}): BatteryTelemetry {
  return {
    ts: new Date().toISOString(),
    soc: 80,
    voltage: 64,
    current: -5,
    temperature: 30,
    cellVoltages: [3.2, 3.2, 3.3],
    cycles: 10,
    gsmSignal: 20,
    gpsSignal: 8,
    position: { lat: -6.2, lng: 106.8 },
    chargeSwitch: 'ALLOWED',
    dischargeSwitch: 'ALLOWED',
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
 * (null: an empty slot). The cabinets (and the slot batteries, when they run as devices too) are
 * registered already; `token`'s account issues each its own secret, which it signs in with.
 */
export async function startSimulatedCabinets(
  server: TestServer,
  token: string,
  options: {
    cabinets: { number: string; slots: (string | null)[] }[];
    /** Also run the slot batteries as their own devices. */
    batteries: boolean;
    log?: LinkLog;
  } & Pick<OwnDevicesOptions, 'commands' | 'firmware'>,
): Promise<SimulatedCabinets> {
  const cabinets = await Promise.all(
    options.cabinets.map(async ({ number, slots }) => ({
      number,
      secret: await issueSecret(server, token, 'cabinet', number),
      compartments: slots.map((batteryNumber, i) => ({ index: i + 1, batteryNumber })),
    })),
  );
  const slotBatteries = options.batteries ? options.cabinets.flatMap(({ slots }) => slots.filter((n): n is string => n !== null)) : [];
  const batteries = await Promise.all(
    slotBatteries.map(async (number) => ({ number, secret: await issueSecret(server, token, 'battery', number) })),
  );
  const { gateway, url } = await startEmbeddedGateway(server, options.log);
  const fleet = await startOwnDevices({
    url,
    cabinets,
    batteries,
    // A whole test file's run on a busy machine, not the default five minutes.
    lifetimeMs: 30 * 60_000,
    ...(options.commands ? { commands: options.commands } : {}),
    ...(options.firmware ? { firmware: options.firmware } : {}),
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
