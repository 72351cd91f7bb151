import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { integer } from 'drizzle-orm/pg-core';
import { qualified } from '../../app/sql.js';
import { areas } from './area.table.js';

/**
 * What other modules use to refer to an area without reading its table (docs/architecture.md,
 * "What an entry exports instead of its tables"): a foreign key column, the name beside the
 * caller's rows, and whether a position lies inside an area's outline.
 */

/** A column naming an area (`area_id` unless named otherwise); removing the area empties it. */
export function areaIdColumn(name = 'area_id') {
  return integer(name).references(() => areas.id, { onDelete: 'set null' });
}

/** The area's name beside the caller's rows, in the same query (null without an area). */
export function areaNameOf(areaId: Column | SQL): SQL<string | null> {
  return sql<
    string | null
  >`(select ${areas}.${sql.identifier('name')} from ${areas} where ${areas}.${sql.identifier('id')} = ${qualified(areaId)})`;
}

/**
 * How many edges of the area row's outline a ray from the point eastwards crosses (odd: inside).
 * Portable SQL over the stored ring: no PostGIS, so it runs on the embedded database too.
 */
export function edgesCrossedEast(polygon: SQL, lat: SQL, lng: SQL): SQL {
  return sql`(
    select count(*) from jsonb_array_elements(${polygon}) with ordinality as p(pt, i)
    join jsonb_array_elements(${polygon}) with ordinality as q(pt, j) on q.j = p.i + 1
    where ((p.pt->>1)::float8 > ${lat}) <> ((q.pt->>1)::float8 > ${lat})
      and ${lng} < ((q.pt->>0)::float8 - (p.pt->>0)::float8) * (${lat} - (p.pt->>1)::float8)
        / nullif((q.pt->>1)::float8 - (p.pt->>1)::float8, 0) + (p.pt->>0)::float8
  )`;
}

/**
 * Whether the caller's row's position lies inside the outline of the area with this id: its
 * bounding box first, then the ray cast. A position without coordinates, or an area without an
 * outline, is never inside. A point exactly on an edge may fall either side.
 */
export function insideArea(areaId: number, latitude: Column, longitude: Column): SQL {
  const lat = sql`${qualified(latitude)}::float8`;
  const lng = sql`${qualified(longitude)}::float8`;
  const a = sql.identifier('outline_area');
  const col = (name: string) => sql`${a}.${sql.identifier(name)}`;
  return sql`exists (select 1 from ${areas} as ${a} where ${col('id')} = ${areaId} and ${col('polygon')} is not null
    and ${col('min_lat')} <= ${lat} and ${col('max_lat')} >= ${lat} and ${col('min_lng')} <= ${lng} and ${col('max_lng')} >= ${lng}
    and ${edgesCrossedEast(col('polygon'), lat, lng)} % 2 = 1)`;
}

/** Whether an area with this id exists. */
export async function areaExists(db: Db, id: number): Promise<boolean> {
  const [found] = await db.select({ id: areas.id }).from(areas).where(eq(areas.id, id));
  return found !== undefined;
}
