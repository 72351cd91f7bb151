import { boolean, doublePrecision, index, integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { ACC_STATES } from '@swap/contracts';

/**
 * Telemetry history for trajectories and charts, one row per report, kept for the
 * `telemetry_retention` setting (days). Append-only and written in batches by the device link:
 * no primary key and no foreign key (each would cost an index probe per row at 10,000 rows/s);
 * (device, time) serves a device's range, a BRIN index on time serves the retention purge.
 * Each is partitioned by day of `at` (migration 0061, telemetry.partitions.ts; docs/scaling.md,
 * "Partitioning by time"): the partitions and the default one are made in SQL, never here.
 * Times are the server's receive time (a device clock may be wrong, the server's is one clock), except
 * for a backlog's readings, kept at the device's time within bounds (docs/device-protocol.md, "Backlog").
 */
export const batteryTelemetry = pgTable(
  'battery_telemetry',
  {
    batteryId: integer('battery_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    soc: real('soc').notNull(),
    voltage: real('voltage').notNull(),
    current: real('current').notNull(),
    temperature: real('temperature').notNull(),
  },
  (t) => [index('battery_telemetry_device_at_idx').on(t.batteryId, t.at), index('battery_telemetry_at_brin').using('brin', t.at)],
);

export const vehicleTelemetry = pgTable(
  'vehicle_telemetry',
  {
    vehicleId: integer('vehicle_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** km/h. */
    speed: real('speed').notNull(),
    acc: text('acc', { enum: ACC_STATES }).notNull(),
    /** Percent, when the vehicle reports its charge. */
    soc: real('soc'),
  },
  (t) => [index('vehicle_telemetry_device_at_idx').on(t.vehicleId, t.at), index('vehicle_telemetry_at_brin').using('brin', t.at)],
);

/** A cabinet's environment over time (temperature, humidity, load, alarms). */
export const cabinetTelemetry = pgTable(
  'cabinet_telemetry',
  {
    cabinetId: integer('cabinet_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    temperature: real('temperature').notNull(),
    humidity: real('humidity').notNull(),
    /** kW. */
    load: real('load').notNull(),
    signal: integer('signal').notNull(),
    waterAlarm: boolean('water_alarm').notNull(),
    smokeAlarm: boolean('smoke_alarm').notNull(),
  },
  (t) => [index('cabinet_telemetry_device_at_idx').on(t.cabinetId, t.at), index('cabinet_telemetry_at_brin').using('brin', t.at)],
);

/**
 * A vehicle's or a battery's positioned history summarised per hour for trajectories
 * (docs/stations-and-maps.md, "Trajectories"; migration 0020): the hour's legs merged into items,
 * whatever the stop length, and a marker row (seq 0) per summarised hour. Written by the hourly job
 * of the device link and by the trajectory call for settled hours still missing; triggers on the
 * history tables forget the hours whose reports change.
 */
export const telemetryTrack = pgTable(
  'telemetry_track',
  {
    kind: text('kind', { enum: ['vehicle', 'battery'] }).notNull(),
    deviceId: integer('device_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** 0: the hour's marker; 1…: its items in time order. */
    seq: integer('seq').notNull(),
    /** The item's first leg's start (the report before it), and its last report. */
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** Legs, so reports ending them. */
    legs: integer('legs').notNull(),
    /** Standing still at both ends of every leg. */
    still: boolean('still').notNull(),
    /** The device's first report (a leg without a start). */
    head: boolean('head').notNull(),
    /** Seconds and great-circle kilometres of its legs, added up. */
    dt: doublePrecision('dt').notNull(),
    km: doublePrecision('km').notNull(),
    top: doublePrecision('top'),
    used: doublePrecision('used'),
    lat1: doublePrecision('lat1'),
    lng1: doublePrecision('lng1'),
    lat2: doublePrecision('lat2'),
    lng2: doublePrecision('lng2'),
  },
  (t) => [
    primaryKey({ name: 'telemetry_track_pkey', columns: [t.kind, t.deviceId, t.hour, t.seq] }),
    // The retention purge removes the hours past it (migration 0061).
    index('telemetry_track_hour_brin').using('brin', t.hour),
  ],
);

/**
 * Ranges of hours the history triggers forgot (migration 0023), forgotten again under the device's
 * lock by the next trajectory call or job run: a summary committed after the trigger ran is not
 * kept (docs/stations-and-maps.md, "Trajectories").
 */
export const telemetryTrackStale = pgTable(
  'telemetry_track_stale',
  {
    kind: text('kind', { enum: ['vehicle', 'battery'] }).notNull(),
    deviceId: integer('device_id').notNull(),
    lo: timestamp('lo', { withTimezone: true }).notNull(),
    hi: timestamp('hi', { withTimezone: true }).notNull(),
  },
  (t) => [index('telemetry_track_stale_device_idx').on(t.kind, t.deviceId)],
);
