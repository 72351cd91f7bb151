import { doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { STATION_NATURES, STATION_STATUSES, STATION_TYPES } from '@swap/contracts';
import { merchantIdColumn } from '../merchant/index.js';
import { areaIdColumn } from '../area/index.js';

/**
 * Stations, integrated or swap (docs/stations-and-maps.md, "Stations"). Cabinets name their station
 * (cabinet.station_id); triggers on the cabinet table keep their count on the station row
 * (migration 0021). A station made from an older cabinet's site text may have no position yet.
 */
export const stations = pgTable(
  'station',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nature: text('nature', { enum: STATION_NATURES }).notNull(),
    type: text('type', { enum: STATION_TYPES }).notNull(),
    address: text('address').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    merchantId: merchantIdColumn(),
    responsiblePerson: text('responsible_person').notNull(),
    status: text('status', { enum: STATION_STATUSES }).notNull(),
    areaId: areaIdColumn(),
    /** Cabinets that belong to the station, kept by the cabinet table's triggers (never written here). */
    cabinetCount: integer('cabinet_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('station_type_merchant_idx').on(t.type, t.merchantId, t.id),
    index('station_type_created_idx').on(t.type, t.createdAt, t.id),
    // Also carries merchant_id, created_at and id (INCLUDE, migration 0021): the area filter reads the index alone.
    index('station_position_idx').on(t.type, t.latitude, t.longitude),
    // Stations still lacking a position or a responsible person (migration 0036), for the "incomplete" filter.
    index('station_incomplete_idx')
      .on(t.type, t.id)
      .where(sql`${t.latitude} is null or ${t.responsiblePerson} = ''`),
    uniqueIndex('station_name_key').on(sql`coalesce(${t.merchantId}, 0)`, sql`lower(${t.name})`),
  ],
);
