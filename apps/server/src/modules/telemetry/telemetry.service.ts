import { sql, type SQL } from 'drizzle-orm';
import {
  TELEMETRY_RETENTION_SETTING,
  TREND_MAX_POINTS,
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
import { vehicleSwapDays } from '../swap/index.js';

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
 * A device's route over a range, its trips and its stops, in one statement
 * (docs/stations-and-maps.md, Trajectories). Each report is compared with the one before it (lag
 * over time): the leg between them is idle when the device stood still at both ends (vehicles: speed
 * under 1 km/h; batteries: moved under 30 m) or stayed silent longer than the stop length. Runs of
 * idle legs longer than `stopSeconds` are the stops; what lies between two stops is a trip. The
 * points are thinned evenly over time to `cap`, keeping the first and last report of every stop so
 * trips start and end where the stops are. `history` selects at, lat, lng, speed, soc of one device.
 */
function segmented(history: SQL, from: Date, to: Date, stopSeconds: number, cap: number): SQL {
  return sql`
    with h as (
      select at, lat, lng, speed, soc,
        lag(at) over w as p_at, lag(lat) over w as p_lat, lag(lng) over w as p_lng,
        lag(speed) over w as p_speed, lag(soc) over w as p_soc, row_number() over w as n
      from (${history}) h0
      where at >= ${from.toISOString()}::timestamptz and at <= ${to.toISOString()}::timestamptz
      window w as (order by at)
    ), l as (
      select *, coalesce(extract(epoch from at - p_at)::float8, 0) as dt,
        case when p_at is null then 0::float8 else ${legKm} end as km
      from h
    ), r as (
      select *, sum(case when idle then 0 else 1 end) over (order by n) as run
      from (
        select *, p_at is not null and (
          dt > ${stopSeconds}
          or (case when speed is null then km < 0.03 else speed < 1 and coalesce(p_speed, 0) < 1 end)
        ) as idle
        from l
      ) i
    ), g as (
      -- A run whose idle legs last longer than the stop length is a stop.
      select *, sum(case when idle then dt else 0 end) over (partition by run) > ${stopSeconds} as long from r
    ), x as (
      -- The trip a report belongs to: the stops before it (its own run's stop comes after it).
      select *, idle and long as in_stop,
        sum(case when not idle and long then 1 else 0 end) over (order by n) - case when long then 1 else 0 end as trip
      from g
    ), s as (
      -- min/max of [n, lat, lng] pick the first and last report's place without a join.
      select run, min(n) - 1 as first_n, max(n) as last_n, min(p_at) as s_from, max(at) as s_to, sum(dt) as s_len,
        min(array[n::float8, p_lat, p_lng]) as arrived
      from x where in_stop group by run
    ), t as (
      select trip, min(coalesce(p_at, at)) as t_from, max(at) as t_to, sum(km) as km,
        max(coalesce(speed, case when dt > 0 then km / dt * 3600 end)) as top,
        sum(case when soc is not null and p_soc is not null then greatest(0, p_soc - soc) end) as used, count(*) as reports,
        min(array[n::float8, coalesce(p_lat, lat), coalesce(p_lng, lng)]) as departed, max(array[n::float8, lat, lng]) as arrived
      from x where not in_stop group by trip having max(at) > min(coalesce(p_at, at))
    ), b as materialized (
      select first_n as n from s union select last_n from s
    ), k as materialized (
      select total, nb, greatest(1, ceil(total::numeric / (${cap - 2} - nb))::int) as step
      from (
        select count(*) as total, case when (select count(*) from b) <= ${Math.floor(cap / 2)} then (select count(*) from b) else 0 end as nb from h
      ) c
    )
    select 'point' as kind, x.at, null::timestamptz as until, x.lat, x.lng, x.speed, x.soc,
      null::float8 as km, null::float8 as seconds, null::float8 as top, null::float8 as used, null::bigint as reports, k.total,
      null::float8 as lat2, null::float8 as lng2
    from x cross join k
    where (x.n - 1) % k.step = 0 or x.n = k.total or (k.nb > 0 and x.n in (select n from b))
    union all
    select 'trip', t.t_from, t.t_to, t.departed[2], t.departed[3], null, null, t.km, extract(epoch from t.t_to - t.t_from)::float8,
      t.top, t.used, t.reports, null, t.arrived[2], t.arrived[3]
    from t
    union all
    select 'stop', s.s_from, s.s_to, s.arrived[2], s.arrived[3], null, null, null, s.s_len, null, null, null, null, null, null
    from s
    order by kind, at`;
}

/** The route, trips and stops of one device over the range, for the trajectory answer. */
async function route(
  db: Db,
  history: SQL,
  from: Date,
  to: Date,
): Promise<Pick<Trajectory, 'total' | 'points' | 'stopMinutes' | 'trips' | 'stops'>> {
  const stopMinutes = await tripStopMinutes(db);
  const result = await db.execute<SegmentRow>(segmented(history, from, to, stopMinutes * 60, TRAJECTORY_MAX_POINTS));
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
  const history = sql`select at, latitude as lat, longitude as lng, speed, soc from vehicle_telemetry where vehicle_id = ${vehicle.id}
    and at >= ${from.toISOString()}::timestamptz and at <= ${to.toISOString()}::timestamptz`;
  return {
    id: vehicle.id,
    number: vehicle.number,
    range,
    from: from.toISOString(),
    to: to.toISOString(),
    ...(await route(ctx.db, history, from, to)),
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
  const days = (result as { rows: DayRow[] }).rows.map((row) => ({
    day: row.day,
    swaps: num(row.swaps),
    distanceKm: round(num(row.km), 3),
    chargeUsed: row.used === null ? null : round(num(row.used), 1),
  }));
  const charged = days.filter((day) => day.chargeUsed !== null);
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
    },
  };
}

