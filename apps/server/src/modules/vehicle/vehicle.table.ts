import { doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  ACC_STATES,
  ACTIVATION_STATUSES,
  AVAILABILITIES,
  DISTRIBUTION_STATUSES,
  SALE_MODES,
  SALE_STATUSES,
  SCRAP_STATUSES,
  STOCK_STATUSES,
} from '@swap/contracts';
import { merchants } from '../merchant/merchant.table.js';
import { deviceTypes } from '../device-type/device-type.table.js';
import { batteries } from '../battery/battery.table.js';

/** Vehicles (300 k rows at a large operator); indexes as for batteries, see docs/scaling.md. */
export const vehicles = pgTable(
  'vehicle',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    name: text('name'),
    typeId: integer('type_id')
      .notNull()
      .references(() => deviceTypes.id),
    brand: text('brand'),
    model: text('model'),
    activationStatus: text('activation_status', { enum: ACTIVATION_STATUSES }).notNull().default('NOT_ACTIVATED'),
    accState: text('acc_state', { enum: ACC_STATES }).notNull().default('OFF'),
    fault: text('fault'),
    compartmentType: text('compartment_type'),
    battery1Id: integer('battery1_id').references(() => batteries.id),
    battery2Id: integer('battery2_id').references(() => batteries.id),
    /** The customer the vehicle is bound to (set by orders; a reference to the customer, migration 0032). */
    boundUserId: integer('bound_user_id'),
    /** The dealer's text written before dealers were merchants, kept only where it named none (migration 0022). */
    dealer: text('dealer'),
    /** The merchant that deals the vehicle (docs/stations-and-maps.md, "Seller and dealer"). */
    dealerId: integer('dealer_id').references(() => merchants.id),
    motorNumber: text('motor_number'),
    engineNumber: text('engine_number'),
    vin: text('vin'),
    rateCapacity: doublePrecision('rate_capacity'),
    rateVoltage: doublePrecision('rate_voltage'),
    saleStatus: text('sale_status', { enum: SALE_STATUSES }).notNull().default('UNSOLD'),
    availability: text('availability', { enum: AVAILABILITIES }).notNull().default('AVAILABLE'),
    saleMode: text('sale_mode', { enum: SALE_MODES }).notNull().default('RENT_OR_SALE'),
    stockStatus: text('stock_status', { enum: STOCK_STATUSES }).notNull().default('INSTOCK'),
    scrapStatus: text('scrap_status', { enum: SCRAP_STATUSES }).notNull().default('NORMAL'),
    scrapReason: text('scrap_reason'),
    scrappedAt: timestamp('scrapped_at', { withTimezone: true }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    location: text('location'),
    merchantId: integer('merchant_id').references(() => merchants.id),
    /**
     * The station the vehicle is distributed to and whether it is (docs/operation-centre.md,
     * "Distribution"); the station's foreign key is declared in migration 0026 only.
     */
    stationId: integer('station_id'),
    distributionStatus: text('distribution_status', { enum: DISTRIBUTION_STATUSES }).notNull().default('UNASSIGNED'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vehicle_bound_user_idx')
      .on(t.boundUserId)
      .where(sql`${t.boundUserId} is not null`),
    uniqueIndex('vehicle_number_key').on(t.number),
    index('vehicle_number_prefix_idx').on(t.number.op('text_pattern_ops')),
    index('vehicle_merchant_idx').on(t.merchantId, t.id),
    // A station's removal counts the vehicles distributed to it (migration 0036).
    index('vehicle_station_idx')
      .on(t.stationId)
      .where(sql`${t.stationId} is not null`),
    // Merchant staff always filter by their tenant: its commonest companions lead with merchant_id too.
    index('vehicle_merchant_stock_idx').on(t.merchantId, t.stockStatus, t.id),
    index('vehicle_merchant_type_idx').on(t.merchantId, t.typeId, t.id),
    index('vehicle_type_idx').on(t.typeId, t.id),
    index('vehicle_merchant_distribution_idx').on(t.merchantId, t.distributionStatus, t.id),
    index('vehicle_distribution_idx').on(t.distributionStatus, t.id),
    index('vehicle_stock_idx').on(t.stockStatus, t.id),
    index('vehicle_created_idx').on(t.createdAt, t.id),
    index('vehicle_model_idx').on(t.model, t.id),
    index('vehicle_brand_idx').on(t.brand, t.id),
    index('vehicle_vin_idx').on(t.vin),
    index('vehicle_sale_idx').on(t.saleStatus, t.id),
    index('vehicle_availability_idx').on(t.availability, t.id),
    index('vehicle_sale_mode_idx').on(t.saleMode, t.id),
    index('vehicle_activation_idx').on(t.activationStatus, t.id),
    index('vehicle_dealer_idx')
      .on(t.dealerId)
      .where(sql`${t.dealerId} is not null`),
    index('vehicle_scrapped_idx')
      .on(t.id)
      .where(sql`${t.scrapStatus} = 'SCRAPPED'`),
    // A battery sits in one compartment of one vehicle: the database holds the line too.
    uniqueIndex('vehicle_battery1_key')
      .on(t.battery1Id)
      .where(sql`${t.battery1Id} is not null`),
    uniqueIndex('vehicle_battery2_key')
      .on(t.battery2Id)
      .where(sql`${t.battery2Id} is not null`),
  ],
);
