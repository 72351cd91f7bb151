import { sql, type SQL } from 'drizzle-orm';
import {
  TELEMETRY_RETENTION_SETTING,
  TREND_MAX_POINTS,
  BACKLOG_MAX_DAYS,
  type BatteryTrend,
  type CabinetTrend,
  TRAJECTORY_MAX_POINTS,
  TRAJECTORY_RANGE_MONTHS,
  type Trajectory,
  TRAJECTORY_MAX_TRIPS,
  TRIP_STOP_MINUTES_DEFAULT,
  VEHICLE_STATISTICS_DEFAULT_DAYS,
  VEHICLE_STATISTICS_TOP_DAYS,
  type VehicleStatistics,
  type VehicleStatisticsQuery,
  TRIP_STOP_SETTING,
  type TrajectoryQuery,
  type TrajectoryRange,
  type TrendQuery,
  type TrendRange,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { batteryDetail } from '../battery/index.js';
import { vehicleDetail } from '../vehicle/index.js';
import { visibleCabinet } from '../cabinet/index.js';
import { settingValue } from '../common-setting/index.js';
import { findTypeOfKind } from '../device-type/index.js';
import { vehicleSwapDays } from '../swap/index.js';
import { ensureTelemetryPartitions, purgeHistoryBefore, type PurgeResult } from './telemetry.partitions.js';

/** Where a range starts, counted back from `now` (calendar months for a month and a quarter). */
export function rangeStart(range: TrajectoryRange, now: Date): Date {
  const from = new Date(now);
  if (range === 'WEEK') from.setUTCDate(from.getUTCDate() - 7);
  else from.setUTCMonth(from.getUTCMonth() - TRAJECTORY_RANGE_MONTHS[range]);
  return from;
}

/** The trip-ending stop length in minutes: the setting when it is a positive whole number, else the default. */
export async function tripStopMinutes(db: Db): Promise<number> {
  const value = await settingValue(db, TRIP_STOP_SETTING);
  const minutes = value === undefined ? Number.NaN : Number(value.trim());
  return Number.isInteger(minutes) && minutes > 0 ? minutes : TRIP_STOP_MINUTES_DEFAULT;
}

/** The range asked for: a quick range counted back from `now`, or the start and end given. */
export function trajectoryWindow(query: TrajectoryQuery, now: Date): { range: TrajectoryRange | null; from: Date; to: Date } {
  if (query.from !== undefined && query.to !== undefined) return { range: null, from: new Date(query.from), to: new Date(query.to) };
  const range = query.range ?? 'WEEK';
  return { range, from: rangeStart(range, now), to: now };
}

/** Drivers differ in how they hand back numbers (node-postgres: bigint and numeric as text). */
type Num = number | string | null;
interface SegmentRow extends Record<string, unknown> {
  kind: 'point' | 'trip' | 'stop';
  at: Date | string;
  until: Date | string | null;
  lat: Num;
  lng: Num;
  speed: Num;
  soc: Num;
  km: Num;
  seconds: Num;
  top: Num;
  used: Num;
  reports: Num;
  total: Num;
  lat2: Num;
  lng2: Num;
}

const num = (value: Num): number => Number(value ?? 0);
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const iso = (value: Date | string) => new Date(value).toISOString();

/** Great-circle km of the leg from the report before (p_lat, p_lng) to this one (lat, lng), in SQL. */
const legKm = sql.raw(`12742 * asin(least(1, sqrt(
  power(sin(radians(lat - p_lat) / 2), 2) + cos(radians(p_lat)) * cos(radians(lat)) * power(sin(radians(lng - p_lng) / 2), 2)
)))`);

/**
 * Where a trajectory reads one device's positioned reports: `reports(where)` selects at, lat, lng,
 * speed, soc of the device's reports matching `where` (a condition on `at`).
 */
interface TrackSource {
  kind: 'vehicle' | 'battery';
  id: number;
  reports(where: SQL): SQL;
}

/** A vehicle's reports, or a battery's with a GPS fix. */
function trackSource(kind: TrackSource['kind'], id: number): TrackSource {
  return {
    kind,
    id,
    reports:
      kind === 'vehicle'
        ? (where) =>
            sql`select at, latitude as lat, longitude as lng, speed::float8 as speed, soc::float8 as soc from vehicle_telemetry where vehicle_id = ${id} and ${where}`
        : (where) =>
            sql`select at, latitude as lat, longitude as lng, null::float8 as speed, soc::float8 as soc from battery_telemetry where battery_id = ${id} and latitude is not null and ${where}`,
  };
}

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** A leg ends where a report follows another one this many seconds at most and is merged with its like (the shortest stop length). */
const MERGE_SECONDS = 60;

/**
 * Each report of `points` (at, lat, lng, speed, soc) with the report before it (`p_…`) and the leg
 * between them: seconds, great-circle kilometres, and whether the device stood still at both ends
 * (vehicles: speed under 1 km/h; batteries, which report no speed: moved under 30 m).
 */
function legs(points: SQL): SQL {
  return sql`
    select *, case when p_at is null then 0::float8 else extract(epoch from at - p_at)::float8 end as dt,
      case when p_at is null then false when speed is null then km < 0.03 else speed < 1 and coalesce(p_speed, 0) < 1 end as still
    from (
      select *, case when p_at is null then 0::float8 else ${legKm} end as km
      from (
        select at, lat, lng, speed, soc, lag(at) over w as p_at, lag(lat) over w as p_lat, lag(lng) over w as p_lng,
          lag(speed) over w as p_speed, lag(soc) over w as p_soc
        from (${points}) pts window w as (order by at)
      ) lagged
    ) measured`;
}

/** What a leg (or a run of legs) adds to its trip: top speed, charge used, its ends' places. */
const LEG_TOP = sql`coalesce(speed, case when dt > 0 then km / dt * 3600 end)`;
const LEG_USED = sql`case when soc is not null and p_soc is not null then greatest(0, p_soc - soc) end`;

/**
 * Summarises the settled hours of [h1, h2) the device has no summary of yet (telemetry_track):
 * per hour, runs of legs a minute apart at most that all stand still or all move become one item;
 * every other leg (longer, the hour's first, the device's first report) is an item of its own, so
 * the trips and stops of any stop length can be found from the items. Under a lock per device, so
 * two servers never summarise the same hour twice.
 */
async function summarise(db: Db, source: TrackSource, h1: string, h2: string): Promise<void> {
  const from = sql`${h1}::timestamptz`;
  const to = sql`${h2}::timestamptz`;
  await db.transaction(async (tx) => {
    await tx.execute(deviceLock(source));
    await tx.execute(sql`set local jit = off`);
    const marked = sql`select hour from telemetry_track where kind = ${source.kind} and device_id = ${source.id} and seq = 0
      and hour >= ${from} and hour < ${to}`;
    const [span] = rowsOf<{ lo: string | null; hi: string | null }>(
      await tx.execute(sql`select min(h)::text as lo, (max(h) + interval '1 hour')::text as hi
        from generate_series(${from}, ${to} - interval '1 hour', interval '1 hour') h where h not in (${marked})`),
    );
    if (!span?.lo || !span.hi) return;
    const lo = sql`${span.lo}::timestamptz`;
    const hi = sql`${span.hi}::timestamptz`;
    const points = sql`select * from (${source.reports(sql`at >= ${lo} and at < ${hi}`)}) inside
      union all select * from (${source.reports(sql`at < ${lo}`)} order by at desc limit 1) before`;
    await tx.execute(sql`
      with l as (
        select *, date_trunc('hour', at) as hour,
          p_at is null or dt > ${MERGE_SECONDS} or date_trunc('hour', p_at) <> date_trunc('hour', at) as alone
        from (${legs(points)}) l0 where at >= ${lo}
      ), starts as (
        select *, alone or coalesce(lag(alone) over w, true) or still <> lag(still) over w as starts from l window w as (order by at)
      ), n as (
        select *, sum(case when starts then 1 else 0 end) over (order by at) as seq from starts
      ), hours as (
        select h from generate_series(${lo}, ${hi} - interval '1 hour', interval '1 hour') h where h not in (${marked})
      )
      insert into telemetry_track (kind, device_id, hour, seq, start_at, end_at, legs, still, head, dt, km, top, used, lat1, lng1, lat2, lng2)
      select ${source.kind}::text, ${source.id}::int, hour, seq, min(coalesce(p_at, at)), max(at), count(*)::int, bool_and(still), bool_or(p_at is null),
        sum(dt), sum(km), max(${LEG_TOP}), sum(${LEG_USED}),
        (min(array[extract(epoch from at)::float8, coalesce(p_lat, lat), coalesce(p_lng, lng)]))[2],
        (min(array[extract(epoch from at)::float8, coalesce(p_lat, lat), coalesce(p_lng, lng)]))[3],
        (max(array[extract(epoch from at)::float8, lat, lng]))[2], (max(array[extract(epoch from at)::float8, lat, lng]))[3]
      from n where hour in (select h from hours) group by hour, seq
      union all
      select ${source.kind}::text, ${source.id}::int, h, 0, h, h, 0, false, false, 0, 0, null, null, null, null, null, null from hours`);
  });
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

const deviceLock = (source: Pick<TrackSource, 'kind' | 'id'>) =>
  sql`select pg_advisory_xact_lock(hashtext(${`telemetry_track:${source.kind}`}), ${source.id})`;

/**
 * Forgets the summarised hours the history triggers named stale for the device (migration 0023):
 * a report added or removed while another transaction summarised its hour could not remove that
 * summary, which was not committed yet; its range is forgotten here, under the device's lock, before
 * the summary is read. Nothing to do (one index probe) unless reports changed in settled hours.
 */
async function forgetStale(db: Db, source: Pick<TrackSource, 'kind' | 'id'>): Promise<void> {
  const [pending] = rowsOf<{ any: boolean }>(
    await db.execute(
      sql`select exists (select 1 from telemetry_track_stale where kind = ${source.kind} and device_id = ${source.id}) as any`,
    ),
  );
  if (!pending?.any) return;
  await db.transaction(async (tx) => {
    await tx.execute(deviceLock(source));
    await tx.execute(sql`
      with s as (delete from telemetry_track_stale where kind = ${source.kind} and device_id = ${source.id} returning lo, hi)
      delete from telemetry_track t using s
      where t.kind = ${source.kind} and t.device_id = ${source.id} and t.hour >= s.lo and t.hour <= s.hi`);
  });
}

/** Hours the summary job looks back when a server starts (it then continues from where it stopped). */
export const TRACK_JOB_LOOKBACK_HOURS = 24;

/**
 * Summarises the hours that ended since `since` (and more than five minutes ago, as the trajectory
 * call does) for every vehicle and battery that reported a position in them and has no summary of
 * them yet, device by device under the same lock per device as the trajectory call, so several
 * servers running it, or a trajectory call meanwhile, never summarise an hour twice
 * (docs/stations-and-maps.md, "Trajectories"). Answers the end of what it covered (where the next
 * run starts) and how many devices it summarised; `stopped` ends it between two devices (shutdown).
 */
export async function summariseEndedHours(
  db: Db,
  since: Date,
  now = new Date(),
  stopped: () => boolean = () => false,
): Promise<{ until: Date; devices: number }> {
  const [bounds] = rowsOf<{ lo: string; hi: string; due: boolean; until: number | string }>(
    await db.execute(sql`select lo::text, hi::text, lo < hi as due, extract(epoch from greatest(lo, hi)) * 1000 as until
      from (select date_trunc('hour', ${ts(since)}) as lo, date_trunc('hour', ${ts(now)} - interval '5 minutes') as hi) b`),
  );
  const { lo, hi, due } = bounds!;
  let devices = 0;
  const stale = rowsOf<{ kind: TrackSource['kind']; id: number | string }>(
    await db.execute(sql`select distinct kind, device_id as id from telemetry_track_stale order by 1, 2`),
  );
  // Hours forgotten because reports landed in them late (a backlog uploaded after a time out of
  // coverage, a report racing a summary) are summarised again, within the retention.
  const floor = new Date(now.getTime() - ((await retentionDays(db)) ?? BACKLOG_MAX_DAYS) * 86_400_000);
  for (const { kind, id } of stale) {
    if (stopped()) return { until: since, devices };
    const source = trackSource(kind, Number(id));
    const [range] = rowsOf<{ h1: string | null; h2: string }>(
      await db.execute(sql`select case when h1 < h2 then h1::text end as h1, h2::text as h2 from (
          select greatest(date_trunc('hour', min(lo)), date_trunc('hour', ${ts(floor)})) as h1, least(max(hi) + interval '1 hour', ${hi}::timestamptz) as h2
          from telemetry_track_stale where kind = ${kind} and device_id = ${source.id}
        ) r`),
    );
    await forgetStale(db, source);
    if (range?.h1) {
      await summarise(db, source, range.h1, range.h2);
      devices++;
    }
  }
  if (due) {
    for (const kind of ['vehicle', 'battery'] as const) {
      const table = kind === 'vehicle' ? sql`vehicle_telemetry` : sql`battery_telemetry`;
      const device = kind === 'vehicle' ? sql`vehicle_id` : sql`battery_id`;
      const positioned = kind === 'vehicle' ? sql`true` : sql`latitude is not null`;
      // The devices with reports in an hour of the span that has no marker yet (the BRIN index on time reads the span).
      const ids = rowsOf<{ id: number | string }>(
        await db.execute(sql`select distinct r.id from (
            select ${device} as id, date_trunc('hour', at) as hour from ${table}
            where at >= ${lo}::timestamptz and at < ${hi}::timestamptz and ${positioned} group by 1, 2
          ) r
          where not exists (select 1 from telemetry_track t where t.kind = ${kind} and t.device_id = r.id and t.seq = 0 and t.hour = r.hour)
          order by r.id`),
      );
      for (const { id } of ids) {
        if (stopped()) return { until: since, devices };
        await summarise(db, trackSource(kind, Number(id)), lo, hi);
        devices++;
      }
    }
  }
  return { until: new Date(Number(bounds!.until)), devices };
}

/**
 * A device's route over a range, its trips and its stops (docs/stations-and-maps.md, Trajectories).
 * Each report is compared with the one before it: the leg between them is idle when the device
 * stood still at both ends or stayed silent longer than the stop length. Runs of idle legs longer
 * than `stopSeconds` are the stops; what lies between two stops is a trip. The legs come from the
 * hourly summary (telemetry_track) for the range's whole settled hours and from the reports
 * themselves for the rest (the range's first report, the part before its first whole hour, the
 * part after the last summarised one), so the statement reads a few items per hour instead of every
 * report. At most `cap` points are sent: every report when the range holds no more, else the first
 * report of each of evenly spaced time slices, the last report and, while there are no more than
 * cap / 2 of them, both ends of every stop (so trips start and end where the stops are).
 */
function segmented(source: TrackSource, from: Date, to: Date, h1: string, h2: string, stopSeconds: number, cap: number): SQL {
  const H1 = sql`${h1}::timestamptz`;
  const H2 = sql`${h2}::timestamptz`;
  const report = (where: SQL, order: SQL) => sql`select * from (${source.reports(where)} order by ${order} limit 1) one`;
  return sql`
    with raw as (
      select * from (${source.reports(sql`at >= ${ts(from)} and at < ${H1}`)}) head_part
      union ${report(sql`at >= ${ts(from)} and at <= ${ts(to)}`, sql`at`)}
      union ${report(sql`at >= ${ts(from)} and at < ${H2}`, sql`at desc`)}
      union select * from (${source.reports(sql`at >= ${H2} and at <= ${ts(to)}`)}) tail_part
    ), first_report as materialized (
      select min(at) as at from raw
    ), items as (
      select coalesce(p_at, at) as start_at, at as end_at, 1 as legs, still, p_at is null as head, dt, km, ${LEG_TOP} as top, ${LEG_USED} as used,
        coalesce(p_lat, lat) as lat1, coalesce(p_lng, lng) as lng1, lat as lat2, lng as lng2
      from (${legs(sql`select * from raw`)}) rl
      where at < ${H1} or at >= ${H2} or at = (select at from first_report)
      union all
      select start_at, end_at, legs, still, head, dt, km, top, used, lat1, lng1, lat2, lng2 from telemetry_track
      where kind = ${source.kind} and device_id = ${source.id} and hour >= ${H1} and hour < ${H2} and seq > 0 and not head and start_at >= ${ts(from)}
    ), i as (
      select *, row_number() over (order by start_at, end_at) as n,
        not head and (still or (legs = 1 and dt > ${stopSeconds})) as idle
      from items
    ), r as (
      select *, sum(case when idle then 0 else 1 end) over (order by n) as run from i
    ), g as (
      -- A run whose idle legs last longer than the stop length is a stop.
      select *, sum(case when idle then dt else 0 end) over (partition by run) > ${stopSeconds} as long from r
    ), x as (
      -- The trip an item belongs to: the stops before it (its own run's stop comes after it).
      select *, idle and long as in_stop,
        sum(case when not idle and long then 1 else 0 end) over (order by n) - case when long then 1 else 0 end as trip
      from g
    ), s as (
      -- min/max of [n, lat, lng] pick the first and last item's place without a join.
      select run, min(start_at) as s_from, max(end_at) as s_to, sum(dt) as s_len, min(array[n::float8, lat1, lng1]) as arrived
      from x where in_stop group by run
    ), t as (
      select trip, min(start_at) as t_from, max(end_at) as t_to, sum(km) as km, max(top) as top, sum(used) as used, sum(legs) as reports,
        min(array[n::float8, lat1, lng1]) as departed, max(array[n::float8, lat2, lng2]) as arrived
      from x where not in_stop group by trip having max(end_at) > min(start_at)
    ), b as materialized (
      select s_from as at from s union select s_to from s
    ), k as materialized (
      select total, last_at, nb, greatest(1, ${cap - 2} - nb) as slices
      from (
        select coalesce(sum(legs), 0) as total, max(end_at) as last_at,
          case when (select count(*) from b) <= ${Math.floor(cap / 2)} then (select count(*) from b) else 0 end as nb
        from items
      ) c
    ), p as (
      select * from (${source.reports(sql`at >= ${ts(from)} and at <= ${ts(to)}`)}) every_report where (select total from k) <= ${cap}
      union
      select one.* from generate_series(0, (select slices from k) - 1) slice
      cross join lateral (
        ${source.reports(sql`at >= (select at from first_report) + slice * ((select last_at from k) - (select at from first_report)) / (select slices from k)
          and at < (select at from first_report) + (slice + 1) * ((select last_at from k) - (select at from first_report)) / (select slices from k)`)}
        order by at limit 1
      ) one
      where (select total from k) > ${cap}
      union
      select last_one.* from (${source.reports(sql`at = (select last_at from k)`)} limit 1) last_one where (select total from k) > ${cap}
      union
      select stop_end.* from b cross join lateral (${source.reports(sql`at = b.at`)} limit 1) stop_end
      where (select total from k) > ${cap} and (select nb from k) > 0
    )
    select 'point' as kind, p.at, null::timestamptz as until, p.lat, p.lng, p.speed, p.soc,
      null::float8 as km, null::float8 as seconds, null::float8 as top, null::float8 as used, null::bigint as reports, k.total,
      null::float8 as lat2, null::float8 as lng2
    from p cross join k
    union all
    select 'trip', t.t_from, t.t_to, t.departed[2], t.departed[3], null, null, t.km, extract(epoch from t.t_to - t.t_from)::float8,
      t.top, t.used, t.reports, null, t.arrived[2], t.arrived[3]
    from t
    union all
    select 'stop', s.s_from, s.s_to, s.arrived[2], s.arrived[3], null, null, null, s.s_len, null, null, null, null, null, null
    from s
    order by kind, at`;
}

/**
 * The range's whole hours that may be summarised: from the first full hour of the range to the
 * last one ended before both the range's end and five minutes ago (reports still arriving belong to
 * no summary); none when the range holds no such hour. Answers whether all are summarised already.
 */
async function summarisedHours(db: Db, source: TrackSource, from: Date, to: Date): Promise<{ h1: string; h2: string; complete: boolean }> {
  const [row] = rowsOf<{ h1: string; h2: string; hours: number | string; marked: number | string }>(
    await db.execute(sql`
      select h1::text as h1, h2::text as h2, extract(epoch from h2 - h1) / 3600 as hours,
        (select count(*) from telemetry_track where kind = ${source.kind} and device_id = ${source.id} and seq = 0 and hour >= h1 and hour < h2) as marked
      from (
        select case when b > a then a else ${ts(from)} end as h1, case when b > a then b else ${ts(from)} end as h2
        from (
          select date_trunc('hour', ${ts(from)}) + case when date_trunc('hour', ${ts(from)}) < ${ts(from)} then interval '1 hour' else interval '0' end as a,
            least(date_trunc('hour', ${ts(to)}), date_trunc('hour', now() - interval '5 minutes')) as b
        ) ab
      ) bounds`),
  );
  return { h1: row!.h1, h2: row!.h2, complete: Number(row!.marked) >= Number(row!.hours) };
}

/** The route, trips and stops of one device over the range, for the trajectory answer. */
async function route(
  db: Db,
  source: TrackSource,
  from: Date,
  to: Date,
): Promise<Pick<Trajectory, 'total' | 'points' | 'stopMinutes' | 'trips' | 'stops'>> {
  const stopMinutes = await tripStopMinutes(db);
  await forgetStale(db, source);
  const hours = await summarisedHours(db, source, from, to);
  if (!hours.complete) await summarise(db, source, hours.h1, hours.h2);
  // Without JIT: the planner counts the branch sending every report as if it always ran (it runs only
  // when the range holds no more than the cap), and compiling the statement cost seconds.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute<SegmentRow>(segmented(source, from, to, hours.h1, hours.h2, stopMinutes * 60, TRAJECTORY_MAX_POINTS));
  });
  const rows = (result as { rows: SegmentRow[] }).rows;
  const points = rows.filter((r) => r.kind === 'point');
  const tripRows = rows.filter((r) => r.kind === 'trip');
  const stopRows = rows.filter((r) => r.kind === 'stop');
  return {
    total: num(points[0]?.total ?? 0),
    points: points.map((r) => ({
      at: iso(r.at),
      lat: num(r.lat),
      lng: num(r.lng),
      speed: r.speed === null ? null : num(r.speed),
      soc: r.soc === null ? null : num(r.soc),
    })),
    stopMinutes,
    trips: tripRows.slice(-TRAJECTORY_MAX_TRIPS).map((r) => {
      const seconds = num(r.seconds);
      const km = num(r.km);
      return {
        start: { at: iso(r.at), lat: num(r.lat), lng: num(r.lng) },
        end: { at: iso(r.until!), lat: num(r.lat2), lng: num(r.lng2) },
        distanceKm: round(km, 3),
        durationSeconds: Math.round(seconds),
        averageSpeed: seconds > 0 ? round(km / (seconds / 3600), 1) : 0,
        topSpeed: round(num(r.top), 1),
        chargeUsed: r.used === null ? null : round(num(r.used), 1),
        reports: num(r.reports),
      };
    }),
    stops: stopRows.slice(-TRAJECTORY_MAX_TRIPS).map((r) => ({
      from: iso(r.at),
      to: iso(r.until!),
      lat: num(r.lat),
      lng: num(r.lng),
      minutes: Math.round(num(r.seconds) / 60),
    })),
  };
}

