import { vehicleTelemetryTopic, type GeoPosition, type VehicleTelemetry } from '@swap/contracts';
import { VirtualDevice, type DeviceOptions } from './devices.js';

export type City = 'jakarta' | 'bangkok';

/** A city's bounding box: every route point lies inside (tests check that vehicles stay there). */
export const CITY_BOUNDS: Record<City, { south: number; north: number; west: number; east: number }> = {
  jakarta: { south: -6.37, north: -6.08, west: 106.68, east: 106.98 },
  bangkok: { south: 13.6, north: 13.95, west: 100.4, east: 100.7 },
};

const p = (lat: number, lng: number): GeoPosition => ({ lat, lng });

/**
 * Loops along main roads, waypoint by waypoint (the last joins the first): enough for a vehicle
 * on a map to move where scooters really ride.
 */
export const ROUTES: Record<City, { name: string; points: GeoPosition[] }[]> = {
  jakarta: [
    {
      // Medan Merdeka Barat – Jl. M.H. Thamrin – Jl. Jend. Sudirman – Blok M and back.
      name: 'Thamrin–Sudirman',
      points: [
        p(-6.1754, 106.8227),
        p(-6.1862, 106.823),
        p(-6.195, 106.823),
        p(-6.2088, 106.82),
        p(-6.2196, 106.814),
        p(-6.2275, 106.802),
        p(-6.2441, 106.799),
        p(-6.2275, 106.8025),
        p(-6.2196, 106.8145),
        p(-6.2088, 106.8205),
        p(-6.195, 106.8235),
        p(-6.1862, 106.8235),
      ],
    },
    {
      // Semanggi – Jl. Gatot Subroto – Kuningan – Jl. H.R. Rasuna Said – Menteng – Bundaran HI – Sudirman.
      name: 'Kuningan–Rasuna Said',
      points: [
        p(-6.2196, 106.814),
        p(-6.2356, 106.8275),
        p(-6.234, 106.832),
        p(-6.208, 106.831),
        p(-6.2, 106.828),
        p(-6.195, 106.823),
        p(-6.2088, 106.82),
      ],
    },
    {
      // Senen – Jl. Gunung Sahari – Ancol – Kemayoran – Jl. Benyamin Sueb.
      name: 'Gunung Sahari–Kemayoran',
      points: [p(-6.175, 106.844), p(-6.156, 106.84), p(-6.128, 106.833), p(-6.135, 106.8465), p(-6.156, 106.85), p(-6.168, 106.8485)],
    },
  ],
  bangkok: [
    {
      // Sukhumvit: Siam – Chit Lom – Asok – Thong Lo – Ekkamai and back along Rama I / Ploenchit.
      name: 'Sukhumvit',
      points: [
        p(13.7456, 100.5347),
        p(13.7441, 100.543),
        p(13.743, 100.549),
        p(13.7405, 100.555),
        p(13.737, 100.5604),
        p(13.7305, 100.5697),
        p(13.7245, 100.5784),
        p(13.7195, 100.5851),
        p(13.7248, 100.5788),
        p(13.7308, 100.5701),
        p(13.7373, 100.5608),
        p(13.7433, 100.5494),
      ],
    },
    {
      // Silom – Surasak – Sathon – Lumphini (Rama IV) – Sala Daeng.
      name: 'Silom–Sathon',
      points: [p(13.7286, 100.5343), p(13.724, 100.529), p(13.7193, 100.5218), p(13.7185, 100.514), p(13.723, 100.538), p(13.726, 100.546)],
    },
    {
      // Rama IX – Ratchadaphisek – Lat Phrao – Phahon Yothin – Victory Monument – Din Daeng.
      name: 'Ratchada–Victory Monument',
      points: [
        p(13.7577, 100.5652),
        p(13.7788, 100.5737),
        p(13.7897, 100.574),
        p(13.8063, 100.5739),
        p(13.813, 100.561),
        p(13.7649, 100.5383),
        p(13.764, 100.554),
      ],
    },
  ],
};

const EARTH_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Metres between two points (equirectangular: exact enough across a city). */
export function distanceM(a: GeoPosition, b: GeoPosition): number {
  const x = rad(b.lng - a.lng) * Math.cos(rad((a.lat + b.lat) / 2));
  const y = rad(b.lat - a.lat);
  return Math.sqrt(x * x + y * y) * EARTH_M;
}

/** The city of a demo vehicle from its number (VJK…: Jakarta, VBK…: Bangkok), else by turns. */
export function cityOf(number: string, index: number): City {
  if (number.startsWith('VJK')) return 'jakarta';
  if (number.startsWith('VBK')) return 'bangkok';
  return index % 2 === 0 ? 'jakarta' : 'bangkok';
}

