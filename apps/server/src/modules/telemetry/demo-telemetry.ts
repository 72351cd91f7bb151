import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { seedDemoVehicleSwaps, type DemoVehicleSwap } from '../swap/index.js';
import { vehiclesByNumber } from '../vehicle/index.js';
import { firstCabinetIds, placedCabinets } from '../cabinet/index.js';
import { persistTelemetry, type TelemetryItem } from './telemetry.ingest.js';

const STEP_MS = 10 * 60_000;
const DAY = 86_400_000;
/** Each cycle: an hour driving (six reports), then half an hour standing (three), longer than the default stop length. */
const CYCLE = 9;
const DRIVING = 6;
/** Charge a demo scooter uses per km, and the charge under which it swaps at its next stop. */
const SOC_PER_KM = 1.6;
const LOW_SOC = 30;

/** The demo vehicles with a history: three of Jakarta (and their packs' own history), three of Bangkok. */
const CITIES = [
  { prefix: 'VJK', numbers: ['VJK00001', 'VJK00002', 'VJK00003'], lat: -6.2, lng: 106.82 },
  { prefix: 'VBK', numbers: ['VBK00361', 'VBK00362', 'VBK00363'], lat: 13.75, lng: 100.52 },
];

interface Place {
  lat: number;
  lng: number;
}
interface Stop extends Place {
  cabinetId: number;
}

const km = (a: Place, b: Place) => {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 12742 * Math.asin(Math.min(1, Math.sqrt(h)));
};

/**
 * Up to four cabinets of the vehicle's owner in its city (the nearest to the centre), in order
 * around their middle: the stations its loop stops at. Fewer than two: no loop through stations.
 */
function stationLoop(
  cabinets: { id: number; merchantId: number | null; lat: number; lng: number }[],
  owner: number | null,
  centre: Place,
): Stop[] {
  const near = cabinets
    .filter((c) => c.merchantId === owner && km(c, centre) < 40)
    .sort((a, b) => km(a, centre) - km(b, centre))
    .slice(0, 4);
  if (near.length < 2) return [];
  const mid = { lat: near.reduce((s, c) => s + c.lat, 0) / near.length, lng: near.reduce((s, c) => s + c.lng, 0) / near.length };
  return near
    .map((c) => ({ cabinetId: c.id, lat: c.lat, lng: c.lng }))
    .sort((a, b) => Math.atan2(a.lat - mid.lat, a.lng - mid.lng) - Math.atan2(b.lat - mid.lat, b.lng - mid.lng));
}

/**
 * A week of reports (every 10 minutes, plus a few older ones) for the first demo vehicles of
 * Jakarta and Bangkok and the Jakarta vehicles' packs, so their trajectories (trips and stops),
 * statistics and charts have something to show (docs/stations-and-maps.md). Each vehicle drives
 * an hour from one of its owner's stations to the next and stands half an hour there, by turns;
 * its charge falls with the distance, and at a stop with little charge left it is served a swap
 * by that station's cabinet, recorded as a swap naming the vehicle. Written once, through the
 * ingest's own batch writer, relative to the time of seeding.
 */