/** A vehicle's route and trips over the range; the vehicle must be the caller's (tenant). */
export async function vehicleTrajectory(ctx: Ctx, query: TrajectoryQuery, now = new Date()): Promise<Trajectory> {
  const vehicle = await vehicleDetail(ctx, query.id);
  const { range, from, to } = trajectoryWindow(query, now);
  const source = trackSource('vehicle', vehicle.id);
  return {
    id: vehicle.id,
    number: vehicle.number,
    range,
    from: from.toISOString(),
    to: to.toISOString(),
    ...(await route(ctx.db, source, from, to)),
  };
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
function dayIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

interface DayRow extends Record<string, unknown> {
  day: string;
  swaps: Num;
  km: Num;
  used: Num;
}

/**
 * A vehicle's use per day over a period (docs/stations-and-maps.md, "Vehicle statistics"), in one
 * statement: the swaps it was served (succeeded ones, from the swap records), the km between its
 * consecutive reports and the drops of its reported charge added up, each leg credited to the day
 * of its later report, days counted in the asked time zone. The vehicle must be the caller's.
 */
export async function vehicleStatistics(ctx: Ctx, query: VehicleStatisticsQuery, now = new Date()): Promise<VehicleStatistics> {
  const vehicle = await vehicleDetail(ctx, query.id);
  const timeZone = query.timeZone ?? 'UTC';
  const to = query.to ?? dayIn(now, timeZone);
  const from = query.from ?? new Date(Date.parse(to) - (VEHICLE_STATISTICS_DEFAULT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const lo = sql`(${from}::date::timestamp at time zone ${timeZone})`;
  const hi = sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`;
  const result = await ctx.db.execute<DayRow>(sql`
    with d as (
      select g::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') g
    ), s as (${vehicleSwapDays(vehicle.id, lo, hi, timeZone)}
    ), h as (
      select at, latitude as lat, longitude as lng, soc,
        lag(latitude) over w as p_lat, lag(longitude) over w as p_lng, lag(soc) over w as p_soc
      from vehicle_telemetry
      where vehicle_id = ${vehicle.id} and at >= ${lo} and at < ${hi}
      window w as (order by at)
    ), t as (
      select (at at time zone ${timeZone})::date as day,
        sum(case when p_lat is null then 0::float8 else ${legKm} end) as km,
        sum(case when soc is not null and p_soc is not null then greatest(0, p_soc - soc) end) as used
      from h group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(s.swaps, 0) as swaps, coalesce(t.km, 0) as km, t.used
    from d left join s on s.day = d.day left join t on t.day = d.day
    order by d.day`);
  const packKwh = packEnergy(await findTypeOfKind(ctx.db, 'vehicle', vehicle.typeId));
  const days = (result as { rows: DayRow[] }).rows.map((row) => ({
    day: row.day,
    swaps: num(row.swaps),
    distanceKm: round(num(row.km), 3),
    chargeUsed: row.used === null ? null : round(num(row.used), 1),
    energyKwh: row.used === null || packKwh === null ? null : round((num(row.used) / 100) * packKwh, 3),
  }));
  const charged = days.filter((day) => day.chargeUsed !== null);
  const energised = days.filter((day) => day.energyKwh !== null);
  return {
    id: vehicle.id,
    number: vehicle.number,
    from,
    to,
    timeZone,
    days,
    topDays: days
      .filter((day) => day.swaps > 0)
      .sort((a, b) => b.swaps - a.swaps || b.day.localeCompare(a.day))
      .slice(0, VEHICLE_STATISTICS_TOP_DAYS),
    totals: {
      swaps: days.reduce((sum, day) => sum + day.swaps, 0),
      distanceKm: round(
        days.reduce((sum, day) => sum + day.distanceKm, 0),
        3,
      ),
      chargeUsed: charged.length
        ? round(
            charged.reduce((sum, day) => sum + day.chargeUsed!, 0),
            1,
          )
        : null,
      energyKwh: energised.length
        ? round(
            energised.reduce((sum, day) => sum + day.energyKwh!, 0),
            3,
          )
        : null,
    },
    packKwh,
  };
}

/**
 * One pack's energy in kWh by a vehicle's type (docs/stations-and-maps.md, "Vehicle statistics"):
 * the type rates the packs it takes together (a two-pack type of 72 V and 64 Ah takes two packs of
 * 72 V and 32 Ah), so a pack holds rated voltage × rated capacity ÷ compartments. None without a rating.
 */
function packEnergy(
  type: { ratedVoltage: number | null; ratedCapacity: number | null; batteryCompartments: number | null } | null,
): number | null {
  if (!type?.ratedVoltage || !type.ratedCapacity) return null;
  return round((type.ratedVoltage * type.ratedCapacity) / Math.max(1, type.batteryCompartments ?? 1) / 1000, 4);
}

/** A battery's route and trips over the range (reports with a GPS fix only); the battery must be the caller's. */
export async function batteryTrajectory(ctx: Ctx, query: TrajectoryQuery, now = new Date()): Promise<Trajectory> {
  const battery = await batteryDetail(ctx, query.id);
  const { range, from, to } = trajectoryWindow(query, now);
  const source = trackSource('battery', battery.id);
  return {
    id: battery.id,
    number: battery.number,
    range,
    from: from.toISOString(),
    to: to.toISOString(),
    ...(await route(ctx.db, source, from, to)),
  };
}

/**
 * The readings of one device in the range, oldest first. A long history is thinned to every k-th
 * reading (k chosen so at most `cap` remain), always keeping the last one.
 */
function thinned(history: SQL, from: Date, to: Date, cap: number): SQL {
  return sql`
    select * from (
      select h.*, row_number() over (order by h.at) as n, count(*) over () as total
      from (${history}) h
      where h.at >= ${from.toISOString()}::timestamptz and h.at <= ${to.toISOString()}::timestamptz
    ) x
    where (n - 1) % greatest(1, ceil(total::numeric / ${cap - 1})::int) = 0 or n = total
    order by at`;
}

const TREND_MS: Record<TrendRange, number> = { DAY: 86_400_000, WEEK: 7 * 86_400_000, MONTH: 30 * 86_400_000 };

interface TrendRow extends Record<string, unknown> {
  at: Date | string;
  total: number | string;
}

/**
 * A device's readings over a trend range, oldest first, thinned like a trajectory to at most
 * TREND_MAX_POINTS. `history` selects `at` and the reading columns of one device from `from` on;
 * `reading` turns a row into the answer's point.
 */
async function trend<Point>(
  db: Db,
  range: TrendRange,
  now: Date,
  history: (from: string) => SQL,
  reading: (row: TrendRow) => Point,
): Promise<{ range: TrendRange; total: number; points: ({ at: string } & Point)[] }> {
  const from = new Date(now.getTime() - TREND_MS[range]);
  const result = await db.execute<TrendRow>(thinned(history(from.toISOString()), from, now, TREND_MAX_POINTS));
  const rows = (result as { rows: TrendRow[] }).rows;
  return {
    range,
    total: Number(rows[0]?.total ?? 0),
    points: rows.map((row) => ({ at: new Date(row.at).toISOString(), ...reading(row) })),
  };
}

/** A battery's state of charge and temperature over the range, for its detail chart; the battery must be the caller's. */
export async function batteryTrend(ctx: Ctx, query: TrendQuery, now = new Date()): Promise<BatteryTrend> {
  const battery = await batteryDetail(ctx, query.id);
  return trend(
    ctx.db,
    query.range,
    now,
    (from) => sql`select at, soc, temperature from battery_telemetry where battery_id = ${battery.id} and at >= ${from}::timestamptz`,
    (row) => ({ soc: Number(row.soc), temperature: Number(row.temperature) }),
  );
}

/** A cabinet's environment (temperature, humidity, load, alarms) over the range; the cabinet must be the caller's. */
export async function cabinetTrend(ctx: Ctx, query: TrendQuery, now = new Date()): Promise<CabinetTrend> {
  const cabinet = await visibleCabinet(ctx, query.id);
  return trend(
    ctx.db,
    query.range,
    now,
    (from) =>
      sql`select at, temperature, humidity, load, water_alarm, smoke_alarm from cabinet_telemetry where cabinet_id = ${cabinet.id} and at >= ${from}::timestamptz`,
    (row) => ({
      temperature: Number(row.temperature),
      humidity: Number(row.humidity),
      load: Number(row.load),
      waterAlarm: row.water_alarm === true,
      smokeAlarm: row.smoke_alarm === true,
    }),
  );
}

/** The retention setting in whole days; undefined when unset or not a positive whole number (nothing is purged then). */
export async function retentionDays(db: Db): Promise<number | undefined> {
  const value = await settingValue(db, TELEMETRY_RETENTION_SETTING);
  const days = value === undefined ? Number.NaN : Number(value.trim());
  return Number.isInteger(days) && days > 0 ? days : undefined;
}

/**
 * Removes the history older than the retention (telemetry.partitions.ts: whole day partitions
 * dropped, the default and legacy partitions' older rows deleted in chunks of `chunk`). Answers what
 * went, or undefined when the setting is not a positive number of days (nothing is purged then).
 */
export async function purgeTelemetry(db: Db, options: { now?: Date; chunk?: number } = {}): Promise<PurgeResult | undefined> {
  const days = await retentionDays(db);
  if (days === undefined) return undefined;
  return purgeHistoryBefore(db, new Date((options.now ?? new Date()).getTime() - days * 86_400_000), options.chunk);
}

/**
 * The hourly upkeep of the history on every server (the device link runs it): the partitions of
 * the next days made ahead, then the purge; several servers at once take turns per table.
 */
export async function maintainTelemetryHistory(db: Db, now = new Date()): Promise<{ made: string[]; purged: PurgeResult | undefined }> {
  const made = await ensureTelemetryPartitions(db, { now });
  return { made, purged: await purgeTelemetry(db, { now }) };
}