/** A vehicle's live state: where on its route, how fast, ignition, how long it stays parked. */
export interface VehicleModel {
  number: string;
  city: City;
  route: GeoPosition[];
  /** Segment (from points[segment] to the next) and metres travelled along it. */
  segment: number;
  along: number;
  /** km/h. */
  speed: number;
  acc: 'ON' | 'OFF';
  parkedSeconds: number;
  position: GeoPosition;
  /** Charge of its pack, percent: falls with the distance ridden, full again after a swap while parked. */
  soc: number;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
/** Urban scooter speeds, km/h. */
export const MAX_SPEED = 60;
/** Charge a scooter's pack loses per kilometre (about 60 km on a full pack), and the charge that sends it to swap. */
const SOC_PER_KM = 1.6;
const LOW_SOC = 25;

export function newVehicle(number: string, index: number, random: () => number): VehicleModel {
  const city = cityOf(number, index);
  const routes = ROUTES[city];
  const route = routes[Math.floor(random() * routes.length)]!.points;
  const segment = Math.floor(random() * route.length);
  const vehicle: VehicleModel = {
    number,
    city,
    route,
    segment,
    along: 0,
    speed: 0,
    acc: 'OFF',
    parkedSeconds: 0,
    position: route[segment]!,
    soc: 40 + ((index * 37) % 60),
  };
  // A third start parked (at a cabinet, at home), the others on the move.
  if (random() < 0.33) vehicle.parkedSeconds = 30 + random() * 300;
  else vehicle.acc = 'ON';
  return vehicle;
}

function interpolate(a: GeoPosition, b: GeoPosition, share: number): GeoPosition {
  return { lat: round(a.lat + (b.lat - a.lat) * share, 6), lng: round(a.lng + (b.lng - a.lng) * share, 6) };
}

/**
 * Moves a vehicle by `seconds`: parked vehicles wait with the ignition off; moving ones ride at a
 * traffic-like speed along their loop, stop at lights now and then (ignition on) and park at times.
 */
export function driveStep(v: VehicleModel, seconds: number, random: () => number): void {
  if (v.parkedSeconds > 0) {
    v.parkedSeconds = Math.max(0, v.parkedSeconds - seconds);
    v.speed = 0;
    v.acc = 'OFF';
    if (v.parkedSeconds > 0) return;
  }
  v.acc = 'ON';
  // Parks for one to ten minutes, about once every quarter hour of riding.
  if (random() < seconds / 900) {
    v.parkedSeconds = 60 + random() * 540;
    v.speed = 0;
    v.acc = 'OFF';
    // A low pack is swapped for a full one at the stop.
    if (v.soc < LOW_SOC) v.soc = 98;
    return;
  }
  // A red light or a jam: stopped with the ignition on.
  if (random() < 0.1) {
    v.speed = 0;
    return;
  }
  const target = 15 + random() * 35;
  v.speed = round(Math.min(MAX_SPEED, Math.max(0, v.speed + (target - v.speed) * 0.6)), 1);
  let left = (v.speed / 3.6) * seconds;
  v.soc = round(Math.max(0, v.soc - (left / 1000) * SOC_PER_KM), 2);
  for (;;) {
    const from = v.route[v.segment]!;
    const to = v.route[(v.segment + 1) % v.route.length]!;
    const length = distanceM(from, to);
    if (v.along + left < length) {
      v.along += left;
      v.position = interpolate(from, to, length === 0 ? 0 : v.along / length);
      return;
    }
    left -= length - v.along;
    v.along = 0;
    v.segment = (v.segment + 1) % v.route.length;
  }
}

export function vehicleTelemetryReport(v: VehicleModel, now: Date): VehicleTelemetry {
  return { ts: now.toISOString(), position: v.position, speed: v.speed, acc: v.acc, soc: round(v.soc, 1), fault: null };
}

/** A vehicle's tracker: telemetry on bss/v1/vehicle/{no}/telemetry under its own credentials. */
export class VirtualVehicle extends VirtualDevice {
  constructor(
    readonly model: VehicleModel,
    options: DeviceOptions,
  ) {
    super(model.number, options);
  }

  start(): Promise<void> {
    return this.open();
  }

  /** Drives for `seconds`, then reports. */
  async tick(seconds: number): Promise<void> {
    driveStep(this.model, seconds, this.options.random);
    await this.publish(vehicleTelemetryTopic(this.number), vehicleTelemetryReport(this.model, new Date()));
  }
}

/** Picks `count` vehicles, alternating between the cities so both maps have some. */
export function pickVehicles(numbers: readonly string[], count: number): string[] {
  const byCity: Record<City, string[]> = { jakarta: [], bangkok: [] };
  numbers.forEach((number, i) => byCity[cityOf(number, i)].push(number));
  const picked: string[] = [];
  for (let i = 0; picked.length < count && (byCity.jakarta.length > 0 || byCity.bangkok.length > 0); i++) {
    const from = i % 2 === 0 ? byCity.jakarta : byCity.bangkok;
    const next = from.shift();
    if (next) picked.push(next);
  }
  return picked;
}
