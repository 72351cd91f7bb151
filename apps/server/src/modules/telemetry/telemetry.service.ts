import { sql, type SQL } from 'drizzle-orm';
import {
  TELEMETRY_RETENTION_SETTING,
  TREND_MAX_POINTS,
  type BatteryTrend,
  type CabinetTrend,
  TRAJECTORY_MAX_POINTS,
  TRAJECTORY_RANGE_MONTHS,
  type Trajectory,
  type TrajectoryPoint,
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

/** Where a range starts, counted back from `now` (calendar months for a month and a quarter). */
export function rangeStart(range: TrajectoryRange, now: Date): Date {
  const from = new Date(now);
  if (range === 'WEEK') from.setUTCDate(from.getUTCDate() - 7);
  else from.setUTCMonth(from.getUTCMonth() - TRAJECTORY_RANGE_MONTHS[range]);
  return from;
}

/** Drivers differ in how they hand back numbers (node-postgres: bigint as text). */
interface PointRow extends Record<string, unknown> {
  at: Date | string;
  lat: number | string;
  lng: number | string;
  speed: number | string | null;
  soc: number | string | null;
  total: number | string;
}

/**
 * The positioned reports of one device in the range, oldest first. A long history is thinned to
 * every k-th report (k chosen so at most TRAJECTORY_MAX_POINTS remain), always keeping the last
 * one, so the route keeps its shape and its end while the answer stays small.
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

async function points(db: Db, history: SQL, from: Date, to: Date): Promise<{ total: number; points: TrajectoryPoint[] }> {
  const result = await db.execute<PointRow>(thinned(history, from, to, TRAJECTORY_MAX_POINTS));
  const rows = (result as { rows: PointRow[] }).rows;
  return {
    total: Number(rows[0]?.total ?? 0),
    points: rows.map((r) => ({
      at: new Date(r.at).toISOString(),
      lat: Number(r.lat),
      lng: Number(r.lng),
      speed: r.speed === null ? null : Number(r.speed),
      soc: r.soc === null ? null : Number(r.soc),
    })),
  };
}

/** A vehicle's route over the range; the vehicle must be the caller's (tenant). */
export async function vehicleTrajectory(ctx: Ctx, query: TrajectoryQuery, now = new Date()): Promise<Trajectory> {
  const vehicle = await vehicleDetail(ctx, query.id);
  const from = rangeStart(query.range, now);
  const history = sql`select at, latitude as lat, longitude as lng, speed, null::real as soc from vehicle_telemetry where vehicle_id = ${vehicle.id}
    and at >= ${from.toISOString()}::timestamptz`;
  return {
    id: vehicle.id,
    number: vehicle.number,
    range: query.range,
    from: from.toISOString(),
    to: now.toISOString(),
    ...(await points(ctx.db, history, from, now)),
  };
}

/** A battery's route over the range (reports with a GPS fix only); the battery must be the caller's. */
export async function batteryTrajectory(ctx: Ctx, query: TrajectoryQuery, now = new Date()): Promise<Trajectory> {
  const battery = await batteryDetail(ctx, query.id);
  const from = rangeStart(query.range, now);
  const history = sql`select at, latitude as lat, longitude as lng, null::real as speed, soc from battery_telemetry where battery_id = ${battery.id}
    and at >= ${from.toISOString()}::timestamptz and latitude is not null`;
  return {
    id: battery.id,
    number: battery.number,
    range: query.range,
    from: from.toISOString(),
    to: now.toISOString(),
    ...(await points(ctx.db, history, from, now)),
  };
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
