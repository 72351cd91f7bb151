import mqtt from 'mqtt';
import {
  BACKLOG_MAX_READINGS,
  backlogTopic,
  batteryBacklog,
  vehicleBacklog,
  type BatteryTelemetry,
  type GeoPosition,
  type VehicleTelemetry,
} from '@swap/contracts';
import { assertLoopback, type IssuedDevice } from './own-devices.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Metres per degree of latitude. */
const M_PER_DEGREE = 111_320;

export interface DriveOptions {
  /** Where the loop runs: its stops lie on a circle about 3 km around this place. */
  centre: GeoPosition;
  /** The last reading's time (default now); the drive covers the `days` before it. */
  end?: Date;
  /** Days of driving, a reading every `stepMinutes` (default 6 and 10). */
  days?: number;
  stepMinutes?: number;
  /** Older single readings, this many days before `end`, parked at the first stop (default 20 and 60). */
  olderDays?: readonly number[];
}

/** One reading of a generated drive: when, where, how fast, the pack's charge. */
export interface DrivePoint {
  at: Date;
  position: GeoPosition;
  speed: number;
  soc: number;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * A drive with trips and stops over several days, as a tracker stores it while out of coverage:
 * by turns an hour riding from one of four stops around `centre` to the next (six readings at
 * traffic speeds) and half an hour parked there (three readings at speed 0, longer than the default
 * stop length), the charge falling with the distance and back to full at a stop once it runs low;
 * plus a few older readings parked at the first stop. Oldest first; the same options give the same drive.
 */
export function generateDrive(options: DriveOptions): DrivePoint[] {
  const end = (options.end ?? new Date()).getTime();
  const step = (options.stepMinutes ?? 10) * MINUTE;
  const count = Math.round(((options.days ?? 6) * DAY) / step);
  const { lat, lng } = options.centre;
  const radius = 3000 / M_PER_DEGREE;
  const stops = [0, 1, 2, 3].map((k) => ({
    lat: round(lat + radius * Math.sin((k * Math.PI) / 2), 6),
    lng: round(lng + (radius * Math.cos((k * Math.PI) / 2)) / Math.cos((lat * Math.PI) / 180), 6),
  }));
  const points: DrivePoint[] = (options.olderDays ?? [60, 20]).map((days) => ({
    at: new Date(end - days * DAY),
    position: stops[0]!,
    speed: 0,
    soc: 90,
  }));
  points.sort((a, b) => a.at.getTime() - b.at.getTime());
  let soc = 90;
  for (let i = 0; i < count; i++) {
    const leg = Math.floor(i / 9);
    const phase = i % 9;
    const from = stops[leg % 4]!;
    const to = stops[(leg + 1) % 4]!;
    const driving = phase < 6;
    const share = driving ? (phase + 1) / 6 : 1;
    const position = { lat: round(from.lat + (to.lat - from.lat) * share, 6), lng: round(from.lng + (to.lng - from.lng) * share, 6) };
    const speed = driving ? 18 + ((i * 7) % 15) : 0;
    if (driving) soc = Math.max(5, soc - 1.2);
    else if (phase === 6 && soc < 30) soc = 98;
    points.push({ at: new Date(end - (count - 1 - i) * step), position, speed, soc: round(soc, 1) });
  }
  return points;
}

/** The drive as a vehicle's tracker reports it (ignition on while riding). */
export function vehicleReadings(drive: readonly DrivePoint[]): VehicleTelemetry[] {
  return drive.map((p) => ({ ts: p.at.toISOString(), position: p.position, speed: p.speed, acc: p.speed > 0 ? 'ON' : 'OFF', soc: p.soc }));
}

/** The drive as the pack riding along reports it (its BMS with a GPS fix, discharging while riding). */
export function batteryReadings(drive: readonly DrivePoint[]): BatteryTelemetry[] {
  return drive.map((p) => ({
    ts: p.at.toISOString(),
    soc: Math.round(p.soc),
    voltage: round(60 + p.soc / 10, 1),
    current: p.speed > 0 ? -8 : 0,
    temperature: p.speed > 0 ? 33 : 29,
    cellVoltages: [3.3, 3.31, 3.29],
    cycles: 42,
    gsmSignal: 18,
    gpsSignal: 9,
    position: p.position,
    chargeSwitch: 'ALLOWED',
    dischargeSwitch: 'ALLOWED',
  }));
}

/**
 * Uploads readings a device stored as its backlog (docs/device-protocol.md, "Backlog"): signs in
 * with the device's own secret on a loopback broker, publishes them in messages of at most
 * BACKLOG_MAX_READINGS, QoS 1, one after the other, and leaves. On the embedded broker a message is
 * acknowledged once stored, so the history holds them all when this resolves.
 */
export async function uploadBacklog(options: {
  url: string;
  kind: 'vehicle' | 'battery';
  device: IssuedDevice;
  readings: readonly (VehicleTelemetry | BatteryTelemetry)[];
}): Promise<void> {
  assertLoopback(options.url);
  const { number, secret } = options.device;
  const schema = options.kind === 'vehicle' ? vehicleBacklog : batteryBacklog;
  const client = await mqtt.connectAsync(options.url, { clientId: number, username: number, password: secret, reconnectPeriod: 0 });
  try {
    for (let i = 0; i < options.readings.length; i += BACKLOG_MAX_READINGS) {
      const payload = schema.parse({ readings: options.readings.slice(i, i + BACKLOG_MAX_READINGS) });
      await client.publishAsync(backlogTopic(options.kind, number), JSON.stringify(payload), { qos: 1 });
    }
  } finally {
    await client.endAsync();
  }
}
