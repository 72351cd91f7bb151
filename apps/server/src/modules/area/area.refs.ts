import { and, asc, eq, sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { integer } from 'drizzle-orm/pg-core';
import { qualified } from '../../app/sql.js';
import { areas } from './area.table.js';

/**
 * What other modules use to refer to an area without reading its table (docs/architecture.md,
 * "What an entry exports instead of its tables"): a foreign key column, the name beside the
 * caller's rows, and whether a position lies inside an area's outline.
 */

/**
 * A column naming an area (`area_id` unless named otherwise); removing the area empties it, or, with
 * `restrict`, is refused while a row names it (a price's city).
 */
export function areaIdColumn(name = 'area_id', onDelete: 'set null' | 'restrict' = 'set null') {
  return integer(name).references(() => areas.id, { onDelete });
}

/** The area's name beside the caller's rows, in the same query (null without an area). */
export function areaNameOf(areaId: Column | SQL): SQL<string | null> {
  return sql<
    string | null
  >`(select ${areas}.${sql.identifier('name')} from ${areas} where ${areas}.${sql.identifier('id')} = ${qualified(areaId)})`;
}

/**
 * Positions are compared with an outline by PostgreSQL's own polygon containment (`<@`, a crossing
 * count in C; core PostgreSQL, no PostGIS, so it runs on the embedded database too), in millionths
 * of a degree: its comparisons take differences under 1e-6 for zero, which in degrees would blur an
 * edge by metres. An outline is simple (docs/stations-and-maps.md, "Areas"), so its inside is the
 * same whichever crossing rule is used; a point on an edge counts as inside.
 */
const SCALE = 1_000_000;

/** The area row's outline (its jsonb ring) as a polygon in millionths of a degree; null without one. */
export function outlineOf(polygon: SQL): SQL {
  return sql`(select ('(' || string_agg('(' || ((pt->>0)::float8 * ${sql.raw(String(SCALE))})::text || ','
    || ((pt->>1)::float8 * ${sql.raw(String(SCALE))})::text || ')', ',' order by i) || ')')::polygon
    from jsonb_array_elements(${polygon}) with ordinality as ring(pt, i))`;
}

/** A position as a point of the same scale as outlineOf. */
export function pointOf(lat: SQL, lng: SQL): SQL {
  return sql`point(${lng} * ${sql.raw(String(SCALE))}, ${lat} * ${sql.raw(String(SCALE))})`;
}

/**
 * Whether the caller's row's position lies inside the outline of the area with this id. The area's
 * bounding box bounds the position columns as a range (an index on latitude, longitude serves it),
 * and the outline is read once per query: each condition on the area is an uncorrelated subquery
 * PostgreSQL runs once. A position without coordinates, or an area without an outline, is never inside.
 */
export function insideArea(areaId: number, latitude: Column, longitude: Column): SQL {
  const lat = qualified(latitude);
  const lng = qualified(longitude);
  const a = sql.identifier('outline_area');
  const of = (value: SQL) => sql`(select ${value} from ${areas} as ${a} where ${a}.${sql.identifier('id')} = ${areaId})`;
  const col = (name: string) => of(sql`${a}.${sql.identifier(name)}`);
  return sql`(${lat} between ${col('min_lat')} and ${col('max_lat')} and ${lng} between ${col('min_lng')} and ${col('max_lng')}
    and ${pointOf(lat, lng)} <@ ${of(outlineOf(sql`${a}.${sql.identifier('polygon')}`))})`;
}

/** Whether an area of type city has this id. */
export async function cityExists(db: Db, id: number): Promise<boolean> {
  const [found] = await db
    .select({ id: areas.id })
    .from(areas)
    .where(and(eq(areas.id, id), eq(areas.type, 'CITY')));
  return found !== undefined;
}

/** Every city (id, name, its province's name), by province and name. */
export function allCities(db: Db) {
  const province = alias(areas, 'city_province');
  return db
    .select({ id: areas.id, name: areas.name, province: sql<string>`coalesce(${province.name}, '')` })
    .from(areas)
    .leftJoin(province, eq(province.id, areas.provinceId))
    .where(eq(areas.type, 'CITY'))
    .orderBy(asc(province.name), asc(areas.name));
}

/** Whether an area with this id exists. */
export async function areaExists(db: Db, id: number): Promise<boolean> {
  const [found] = await db.select({ id: areas.id }).from(areas).where(eq(areas.id, id));
  return found !== undefined;
}
