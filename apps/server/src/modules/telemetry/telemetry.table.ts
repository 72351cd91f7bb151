import { boolean, doublePrecision, index, integer, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { ACC_STATES } from '@swap/contracts';

/**
 * Telemetry history for trajectories and charts, one row per report, kept for the
 * `telemetry_retention` setting (days). Append-only and written in batches by the device link:
 * no primary key and no foreign key (each would cost an index probe per row at 10,000 rows/s);
 * (device, time) serves a device's range, a BRIN index on time serves the retention purge.
 * Times are the server's receive time: a device clock may be wrong, the server's is one clock.
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
