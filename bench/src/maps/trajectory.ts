/**
 * `npm run bench:trajectory -w bench`: the trajectory of a vehicle and of a battery whose history
 * holds 1,000,000 reports over 90 days (docs/scaling.md, "Trajectories"). One vehicle and one
 * battery are written straight into the history with INSERT … SELECT over generate_series
 * (deterministic: a report every 7.8 s; from 06:00 to midnight, Jakarta time, nine two-hour
 * cycles of a 70-minute drive round a 56 km loop with a 2-minute halt inside it and a 50-minute
 * stand; nights standing), then the real service functions the routes call are timed over the
 * whole range and over the last week. PostgreSQL with DATABASE_URL, else the embedded database.
 * BENCH_POINTS (default 1,000,000) and BENCH_ITERATIONS (default 20) change the size and the calls.
 * Asserts nothing: figures only.
 */
import { sql } from 'drizzle-orm';
import { TRAJECTORY_MAX_POINTS, type Trajectory } from '@swap/contracts';
// The modules load in the server's order first (their entries import one another).
import '../../../apps/server/src/modules/index.js';
import { batteryTrajectory, vehicleTrajectory } from '../../../apps/server/src/modules/telemetry/telemetry.service.js';
import type { Db } from '../../../apps/server/src/db/client.js';
import { benchDatabase, ctxOf, measure, printFigures, rowsOf, timed, type Figure } from './common.js';

const points = Number(process.env.BENCH_POINTS ?? 1_000_000);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 20);
const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const START = new Date('2026-01-01T00:00:00Z');
const STEP_SECONDS = (DAYS * 86_400) / points;
const END = new Date(START.getTime() + (points - 1) * STEP_SECONDS * 1000);
const CHUNK = 200_000;

/**
 * Report i of the generated history as SQL columns: at, lat, lng, moving, speed, soc. A day
 * (Jakarta time) stands until 06:00, then runs nine cycles of 7,200 s: driving for 4,200 s with a
 * halt from 1,800 to 1,920 s, then standing. The position follows the distance driven so far.
 */
function reports(from: number, to: number): string {
  return `
    select i, timestamptz '${START.toISOString()}' + i * interval '${STEP_SECONDS} seconds' as at,
      -6.2 + 0.08 * sin(driven * 2 * pi() / 5660) as lat, 106.8 + 0.08 * cos(driven * 2 * pi() / 5660) as lng, moving,
      case when moving then 35 + 8 * sin(i / 7.0) else 0 end as speed,
      case when q < 21600 then 100 else greatest(5, 100 - dc / 4080.0 * 60) end as soc
    from (
      select *, d * 36720 + case when q < 21600 then 0 else k * 4080 + dc end as driven,
        q >= 21600 and c < 4200 and not (c >= 1800 and c < 1920) as moving
      from (
        select *, least(c, 1800) + greatest(0, least(c, 4200) - 1920) as dc
        from (
          select i, d, q, floor(greatest(q, 21600) - 21600)::int % 7200 as c, floor((greatest(q, 21600) - 21600) / 7200)::int as k
          from (
            select i, floor(s / 86400)::int as d, s - floor(s / 86400) * 86400 as q
            from (select i, i * ${STEP_SECONDS}::float8 + 7 * 3600 as s from generate_series(${from}, ${to}) i) s0
          ) s1
        ) s2
      ) s3
    ) s4`;
}

