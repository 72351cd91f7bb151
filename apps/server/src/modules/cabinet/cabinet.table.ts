import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  COMMUNICATION_TYPES,
  COMPARTMENT_STATES,
  INDICATOR_COLOURS,
  LOCK_STATES,
  NETWORK_TYPES,
  ON_OFF,
  RADIATOR_SETTINGS,
  SCRAP_STATUSES,
  STOCK_STATUSES,
  SUPPLY_STATUSES,
  type MeterReading,
} from '@swap/contracts';
import { merchants } from '../merchant/merchant.table.js';
import { deviceTypes } from '../device-type/device-type.table.js';
import { batteries } from '../battery/battery.table.js';

/** Swap cabinets (20 k rows at a large operator). */
export const cabinets = pgTable(
  'cabinet',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    brand: text('brand'),
    model: text('model'),
    typeId: integer('type_id')
      .notNull()
      .references(() => deviceTypes.id),
    productNumber: text('product_number'),
    networkType: text('network_type', { enum: NETWORK_TYPES }),
    communicationType: text('communication_type', { enum: COMMUNICATION_TYPES }),
    compartmentCount: integer('compartment_count').notNull(),
    factoryDate: date('factory_date', { mode: 'string' }),
    supplyStatus: text('supply_status', { enum: SUPPLY_STATUSES }).notNull().default('NORMAL'),
    humidity: doublePrecision('humidity'),
    signal: integer('signal'),
    waterAlarm: boolean('water_alarm').notNull().default(false),
    smokeAlarm: boolean('smoke_alarm').notNull().default(false),
    temperature: doublePrecision('temperature'),
    lamp: text('lamp', { enum: ON_OFF }).notNull().default('OFF'),
    radiatorSetting: text('radiator_setting', { enum: RADIATOR_SETTINGS }).notNull().default('AUTO'),
    externalMaxPower: doublePrecision('external_max_power'),
    chargerTotalPower: doublePrecision('charger_total_power'),
    meterCount: integer('meter_count'),
    /** Each energy meter's cumulative kWh from the last telemetry report. */
    meterReadings: jsonb('meter_readings').$type<MeterReading[]>().notNull().default([]),
    load: doublePrecision('load'),
    imei: text('imei'),
    androidSerialNumber: text('android_serial_number'),
    site: text('site'),
    /**
     * The station the cabinet stands in (docs/stations-and-maps.md). Its foreign key (a station with
     * cabinets stays) is declared in migration 0018 only: the station module reads cabinets, so the
     * cabinet module names no station table.
     */
    stationId: integer('station_id'),
    /** The seller's text written before sellers were merchants, kept only where it named none (migration 0022). */
    seller: text('seller'),
    /** The merchant that sold the cabinet (docs/stations-and-maps.md, "Seller and dealer"). */
    sellerId: integer('seller_id').references(() => merchants.id),
    purchaseTime: timestamp('purchase_time', { withTimezone: true }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    location: text('location'),
    stockStatus: text('stock_status', { enum: STOCK_STATUSES }).notNull().default('INSTOCK'),
    scrapStatus: text('scrap_status', { enum: SCRAP_STATUSES }).notNull().default('NORMAL'),
    scrapReason: text('scrap_reason'),
    scrappedAt: timestamp('scrapped_at', { withTimezone: true }),
    merchantId: integer('merchant_id').references(() => merchants.id),
    /** Device link: retained state, last will and heartbeat timeout keep it current. */
    online: boolean('online').notNull().default(false),
    /**
     * Offline by its own word or its last will (not by a heartbeat timeout): only its next state
     * brings it back, so telemetry it sent before going away, read late, does not.
     */
    disconnected: boolean('disconnected').notNull().default(false),
    lastReportAt: timestamp('last_report_at', { withTimezone: true }),
    /** The firmware version the cabinet last reported in its state (docs/firmware.md, "Versions"). */
    firmwareVersion: text('firmware_version'),
    /**
     * Its batteries ready to swap (enabled compartment, swappable or full) and standing in it, kept
     * by the compartment table's triggers (migration 0065; docs/dashboard.md, "Ranking"): read, never written.
     */
    readyBatteries: integer('ready_batteries').notNull().default(0),
    standingBatteries: integer('standing_batteries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cabinet_number_key').on(t.number),
    index('cabinet_number_prefix_idx').on(t.number.op('text_pattern_ops')),
    index('cabinet_merchant_idx').on(t.merchantId, t.id),
    index('cabinet_type_idx').on(t.typeId, t.id),
    // The versions screen counts and lists a type's cabinets by version.
    index('cabinet_type_firmware_idx').on(t.typeId, t.firmwareVersion, t.id),
    index('cabinet_stock_idx').on(t.stockStatus, t.id),
    index('cabinet_created_idx').on(t.createdAt, t.id),
    index('cabinet_model_idx').on(t.model, t.id),
    index('cabinet_site_idx').on(t.site, t.id),
    index('cabinet_station_idx').on(t.stationId, t.id),
    // Assigned (in a station) or not, the distribution filter (docs/operation-centre.md).
    index('cabinet_merchant_station_idx').on(t.merchantId, t.stationId, t.id),
    index('cabinet_unplaced_idx')
      .on(t.id)
      .where(sql`${t.stationId} is null`),
    index('cabinet_seller_idx')
      .on(t.sellerId)
      .where(sql`${t.sellerId} is not null`),
    index('cabinet_imei_idx').on(t.imei),
    index('cabinet_brand_idx').on(t.brand, t.id),
    index('cabinet_network_idx').on(t.networkType, t.id),
    index('cabinet_supply_idx').on(t.supplyStatus, t.id),
    // The heartbeat sweep walks only the cabinets that are online.
    index('cabinet_online_report_idx')
      .on(t.lastReportAt)
      .where(sql`${t.online}`),
    // The list's "offline" filter, newest first: the few cabinets not heard from.
    index('cabinet_offline_idx')
      .on(t.id)
      .where(sql`not ${t.online}`),
    index('cabinet_scrapped_idx')
      .on(t.id)
      .where(sql`${t.scrapStatus} = 'SCRAPPED'`),
  ],
);

/** Compartments (slots) of a cabinet, created with it from its type's compartment count. */
export const cabinetCompartments = pgTable(
  'cabinet_compartment',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    index: integer('idx').notNull(),
    state: text('state', { enum: COMPARTMENT_STATES }).notNull().default('EMPTY'),
    doorLock: text('door_lock', { enum: LOCK_STATES }).notNull().default('LOCKED'),
    batteryLock: text('battery_lock', { enum: LOCK_STATES }).notNull().default('UNLOCKED'),
    inPlace: boolean('in_place').notNull().default(false),
    chargerSwitch: text('charger_switch', { enum: ON_OFF }).notNull().default('OFF'),
    voltage: doublePrecision('voltage'),
    current: doublePrecision('current'),
    temperature: doublePrecision('temperature'),
    preset: doublePrecision('preset'),
    indicator: text('indicator', { enum: INDICATOR_COLOURS }).notNull().default('OFF'),
    fault: text('fault'),
    nfcSwitch: text('nfc_switch', { enum: ON_OFF }).notNull().default('ON'),
    enabled: boolean('enabled').notNull().default(true),
    batteryId: integer('battery_id').references(() => batteries.id),
  },
  (t) => [
    uniqueIndex('cabinet_compartment_slot_key').on(t.cabinetId, t.index),
    uniqueIndex('cabinet_compartment_battery_key')
      .on(t.batteryId)
      .where(sql`${t.batteryId} is not null`),
  ],
);
