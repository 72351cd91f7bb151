import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { idParam } from '../validation.js';

/** Trajectory ranges: last week, last month, last three months. */
export const TRAJECTORY_RANGES = ['WEEK', 'MONTH', 'QUARTER'] as const;
export type TrajectoryRange = (typeof TRAJECTORY_RANGES)[number];
/** Months back for each range (a week is counted in days). */
export const TRAJECTORY_RANGE_MONTHS: Record<Exclude<TrajectoryRange, 'WEEK'>, number> = { MONTH: 1, QUARTER: 3 };
/** A trajectory answer carries at most this many points: longer ones are thinned evenly over time. */
export const TRAJECTORY_MAX_POINTS = 1000;

export const trajectoryQuery = z.object({ id: idParam, range: z.enum(TRAJECTORY_RANGES).default('WEEK') });
export type TrajectoryQuery = z.infer<typeof trajectoryQuery>;

export const trajectoryPoint = z.object({
  at: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** km/h, vehicles only. */
  speed: z.number().nullable(),
  /** State of charge, percent, batteries only. */
  soc: z.number().nullable(),
});
export type TrajectoryPoint = z.infer<typeof trajectoryPoint>;

export const trajectory = z.object({
  id: z.number(),
  number: z.string(),
  range: z.enum(TRAJECTORY_RANGES),
  from: z.string(),
  to: z.string(),
  /** Positioned reports in the range; `points` holds all of them or an even thinning of them. */
  total: z.number(),
  points: z.array(trajectoryPoint),
});
export type Trajectory = z.infer<typeof trajectory>;

/** Trend ranges for a device's recent readings: the last 24 hours, week and month. */
export const TREND_RANGES = ['DAY', 'WEEK', 'MONTH'] as const;
export type TrendRange = (typeof TREND_RANGES)[number];
/** A trend answer carries at most this many readings, thinned evenly over time like a trajectory. */
export const TREND_MAX_POINTS = 500;

/** A device's recent readings over one of TREND_RANGES (battery and cabinet detail charts). */
export const trendQuery = z.object({ id: idParam, range: z.enum(TREND_RANGES).default('DAY') });
export type TrendQuery = z.infer<typeof trendQuery>;

/** A trend answer: `total` readings in the range, `points` all of them or an even thinning, oldest first. */
const trendOf = <Shape extends z.ZodRawShape>(reading: Shape) =>
  z.object({
    range: z.enum(TREND_RANGES),
    total: z.number(),
    points: z.array(z.object({ at: z.string(), ...reading })),
  });

export const batteryTrend = trendOf({ soc: z.number(), temperature: z.number() });
export type BatteryTrend = z.infer<typeof batteryTrend>;

/** A cabinet's environment: °C, percent, kW, and whether an alarm was raised at that reading. */
export const cabinetTrend = trendOf({
  temperature: z.number(),
  humidity: z.number(),
  load: z.number(),
  waterAlarm: z.boolean(),
  smokeAlarm: z.boolean(),
});
export type CabinetTrend = z.infer<typeof cabinetTrend>;

/**
 * Trajectories and trends from the telemetry history, one group per kind; each is part of the
 * kind's detail page and so takes its permission.
 */
export const telemetryApi = {
  vehicle: {
    trajectory: endpoint({
      method: 'GET',
      path: '/vehicle/trajectory',
      access: { code: 'operation.vehicle.detail' },
      query: trajectoryQuery,
      answer: trajectory,
    }),
  },
  battery: {
    trajectory: endpoint({
      method: 'GET',
      path: '/battery/trajectory',
      access: { code: 'operation.battery.latestInfos' },
      query: trajectoryQuery,
      answer: trajectory,
    }),
    trend: endpoint({
      method: 'GET',
      path: '/battery/trend',
      access: { code: 'operation.battery.latestInfos' },
      query: trendQuery,
      answer: batteryTrend,
    }),
  },
  cabinet: {
    trend: endpoint({
      method: 'GET',
      path: '/cabinet/trend',
      access: { code: 'operation.cabinet.latestInfos' },
      query: trendQuery,
      answer: cabinetTrend,
    }),
  },
} as const;