/** A battery's route and trips over the range (reports with a GPS fix only); the battery must be the caller's. */
export async function batteryTrajectory(ctx: Ctx, query: TrajectoryQuery, now = new Date()): Promise<Trajectory> {
  const battery = await batteryDetail(ctx, query.id);
  const { range, from, to } = trajectoryWindow(query, now);
  const history = sql`select at, latitude as lat, longitude as lng, null::real as speed, soc from battery_telemetry where battery_id = ${battery.id}
    and at >= ${from.toISOString()}::timestamptz and at <= ${to.toISOString()}::timestamptz and latitude is not null`;
  return {
    id: battery.id,
    number: battery.number,
    range,
    from: from.toISOString(),
    to: to.toISOString(),
    ...(await route(ctx.db, history, from, to)),
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

const HISTORY_TABLES = ['battery_telemetry', 'vehicle_telemetry', 'cabinet_telemetry'] as const;

/**
 * Deletes history older than the retention, in chunks of `chunk` rows (short transactions that
 * never hold the ingest back for long). Answers the rows deleted, or undefined when the setting
 * is not a positive number of days.
 */
export async function purgeTelemetry(db: Db, options: { now?: Date; chunk?: number } = {}): Promise<number | undefined> {
  const days = await retentionDays(db);
  if (days === undefined) return undefined;
  const cutoff = new Date((options.now ?? new Date()).getTime() - days * 86_400_000).toISOString();
  const chunk = options.chunk ?? 10_000;
  let deleted = 0;
  for (const table of HISTORY_TABLES) {
    for (;;) {
      const result = await db.execute(
        sql`delete from ${sql.identifier(table)} where ctid = any(array(select ctid from ${sql.identifier(table)} where at < ${cutoff}::timestamptz limit ${chunk}))`,
      );
      const count =
        (result as { rowCount?: number | null; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
      deleted += count;
      if (count < chunk) break;
    }
  }
  return deleted;
}