async function seed(db: Db): Promise<{ vehicleId: number; batteryId: number }> {
  const existing = rowsOf<{ vehicle: number | null; battery: number | null; n: number | string }>(
    await db.execute(sql`select (select id from vehicle where number = 'BTRJ0001') as vehicle, (select id from battery where number = 'BTRJB001') as battery,
      (select count(*) from vehicle_telemetry where vehicle_id = (select id from vehicle where number = 'BTRJ0001')) as n`),
  )[0];
  if (existing?.vehicle && existing.battery && Number(existing.n) === points)
    return { vehicleId: existing.vehicle, batteryId: existing.battery };
  console.log(`writing ${points} reports for one vehicle and one battery over ${DAYS} days`);
  await db.execute(sql`insert into device_type (kind, code, name, description) values ('vehicle', 'BTRJV', 'Bench vehicle', 'Bench'),
    ('battery', 'BTRJB', 'Bench battery', 'Bench') on conflict do nothing`);
  const ids = rowsOf<{ vehicle: number; battery: number }>(
    await db.execute(sql`
      with v as (insert into vehicle (number, type_id) select 'BTRJ0001', id from device_type where code = 'BTRJV' on conflict do nothing returning id),
           b as (insert into battery (number, type_id) select 'BTRJB001', id from device_type where code = 'BTRJB' on conflict do nothing returning id)
      select coalesce((select id from v), (select id from vehicle where number = 'BTRJ0001')) as vehicle,
             coalesce((select id from b), (select id from battery where number = 'BTRJB001')) as battery`),
  )[0]!;
  await db.execute(sql`delete from vehicle_telemetry where vehicle_id = ${ids.vehicle}`);
  await db.execute(sql`delete from battery_telemetry where battery_id = ${ids.battery}`);
  await timed('vehicle history', async () => {
    for (let from = 0; from < points; from += CHUNK) {
      const to = Math.min(points, from + CHUNK) - 1;
      await db.execute(
        sql.raw(`insert into vehicle_telemetry (vehicle_id, at, latitude, longitude, speed, acc)
          select ${ids.vehicle}, at, lat, lng, speed, case when moving then 'ON' else 'OFF' end from (${reports(from, to)}) r`),
      );
    }
  });
  await timed('battery history', async () => {
    for (let from = 0; from < points; from += CHUNK) {
      const to = Math.min(points, from + CHUNK) - 1;
      await db.execute(
        sql.raw(`insert into battery_telemetry (battery_id, at, latitude, longitude, soc, voltage, current, temperature)
          select ${ids.battery}, at, lat, lng, soc, 64, case when moving then -12 else 0 end, 31 from (${reports(from, to)}) r`),
      );
    }
  });
  await timed('vacuum analyse', async () => {
    await db.execute(sql`vacuum (analyze) vehicle_telemetry`);
    await db.execute(sql`vacuum (analyze) battery_telemetry`);
  });
  return { vehicleId: ids.vehicle, batteryId: ids.battery };
}

const detailOf = (answer: Trajectory) =>
  `${answer.total} reports, ${answer.points.length} points sent (cap ${TRAJECTORY_MAX_POINTS}), ${answer.trips.length} trips, ${answer.stops.length} stops`;

async function main(): Promise<void> {
  const { database, engine } = await benchDatabase();
  const db = database.db;
  const { vehicleId, batteryId } = await seed(db);
  const ctx = ctxOf(db, null);
  const now = new Date(END.getTime() + 60_000);
  const whole = { from: START.toISOString(), to: now.toISOString() };
  console.log(`trajectory bench, ${engine}, ${points} reports per device over ${DAYS} days`);
  const figures: Figure[] = [];
  const run = async (name: string, call: () => Promise<Trajectory>) =>
    figures.push(await measure(name, iterations, async () => detailOf(await call())));
  // The first call over a history nobody looked at yet summarises its hours (docs/stations-and-maps.md, "Trajectories").
  const cold = async (name: string, call: () => Promise<Trajectory>) => {
    await db.execute(sql`delete from telemetry_track where (kind, device_id) in (('vehicle', ${vehicleId}), ('battery', ${batteryId}))`);
    figures.push(await measure(name, 1, async () => detailOf(await call()), { warm: false }));
  };
  await cold(`vehicle, whole range, first call`, () => vehicleTrajectory(ctx, { id: vehicleId, ...whole }, now));
  await cold(`battery, whole range, first call`, () => batteryTrajectory(ctx, { id: batteryId, ...whole }, now));
  await run(`vehicle, whole range (${DAYS} days)`, () => vehicleTrajectory(ctx, { id: vehicleId, ...whole }, now));
  await run('vehicle, last week', () => vehicleTrajectory(ctx, { id: vehicleId, range: 'WEEK' }, now));
  await run(`battery, whole range (${DAYS} days)`, () => batteryTrajectory(ctx, { id: batteryId, ...whole }, now));
  await run('battery, last week', () => batteryTrajectory(ctx, { id: batteryId, range: 'WEEK' }, now));
  printFigures(figures);
  await database.close();
}

await main();
