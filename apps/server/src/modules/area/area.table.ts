import {
  type AnyPgColumn,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { AREA_TYPES } from '@swap/contracts';

/**
 * Provinces and their cities (docs/stations-and-maps.md, "Areas"). The outline is one closed ring of
 * [longitude, latitude] points; its bounding box is kept beside it for the point-in-area lookup.
 */
export const areas = pgTable(
  'area',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: AREA_TYPES }).notNull(),
    provinceId: integer('province_id').references((): AnyPgColumn => areas.id, { onDelete: 'restrict' }),
    polygon: jsonb('polygon').$type<[number, number][]>(),
    minLng: doublePrecision('min_lng'),
    minLat: doublePrecision('min_lat'),
    maxLng: doublePrecision('max_lng'),
    maxLat: doublePrecision('max_lat'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('area_code_key').on(sql`lower(${t.code})`),
    uniqueIndex('area_name_key').on(sql`lower(${t.name})`),
    index('area_province_idx').on(t.provinceId),
    index('area_box_idx').on(t.minLng, t.maxLng),
  ],
);
