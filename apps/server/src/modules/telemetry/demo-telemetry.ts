import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { persistTelemetry, type TelemetryItem } from './telemetry.ingest.js';

const STEP_MS = 10 * 60_000;
const DAY = 86_400_000;

/**
 * A week of reports (every 10 minutes, plus a few older ones) for the first demo vehicles and
 * batteries of Jakarta, so their trajectories (trips and stops) and charts have something to show. Written once,
 * through the ingest's own batch writer, relative to the time of seeding.
 */
export async function seedDemoTelemetry(db: Db, now = Date.now()): Promise<void> {
  const existing = await db.execute(sql`select 1 from vehicle_telemetry limit 1`);
  if ((existing as { rows: unknown[] }).rows.length > 0) return;
  const items: TelemetryItem[] = [];
  for (let device = 1; device <= 3; device++) {
    const times = [60 * DAY, 20 * DAY, ...Array.from({ length: (6 * DAY) / STEP_MS }, (_, i) => 6 * DAY - i * STEP_MS)];
    let moved = 0;
    times.forEach((age, i) => {
      // A loop through the city with a little wander, different for each device: an hour driving,
      // then half an hour standing (a stop longer than the default 10 minutes, so trips show).
      const driving = i % 9 < 6;
      if (driving) moved += 1;
      const angle = (moved / 96) * 2 * Math.PI + device;
      const lat = -6.2 + 0.03 * Math.sin(angle) + 0.004 * Math.sin(moved / 7 + device);
      const lng = 106.82 + 0.04 * Math.cos(angle) + 0.004 * Math.cos(moved / 5);
      const at = new Date(now - age).toISOString();
      const speed = driving ? Math.round(20 + 15 * Math.abs(Math.sin(i / 3 + device))) : 0;
      items.push({
        kind: 'vehicle',
        number: `VJK${String(device).padStart(5, '0')}`,
        at,
        payload: { ts: at, position: { lat, lng }, speed, acc: driving ? 'ON' : 'OFF' },
      });
      const soc = 100 - ((i * 3) % 80);
      items.push({
        kind: 'battery',
        number: `BJK${String(device).padStart(6, '0')}`,
        at,
        payload: {
          ts: at,
          soc,
          voltage: 60 + soc / 20,
          current: -12,
          temperature: 30 + (i % 6),
          cellVoltages: Array.from({ length: 20 }, (_, c) => 3.2 + ((c + i) % 5) / 100),
          cycles: 120 + Math.floor(i / 30),
          gsmSignal: 22,
          gpsSignal: 9,
          position: { lat, lng },
          chargeSwitch: 'ALLOWED',
          dischargeSwitch: 'ALLOWED',
        },
      });
    });
  }
  for (let i = 0; i < items.length; i += 2000) await persistTelemetry(db, items.slice(i, i + 2000));
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
  await db.execute(sql`
    insert into cabinet_telemetry (cabinet_id, at, temperature, humidity, load, signal, water_alarm, smoke_alarm)
    select c.rank_id, r.at,
      round((31 + 4 * sin(r.day_angle - pi() / 2) + c.rank * 0.7)::numeric, 1),
      round((68 - 10 * sin(r.day_angle - pi() / 2) + c.rank * 2)::numeric, 1),
      round((greatest(0.4, 2.5 + 2 * sin(r.day_angle - pi() * 0.75)) + c.rank * 0.3)::numeric, 2),
      20 + ((r.step + c.rank) % 7),
      c.rank = 1 and r.step between ${alarmFrom}::int and ${alarmFrom + 5}::int,
      false
    from (select id as rank_id, row_number() over (order by id) as rank from cabinet order by id limit 3) c,
      lateral (
        select g as step, t.at, extract(epoch from (t.at at time zone 'Asia/Jakarta')::time) / 86400 * 2 * pi() as day_angle
        from generate_series(1, ${steps}::int) g, lateral (select ${first}::timestamptz + g * interval '10 minutes' as at) t
      ) r`);
}
