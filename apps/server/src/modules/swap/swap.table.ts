import { doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { APPOINTMENT_STATUSES, SWAP_RECORD_FAILURE_CODES, SWAP_RESULTS } from '@swap/contracts';
import { merchantIdColumn } from '../merchant/index.js';
import { cabinets } from '../cabinet/cabinet.table.js';
import { vehicles } from '../vehicle/vehicle.table.js';
import { customers } from '../customer/customer.table.js';

/**
 * One row per swap a cabinet reports (100 M rows at a large operator). Battery numbers are kept as
 * reported (a swap stays readable after a battery is renumbered or removed). The owner is the
 * cabinet owner's merchant at the time of the swap; the vehicle is the one the swap served
 * (docs/device-protocol.md, "Swap event"), for a vehicle's statistics.
 */
export const swapRecords = pgTable(
  'swap_record',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .notNull()
      .references(() => cabinets.id),
    eventId: text('event_id').notNull(),
    requestId: text('request_id'),
    batteryInNumber: text('battery_in_number'),
    batteryInCompartment: integer('battery_in_compartment'),
    batteryInSoc: doublePrecision('battery_in_soc'),
    batteryOutNumber: text('battery_out_number'),
    batteryOutCompartment: integer('battery_out_compartment'),
    batteryOutSoc: doublePrecision('battery_out_soc'),
    /** The customer number as the cabinet read it, kept for display. */
    customer: text('customer'),
    /** The merchant's customer of that number, when there is one (docs/customers.md, "Swaps and reservations"). */
    customerId: integer('customer_id').references(() => customers.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    result: text('result', { enum: SWAP_RESULTS }).notNull(),
    failureCode: text('failure_code', { enum: SWAP_RECORD_FAILURE_CODES }),
    appointmentId: integer('appointment_id'),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    merchantId: merchantIdColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A redelivered event (QoS 1) is recorded once.
    uniqueIndex('swap_record_event_key').on(t.cabinetId, t.eventId),
    index('swap_record_started_idx').on(t.startedAt, t.id),
    index('swap_record_merchant_started_idx').on(t.merchantId, t.startedAt, t.id),
    index('swap_record_cabinet_started_idx').on(t.cabinetId, t.startedAt, t.id),
    index('swap_record_result_idx').on(t.result, t.id),
    index('swap_record_battery_in_idx').on(t.batteryInNumber.op('text_pattern_ops')),
    index('swap_record_battery_out_idx').on(t.batteryOutNumber.op('text_pattern_ops')),
    index('swap_record_customer_idx').on(t.customer, t.id),
    // A customer's swaps, newest first (the customer's page).
    index('swap_record_customer_started_idx')
      .on(t.customerId, t.startedAt, t.id)
      .where(sql`${t.customerId} is not null`),
    index('swap_record_vehicle_started_idx')
      .on(t.vehicleId, t.startedAt)
      .where(sql`${t.vehicleId} is not null`),
  ],
);

/** A compartment held for a customer until used by a swap, expired or cancelled. */
export const appointments = pgTable(
  'appointment',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .notNull()
      .references(() => cabinets.id),
    compartment: integer('compartment').notNull(),
    batteryNumber: text('battery_number'),
    batterySoc: doublePrecision('battery_soc'),
    customer: text('customer').notNull(),
    /** The merchant's customer of that number, when there is one. */
    customerId: integer('customer_id').references(() => customers.id),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('RESERVED'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    swapId: integer('swap_id'),
    merchantId: merchantIdColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live reservation per compartment: the database refuses a second one.
    uniqueIndex('appointment_held_key')
      .on(t.cabinetId, t.compartment)
      .where(sql`${t.status} = 'RESERVED'`),
    // The expiry sweep walks only the live ones.
    index('appointment_held_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'RESERVED'`),
    index('appointment_created_idx').on(t.createdAt, t.id),
    index('appointment_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
    index('appointment_cabinet_idx').on(t.cabinetId, t.id),
    index('appointment_status_idx').on(t.status, t.id),
    index('appointment_customer_idx').on(t.customer, t.id),
    index('appointment_customer_created_idx')
      .on(t.customerId, t.createdAt, t.id)
      .where(sql`${t.customerId} is not null`),
    index('appointment_battery_prefix_idx').on(t.batteryNumber.op('text_pattern_ops')),
  ],
);

/**
 * Where the batched backfill of a reference column has got to (docs/customers.md, "Swaps and
 * reservations"): the last id it went through, and when it passed the table's last row.
 */
export const referenceBackfills = pgTable('reference_backfill', {
  name: text('name').primaryKey(),
  lastId: integer('last_id').notNull().default(0),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
