import { date, index, integer, numeric, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/**
 * The dashboard's rollups (docs/dashboard.md): per merchant (0 for rows of no merchant, which only
 * platform staff see) and hour, day and in all; per cabinet and day (the ranking's; no cabinet hours). Each row is kept up
 * by an upsert inside the transaction that stores the swap, order or customer it counts, so a
 * figure is never ahead of or behind what it counts; the dashboard reads these rows only.
 */
const counters = {
  /** Successful swaps. */
  swaps: integer('swaps').notNull().default(0),
  /** Energy delivered by energy orders, in kWh. */
  energyKwh: numeric('energy_kwh', { precision: 16, scale: 3 }).notNull().default('0'),
  /** Vehicles and batteries sold: orders paid (a paid order cancelled later counts -1 in its paid hour). */
  vehiclesSold: integer('vehicles_sold').notNull().default(0),
  batteriesSold: integer('batteries_sold').notNull().default(0),
  /** Customers registered. */
  newUsers: integer('new_users').notNull().default(0),
  /** Customers whose identity was approved (a withdrawn approval counts -1 in its approval hour). */
  approvedUsers: integer('approved_users').notNull().default(0),
};

export const dashboardMerchantHours = pgTable(
  'dashboard_merchant_hour',
  { merchantId: integer('merchant_id').notNull(), hour: timestamp('hour', { withTimezone: true }).notNull(), ...counters },
  (t) => [primaryKey({ columns: [t.merchantId, t.hour] }), index('dashboard_merchant_hour_hour_idx').on(t.hour)],
);

export const dashboardMerchantDays = pgTable(
  'dashboard_merchant_day',
  { merchantId: integer('merchant_id').notNull(), day: date('day').notNull(), ...counters },
  (t) => [primaryKey({ columns: [t.merchantId, t.day] }), index('dashboard_merchant_day_day_idx').on(t.day)],
);

export const dashboardMerchantTotals = pgTable('dashboard_merchant_total', {
  merchantId: integer('merchant_id').primaryKey(),
  ...counters,
});

const cabinetCounters = {
  cabinetId: integer('cabinet_id').notNull(),
  merchantId: integer('merchant_id').notNull(),
  /** The station the cabinet stood in when the last counted swap was stored. */
  stationId: integer('station_id'),
  swaps: counters.swaps,
  energyKwh: counters.energyKwh,
};

export const dashboardCabinetDays = pgTable('dashboard_cabinet_day', { ...cabinetCounters, day: date('day').notNull() }, (t) => [
  primaryKey({ columns: [t.merchantId, t.day, t.cabinetId] }),
  // The busiest cabinets of a day, for platform staff (all merchants) and for one merchant.
  index('dashboard_cabinet_day_rank_idx').on(t.day, t.swaps.desc()),
  index('dashboard_cabinet_day_merchant_rank_idx').on(t.merchantId, t.day, t.swaps.desc()),
]);
