import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { idParam } from '../validation.js';
import { isTimeZone } from '../format.js';

/** Trajectory ranges: last week, last month, last three months. */
export const TRAJECTORY_RANGES = ['WEEK', 'MONTH', 'QUARTER'] as const;
export type TrajectoryRange = (typeof TRAJECTORY_RANGES)[number];
/** Months back for each range (a week is counted in days). */
export const TRAJECTORY_RANGE_MONTHS: Record<Exclude<TrajectoryRange, 'WEEK'>, number> = { MONTH: 1, QUARTER: 3 };
/**
 * A trajectory answer carries at most this many points: a longer history is thinned evenly over
 * time on the server, keeping every trip's first and last point.
 */
export const TRAJECTORY_MAX_POINTS = 5000;
/** A start-and-end range spans at most this many days (the longest quick range is three months). */
export const TRAJECTORY_MAX_DAYS = 93;
/** A trajectory answer lists at most this many trips and stops (the latest ones). */
export const TRAJECTORY_MAX_TRIPS = 1000;
/** The setting holding the minutes a device must stand still (or stay silent) for a trip to end; default below. */
export const TRIP_STOP_SETTING = 'trip_stop_minutes';
export const TRIP_STOP_MINUTES_DEFAULT = 10;

const instant = z.iso.datetime({ offset: true });

/**
 * A trajectory's range: a quick range (`range`) or a start and an end (`from`, `to`, both
 * required, the end after the start, at most TRAJECTORY_MAX_DAYS apart). Neither: the last week.
 */
export const trajectoryQuery = z
  .object({ id: idParam, range: z.enum(TRAJECTORY_RANGES).optional(), from: instant.optional(), to: instant.optional() })
  .superRefine((query, context) => {
    if (query.from === undefined && query.to === undefined) return;
    if (query.from === undefined || query.to === undefined) {
      context.addIssue({ code: 'custom', message: 'validation.required', path: [query.from === undefined ? 'from' : 'to'] });
      return;
    }
    const span = Date.parse(query.to) - Date.parse(query.from);
    if (!(span > 0)) context.addIssue({ code: 'custom', message: 'validation.invalid', path: ['to'] });
    else if (span > TRAJECTORY_MAX_DAYS * 86_400_000) context.addIssue({ code: 'custom', message: 'validation.tooLarge', path: ['to'] });
  });
export type TrajectoryQuery = z.infer<typeof trajectoryQuery>;

export const trajectoryPoint = z.object({
  at: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** km/h, vehicles only. */
  speed: z.number().nullable(),
  /** State of charge, percent (a battery's; a vehicle's when it reports one). */
  soc: z.number().nullable(),
});
export type TrajectoryPoint = z.infer<typeof trajectoryPoint>;

const place = z.object({ at: z.string(), lat: z.number(), lng: z.number() });

/** One trip: from a departure to the next stop (docs/stations-and-maps.md, Trajectories). */
export const trip = z.object({
  start: place,
  end: place,
  /** km along the reports (great-circle between consecutive reports). */
  distanceKm: z.number(),
  durationSeconds: z.number(),
  /** km/h: distance over duration. */
  averageSpeed: z.number(),
  /** km/h: the highest reported speed (vehicles) or the fastest leg between two reports (batteries). */
  topSpeed: z.number(),
  /** Percent of state of charge used (the drops added up), when the device reports its charge; otherwise null. */
  chargeUsed: z.number().nullable(),
  reports: z.number(),
});
export type Trip = z.infer<typeof trip>;

/** A stop longer than the trip-ending minutes: where, from when and for how long. */
export const stop = z.object({ from: z.string(), to: z.string(), lat: z.number(), lng: z.number(), minutes: z.number() });
export type Stop = z.infer<typeof stop>;

