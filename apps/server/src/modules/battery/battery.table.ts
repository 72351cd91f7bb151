import { doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  ALARM_STATUSES,
  BATTERY_STRUCTURES,
  DISTRIBUTION_STATUSES,
  RETURN_STATUSES,
  SCRAP_STATUSES,
  STOCK_STATUSES,
  SWITCH_PERMISSIONS,
} from '@swap/contracts';
import { merchants } from '../merchant/merchant.table.js';
import { deviceTypes } from '../device-type/device-type.table.js';
import { customers } from '../customer/customer.table.js';

/**
 * Batteries (1 M rows at a large operator). Indexes serve the list filters with the list order
 * (…, id) so a page is an index walk, never a sort of the whole match; see docs/scaling.md.
 */
export const batteries = pgTable(
  'battery',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    name: text('name'),
    typeId: integer('type_id')
      .notNull()
      .references(() => deviceTypes.id),
    brand: text('brand'),
    model: text('model'),
    imei: text('imei'),
    weight: doublePrecision('weight'),
    ratedVoltage: doublePrecision('rated_voltage'),
    ratedCapacity: doublePrecision('rated_capacity'),
    ratedCurrent: doublePrecision('rated_current'),
    softwareVersion: text('software_version'),
    hardwareVersion: text('hardware_version'),
    cellCount: integer('cell_count'),
    structure: text('structure', { enum: BATTERY_STRUCTURES }),
    bmsBrand: text('bms_brand'),
    cellBrand: text('cell_brand'),
    capacity: doublePrecision('capacity'),
    soc: doublePrecision('soc'),
    /** Pack voltage (V) and current (A, negative discharging), from the device link. */
    voltage: doublePrecision('voltage'),
    current: doublePrecision('current'),
    cycles: integer('cycles').notNull().default(0),
    temperature: doublePrecision('temperature'),
    cellVoltages: jsonb('cell_voltages').$type<number[]>().notNull().default([]),
    gsmSignal: integer('gsm_signal'),
    gpsSignal: integer('gps_signal'),
    chargeSwitch: text('charge_switch', { enum: SWITCH_PERMISSIONS }).notNull().default('ALLOWED'),
    dischargeSwitch: text('discharge_switch', { enum: SWITCH_PERMISSIONS }).notNull().default('ALLOWED'),
    alarmStatus: text('alarm_status', { enum: ALARM_STATUSES }).notNull().default('NORMAL'),
    scrapStatus: text('scrap_status', { enum: SCRAP_STATUSES }).notNull().default('NORMAL'),
    scrapReason: text('scrap_reason'),
    scrappedAt: timestamp('scrapped_at', { withTimezone: true }),
    stockStatus: text('stock_status', { enum: STOCK_STATUSES }).notNull().default('INSTOCK'),
    /** Only an assigned battery that is not being returned may be handed out by a cabinet. */
    distributionStatus: text('distribution_status', { enum: DISTRIBUTION_STATUSES }).notNull().default('UNASSIGNED'),
    returnStatus: text('return_status', { enum: RETURN_STATUSES }).notNull().default('NONE'),
    /** The station the battery is distributed to (docs/operation-centre.md, "Distribution"); ASSIGNED with it. */
    stationId: integer('station_id'),
    /** Mid-swap until then: set when a cabinet's hand-out is authorized, cleared by the swap event. */
    swapLockedUntil: timestamp('swap_locked_until', { withTimezone: true }),
    /** The authorization request that set the marker (a redelivered request is answered the same). */
    swapRequestId: text('swap_request_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    location: text('location'),
    androidSerialNumber: text('android_serial_number'),
    /** Owner; null = platform stock. */
    merchantId: integer('merchant_id').references(() => merchants.id),
    /** The vehicle holding the battery (kept with vehicle.battery1_id/battery2_id in one transaction). */
    vehicleId: integer('vehicle_id'),
    /**
     * The customer holding the battery (docs/orders.md, "Vehicle and battery orders"): set by a
     * battery order's hand-over, passed on by a swap, cleared when the product order holding it ends.
     */
    holderCustomerId: integer('holder_customer_id').references(() => customers.id),
    lastReportAt: timestamp('last_report_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('battery_number_key').on(t.number),
    index('battery_holder_idx')
      .on(t.holderCustomerId, t.id)
      .where(sql`${t.holderCustomerId} is not null`),
    // Prefix search (number LIKE 'ABC%') under any database collation.
    index('battery_number_prefix_idx').on(t.number.op('text_pattern_ops')),
    index('battery_merchant_idx').on(t.merchantId, t.id),
    // A station's removal counts the batteries distributed to it (migration 0036).
    index('battery_station_idx')
      .on(t.stationId)
      .where(sql`${t.stationId} is not null`),
    // Merchant staff always filter by their tenant: its commonest companions lead with merchant_id too.
    index('battery_merchant_stock_idx').on(t.merchantId, t.stockStatus, t.id),
    index('battery_merchant_type_idx').on(t.merchantId, t.typeId, t.id),
    index('battery_type_idx').on(t.typeId, t.id),
    index('battery_stock_idx').on(t.stockStatus, t.id),
    index('battery_created_idx').on(t.createdAt, t.id),
    index('battery_model_idx').on(t.model, t.id),
    index('battery_brand_idx').on(t.brand, t.id),
    index('battery_imei_idx').on(t.imei),
    index('battery_structure_idx').on(t.structure, t.id),
    // An alarm is the exception: a partial index finds those few in list order.
    index('battery_alarm_idx')
      .on(t.id)
      .where(sql`${t.alarmStatus} = 'ALARM'`),
    // Forbidding charge or discharge is the exception: partial indexes find those few in list order.
    index('battery_charge_forbidden_idx')
      .on(t.id)
      .where(sql`${t.chargeSwitch} = 'FORBIDDEN'`),
    index('battery_discharge_forbidden_idx')
      .on(t.id)
      .where(sql`${t.dischargeSwitch} = 'FORBIDDEN'`),
    index('battery_scrapped_idx')
      .on(t.id)
      .where(sql`${t.scrapStatus} = 'SCRAPPED'`),
    // The exceptions the swap rules look for, in list order.
    index('battery_unassigned_idx')
      .on(t.id)
      .where(sql`${t.distributionStatus} = 'UNASSIGNED'`),
    // The assigned/unassigned filter (docs/operation-centre.md): the tenant's rows, and the platform's in list order.
    index('battery_merchant_distribution_idx').on(t.merchantId, t.distributionStatus, t.id),
    index('battery_assigned_idx')
      .on(t.id)
      .where(sql`${t.distributionStatus} = 'ASSIGNED'`),
    index('battery_returning_idx')
      .on(t.id)
      .where(sql`${t.returnStatus} = 'RETURNING'`),
    index('battery_vehicle_idx')
      .on(t.vehicleId)
      .where(sql`${t.vehicleId} is not null`),
    // The "bound" filter in list order: newest bound batteries without walking the free ones.
    index('battery_bound_idx')
      .on(t.id)
      .where(sql`${t.vehicleId} is not null`),
  ],
);