export async function seedDemoTelemetry(db: Db, now = Date.now()): Promise<void> {
  const existing = await db.execute(sql`select 1 from vehicle_telemetry limit 1`);
  if ((existing as { rows: unknown[] }).rows.length > 0) return;
  const numbers = CITIES.flatMap((city) => city.numbers);
  const vehicleRows = await vehiclesByNumber(db, numbers);
  const cabinets = await placedCabinets(db);
  const items: TelemetryItem[] = [];
  const swaps: DemoVehicleSwap[] = [];
  const times = [60 * DAY, 20 * DAY, ...Array.from({ length: (6 * DAY) / STEP_MS }, (_, i) => 6 * DAY - i * STEP_MS)];
  for (const city of CITIES) {
    city.numbers.forEach((number, index) => {
      const device = index + 1;
      const vehicle = vehicleRows.find((row) => row.number === number);
      const owner = vehicle?.merchantId ?? null;
      const stops = vehicle ? stationLoop(cabinets, owner, city) : [];
      let soc = 90 - device * 7;
      let moved = 0;
      let swapped = false;
      times.forEach((age, n) => {
        // The two old reports stand at the first station; the six days run the cycles.
        const i = Math.max(0, n - 2);
        const phase = i % CYCLE;
        const driving = n >= 2 && phase < DRIVING;
        const at = new Date(now - age).toISOString();
        let place: Place;
        let speed = 0;
        if (stops.length >= 2) {
          const leg = Math.floor(i / CYCLE);
          const from = stops[leg % stops.length]!;
          const to = stops[(leg + 1) % stops.length]!;
          const share = n < 2 ? 0 : driving ? (phase + 1) / DRIVING : 1;
          const wander = driving && phase < DRIVING - 1 ? 0.002 * Math.sin(i + device) : 0;
          place = { lat: from.lat + (to.lat - from.lat) * share + wander, lng: from.lng + (to.lng - from.lng) * share - wander };
          const legKm = km(from, to);
          if (driving) {
            speed = Math.max(8, Math.round(legKm + 4 * Math.sin(i / 3 + device)));
            soc = Math.max(5, soc - (legKm / DRIVING) * SOC_PER_KM);
            swapped = false;
          } else if (n >= 2 && !swapped && soc < LOW_SOC && vehicle) {
            // Standing at a station with little charge: a full pack from its cabinet.
            swaps.push({
              cabinetId: to.cabinetId,
              merchantId: owner,
              vehicleId: vehicle.id,
              batteryInNumber: vehicle.battery,
              socIn: Math.round(soc),
              at: new Date(now - age + 2 * 60_000),
            });
            soc = 98;
            swapped = true;
          }
        } else {
          // No stations of its owner: a loop through the city with a little wander.
          if (driving) moved += 1;
          const angle = (moved / 96) * 2 * Math.PI + device;
          place = {
            lat: city.lat + 0.03 * Math.sin(angle) + 0.004 * Math.sin(moved / 7 + device),
            lng: city.lng + 0.04 * Math.cos(angle) + 0.004 * Math.cos(moved / 5),
          };
          speed = driving ? Math.round(20 + 15 * Math.abs(Math.sin(i / 3 + device))) : 0;
          if (driving) soc = soc < 10 ? 98 : soc - 1;
        }
        const position = { lat: Math.round(place.lat * 1e6) / 1e6, lng: Math.round(place.lng * 1e6) / 1e6 };
        items.push({
          kind: 'vehicle',
          number,
          at,
          payload: { ts: at, position, speed, acc: driving ? 'ON' : 'OFF', soc: Math.round(soc * 10) / 10 },
        });
        if (city.prefix !== 'VJK') return;
        const packSoc = 100 - ((n * 3) % 80);
        items.push({
          kind: 'battery',
          number: `BJK${String(device).padStart(6, '0')}`,
          at,
          payload: {
            ts: at,
            soc: packSoc,
            voltage: 60 + packSoc / 20,
            current: -12,
            temperature: 30 + (n % 6),
            cellVoltages: Array.from({ length: 20 }, (_, c) => 3.2 + ((c + n) % 5) / 100),
            cycles: 120 + Math.floor(n / 30),
            gsmSignal: 22,
            gpsSignal: 9,
            position,
            chargeSwitch: 'ALLOWED',
            dischargeSwitch: 'ALLOWED',
          },
        });
      });
    });
  }
  for (let i = 0; i < items.length; i += 2000) await persistTelemetry(db, items.slice(i, i + 2000));
  await seedDemoVehicleSwaps(db, swaps);
  await seedDemoCabinetHistory(db, now);
}
/**
 * Six days of environment readings (every 10 minutes) for the first three demo cabinets: warm
 * afternoons, humid nights, load following the day's swaps, and one water alarm two days ago. History
 * only: the cabinets' latest state stays as seeded (offline until a device reports).
 */
async function seedDemoCabinetHistory(db: Db, now: number): Promise<void> {
  const steps = (6 * DAY) / STEP_MS;
  const first = new Date(now - steps * STEP_MS).toISOString();
  // The alarm: an hour of readings two days ago, on the first cabinet.
  const alarmFrom = steps - (2 * DAY) / STEP_MS;
  const ids = `{${(await firstCabinetIds(db, 3)).join(',')}}`;
  await db.execute(sql`
    insert into cabinet_telemetry (cabinet_id, at, temperature, humidity, load, signal, water_alarm, smoke_alarm)
    select c.rank_id, r.at,
      round((31 + 4 * sin(r.day_angle - pi() / 2) + c.rank * 0.7)::numeric, 1),
      round((68 - 10 * sin(r.day_angle - pi() / 2) + c.rank * 2)::numeric, 1),
      round((greatest(0.4, 2.5 + 2 * sin(r.day_angle - pi() * 0.75)) + c.rank * 0.3)::numeric, 2),
      20 + ((r.step + c.rank) % 7),
      c.rank = 1 and r.step between ${alarmFrom}::int and ${alarmFrom + 5}::int,
      false
    from unnest(${ids}::int[]) with ordinality as c(rank_id, rank),
      lateral (
        select g as step, t.at, extract(epoch from (t.at at time zone 'Asia/Jakarta')::time) / 86400 * 2 * pi() as day_angle
        from generate_series(1, ${steps}::int) g, lateral (select ${first}::timestamptz + g * interval '10 minutes' as at) t
      ) r`);
}