export const trajectory = z.object({
  id: z.number(),
  number: z.string(),
  /** The quick range asked for, or null for a start and an end. */
  range: z.enum(TRAJECTORY_RANGES).nullable(),
  from: z.string(),
  to: z.string(),
  /** Positioned reports in the range; `points` holds all of them or an even thinning of them. */
  total: z.number(),
  points: z.array(trajectoryPoint),
  /** The trip-ending stop length used, minutes (the setting). */
  stopMinutes: z.number(),
  trips: z.array(trip),
  stops: z.array(stop),
});
export type Trajectory = z.infer<typeof trajectory>;

/** A vehicle's statistics cover the last this many days unless a period is asked for. */
export const VEHICLE_STATISTICS_DEFAULT_DAYS = 30;
/** The busiest days listed: this many, most swaps first. */
export const VEHICLE_STATISTICS_TOP_DAYS = 10;

const calendarDay = z.iso.date();

/**
 * A vehicle's statistics period: the days `from` to `to` (both counted, both required once one is
 * given, `to` not before `from`, at most TRAJECTORY_MAX_DAYS days), counted in `timeZone` (an IANA
 * zone, UTC when absent). Neither: the last VEHICLE_STATISTICS_DEFAULT_DAYS days up to today.
 */
export const vehicleStatisticsQuery = z
  .object({ id: idParam, from: calendarDay.optional(), to: calendarDay.optional(), timeZone: z.string().max(64).optional() })
  .superRefine((query, context) => {
    if (query.timeZone !== undefined && !isTimeZone(query.timeZone))
      context.addIssue({ code: 'custom', message: 'validation.invalid', path: ['timeZone'] });
    if (query.from === undefined && query.to === undefined) return;
    if (query.from === undefined || query.to === undefined) {
      context.addIssue({ code: 'custom', message: 'validation.required', path: [query.from === undefined ? 'from' : 'to'] });
      return;
    }
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
    if (!(days >= 1)) context.addIssue({ code: 'custom', message: 'validation.invalid', path: ['to'] });
    else if (days > TRAJECTORY_MAX_DAYS) context.addIssue({ code: 'custom', message: 'validation.tooLarge', path: ['to'] });
  });
export type VehicleStatisticsQuery = z.infer<typeof vehicleStatisticsQuery>;

/**
 * One day of a vehicle's use: swaps served (succeeded), km ridden, charge used (percent points of a
 * pack; null without charge reports) and the energy that is (kWh: the points times one pack's energy,
 * `packKwh`; null without charge reports or without the type's rating).
 */
export const vehicleDay = z.object({
  day: z.string(),
  swaps: z.number(),
  distanceKm: z.number(),
  chargeUsed: z.number().nullable(),
  energyKwh: z.number().nullable(),
});
export type VehicleDay = z.infer<typeof vehicleDay>;

export const vehicleStatistics = z.object({
  id: z.number(),
  number: z.string(),
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** Every day of the period, oldest first (days without use at zero). */
  days: z.array(vehicleDay),
  /** The period's days with the most swaps (at most VEHICLE_STATISTICS_TOP_DAYS, days without swaps left out), most first. */
  topDays: z.array(vehicleDay),
  totals: z.object({ swaps: z.number(), distanceKm: z.number(), chargeUsed: z.number().nullable(), energyKwh: z.number().nullable() }),
  /**
   * One pack's energy in kWh, by the vehicle's type: its rated voltage times its rated capacity, shared
   * by its battery compartments (docs/stations-and-maps.md, "Vehicle statistics"); null without them.
   */
  packKwh: z.number().nullable(),
});
export type VehicleStatistics = z.infer<typeof vehicleStatistics>;

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
 * kind's detail page and so takes its permission, except a vehicle's statistics (their own page
 * and menu item, statistics.vehicle).
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
    /** /product/vehicle/dashboard/{id}: the vehicle's swaps, distance and charge used per day. */
    statistics: endpoint({
      method: 'GET',
      path: '/vehicle/statistics',
      access: { code: 'statistics.vehicle' },
      query: vehicleStatisticsQuery,
      answer: vehicleStatistics,
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
