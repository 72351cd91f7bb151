export { allCities, areaExists, areaIdColumn, areaNameOf, cityExists, insideArea } from './area.refs.js';
import type { FastifyInstance } from 'fastify';
import { aliasedTable, and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import { areaApi, areaOptionsEndpoint, type AreaAdd, type AreaEdit, type AreaRecord, type AreaType } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { fieldColumns, type CsvColumn } from '../../app/csv.js';
import { AppError, isUniqueViolation, notFound, violatedConstraint } from '../../app/errors.js';
import { defineList } from '../../app/list.js';
import { likePattern } from '../../app/pagination.js';
import { answerOptions } from '../../app/options.js';
import { serve } from '../../app/route.js';
import { diff, recordAudit } from '../audit-log/index.js';
import { outlineOf, pointOf } from './area.refs.js';
import { areas } from './area.table.js';

/**
 * Areas (docs/stations-and-maps.md, "Areas"): platform data. Every holder of `admin.area` reads
 * them all; only platform staff write them (the endpoints' `platform` scope).
 */

const province = aliasedTable(areas, 'province');
const SMALL_TABLE = 'Areas are a few hundred provinces and cities: the table is read in full.';
const areaProvinceName = sql<string | null>`(select p.name from ${areas} as p where p.id = ${areas}.${sql.identifier('province_id')})`;
const cityCount = sql<number>`(select count(*)::int from ${areas} as child where child.province_id = ${areas.id})`;

interface Row {
  area: typeof areas.$inferSelect;
  provinceName: string | null;
  cityCount: number;
}

function present({ area, provinceName, cityCount: cities }: Row): AreaRecord {
  return {
    id: area.id,
    code: area.code,
    name: area.name,
    type: area.type,
    provinceId: area.provinceId,
    province: area.type === 'PROVINCE' ? area.name : (provinceName ?? ''),
    city: area.type === 'CITY' ? area.name : null,
    cityCount: cities,
    polygon: area.polygon ?? null,
    createdAt: area.createdAt.toISOString(),
    updatedAt: area.updatedAt.toISOString(),
  };
}

/** System centre → Areas: provinces and cities by province, then by name. */
export const areaList = defineList({
  endpoint: areaApi.search,
  table: areas,
  id: areas.id,
  select: { area: areas, provinceName: province.name, cityCount },
  joins: [{ table: province, on: eq(province.id, areas.provinceId), left: true }],
  scope: () => undefined,
  filters: {
    code: { where: (code) => ilike(areas.code, likePattern(code)), unindexed: SMALL_TABLE },
    name: { where: (name) => ilike(areas.name, likePattern(name)), unindexed: SMALL_TABLE },
    type: { where: (type) => eq(areas.type, type), unindexed: SMALL_TABLE },
    provinceId: { where: (id) => sql`(${areas.provinceId} = ${id} or ${areas.id} = ${id})`, unindexed: SMALL_TABLE },
  },
  sortColumns: { province: sql`coalesce(${province.name}, ${areas.name})` },
  defaultOrder: () => ({
    column: sql`coalesce(${province.name}, ${areas.name}), ${areas.provinceId} nulls first, ${areas.name}`,
    direction: 'asc',
  }),
  count: 'exact',
  present,
});

const CSV_COLUMNS: CsvColumn<AreaRecord>[] = fieldColumns(['code', 'name', 'type', 'province', 'city', 'createdAt'], {
  type: 'area.type',
});

/** The outline's bounding box, kept beside it for the point-in-area lookup. */
function box(polygon: [number, number][] | null | undefined) {
  if (!polygon) return { minLng: null, minLat: null, maxLng: null, maxLat: null };
  const lngs = polygon.map((p) => p[0]);
  const lats = polygon.map((p) => p[1]);
  return { minLng: Math.min(...lngs), minLat: Math.min(...lats), maxLng: Math.max(...lngs), maxLat: Math.max(...lats) };
}

function fields(input: AreaAdd) {
  const polygon = input.polygon ?? null;
  return {
    code: input.code,
    name: input.name,
    type: input.type,
    provinceId: input.type === 'CITY' ? (input.provinceId ?? null) : null,
    polygon,
    ...box(polygon),
  };
}

/** What the audit row keeps of an area (the outline by its point count). */
function trail(values: { code: string; name: string; type: AreaType; provinceId: number | null; polygon: unknown }) {
  return {
    code: values.code,
    name: values.name,
    type: values.type,
    provinceId: values.provinceId,
    polygon: Array.isArray(values.polygon) ? `${values.polygon.length} points` : null,
  };
}

/**
 * A city names an existing province (locked against its removal until the write ends); a province
 * names none.
 */
async function checkProvince(tx: Db, input: AreaAdd, self?: number): Promise<void> {
  if (input.type === 'PROVINCE') {
    if (input.provinceId !== undefined && input.provinceId !== null) throw new AppError('areaProvinceRequired');
    return;
  }
  if (input.provinceId === undefined || input.provinceId === null || input.provinceId === self) throw new AppError('areaProvinceRequired');
  const [parent] = await tx.select({ type: areas.type }).from(areas).where(eq(areas.id, input.provinceId)).for('share');
  if (parent?.type !== 'PROVINCE') throw new AppError('areaProvinceRequired');
}

/** A unique index refused the write: which of code and name is taken. */
function taken(error: unknown): never {
  if (isUniqueViolation(error)) {
    const constraint = violatedConstraint(error);
    if (constraint === 'area_name_key') throw new AppError('areaNameExists');
    if (constraint === 'area_code_key') throw new AppError('areaCodeExists');
  }
  throw error;
}

async function readOne(db: Db, id: number): Promise<AreaRecord> {
  const [row] = await db
    .select({ area: areas, provinceName: province.name, cityCount })
    .from(areas)
    .leftJoin(province, eq(province.id, areas.provinceId))
    .where(eq(areas.id, id));
  if (!row) throw notFound();
  return present(row);
}

export async function addArea(ctx: Ctx, input: AreaAdd): Promise<AreaRecord> {
  try {
    return await ctx.db.transaction(async (tx) => {
      await checkProvince(tx, input);
      const values = fields(input);
      const [row] = await tx.insert(areas).values(values).returning({ id: areas.id });
      await recordAudit(tx, ctx, { action: 'area.add', objectType: 'area', objectId: row!.id, changes: trail(values) });
      return readOne(tx, row!.id);
    });
  } catch (error) {
    return taken(error);
  }
}

export async function editArea(ctx: Ctx, input: AreaEdit): Promise<AreaRecord> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(areas).where(eq(areas.id, input.id)).for('update');
      if (!before) throw notFound();
      await checkProvince(tx, input, input.id);
      if (before.type === 'PROVINCE' && input.type === 'CITY') await noCities(tx, input.id);
      const values = fields(input);
      await tx
        .update(areas)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(areas.id, input.id));
      await recordAudit(tx, ctx, {
        action: 'area.edit',
        objectType: 'area',
        objectId: input.id,
        changes: diff(trail(before), trail(values)),
      });
      return readOne(tx, input.id);
    });
  } catch (error) {
    return taken(error);
  }
}

async function noCities(tx: Db, id: number): Promise<void> {
  const [cities] = await tx.select({ n: count() }).from(areas).where(eq(areas.provinceId, id));
  if ((cities?.n ?? 0) > 0) throw new AppError('areaHasCities');
}

/** Whether base prices or products are set in a city, inside the caller's transaction (the price modules know them). */
type CityPrices = (db: Db, cityId: number) => Promise<boolean>;
let cityHasPrices: CityPrices = () => {
  throw new Error('The price modules have not told the area module about the prices in a city yet (modules/index.ts)');
};

/**
 * The price modules refer to cities, so this module never imports them: the module registry tells it
 * once at start-up how to know a city's prices (docs/architecture.md, "No two modules import each other").
 */
export function tellCityPrices(given: CityPrices): void {
  cityHasPrices = given;
}

/**
 * Removes an area; a province keeps its place while it has cities (and the key refuses a racing city),
 * a city while base prices or products are set in it.
 */
export async function removeArea(ctx: Ctx, id: number): Promise<null> {
  try {
    await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(areas).where(eq(areas.id, id)).for('update');
      if (!before) throw notFound();
      await noCities(tx, id);
      if (await cityHasPrices(tx, id)) throw new AppError('cityHasPrices');
      await tx.delete(areas).where(eq(areas.id, id));
      await recordAudit(tx, ctx, { action: 'area.remove', objectType: 'area', objectId: id, changes: trail(before) });
    });
  } catch (error) {
    if (typeof error === 'object' && error && foreignKeyViolation(error)) throw new AppError('areaHasCities');
    throw error;
  }
  return null;
}

function foreignKeyViolation(error: object): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current === 'object' && 'code' in current && current.code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Every area (id, code, name, outline), provinces and their cities by name (another list's area filter). */
export function allAreas(db: Db) {
  return db
    .select({ id: areas.id, code: areas.code, name: areas.name, polygon: areas.polygon })
    .from(areas)
    .leftJoin(province, eq(province.id, areas.provinceId))
    .orderBy(sql`coalesce(${province.name}, ${areas.name})`, sql`${areas.provinceId} nulls first`, asc(areas.name));
}

/** Every area's outline by its code (none: null), for the demo stations placed inside their city. */
export async function areaOutlines(db: Db): Promise<Map<string, [number, number][] | null>> {
  const rows = await db.select({ code: areas.code, polygon: areas.polygon }).from(areas);
  return new Map(rows.map((row) => [row.code, row.polygon]));
}

/** Every province, by name (a city's province, the list's filter). */
export function provinces(db: Db) {
  return db
    .select({ id: areas.id, code: areas.code, name: areas.name, polygon: areas.polygon })
    .from(areas)
    .where(eq(areas.type, 'PROVINCE'))
    .orderBy(asc(areas.name));
}

export interface ContainingArea {
  id: number;
  code: string;
  name: string;
  type: AreaType;
}

/**
 * The areas whose outline holds the point, the city before its province and, of two cities (or
 * provinces), the smaller first (by bounding box; then by name): the bounding box narrows the candidates, then PostgreSQL's polygon containment decides (area.refs.ts, outlineOf; no
 * PostGIS, so it runs on PGlite too). A point on an edge counts as inside.
 */
export async function areasContaining(db: Db, point: { lat: number; lng: number }): Promise<ContainingArea[]> {
  const { lat, lng } = point;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return [];
  return db
    .select({ id: areas.id, code: areas.code, name: areas.name, type: areas.type })
    .from(areas)
    .where(
      and(
        sql`${areas.polygon} is not null`,
        sql`${areas.minLng} <= ${lng}::float8 and ${areas.maxLng} >= ${lng}::float8`,
        sql`${areas.minLat} <= ${lat}::float8 and ${areas.maxLat} >= ${lat}::float8`,
        sql`${pointOf(sql`${lat}::float8`, sql`${lng}::float8`)} <@ ${outlineOf(sql`${areas.polygon}`)}`,
      ),
    )
    .orderBy(
      sql`${areas.type} = 'CITY' desc`,
      sql`(${areas.maxLng} - ${areas.minLng}) * (${areas.maxLat} - ${areas.minLat})`,
      asc(areas.name),
    );
}

/** System centre → Areas (/system/area/list). */
export function registerAreaRoutes(app: FastifyInstance): void {
  serve(app, areaApi.search, ({ input, ctx }) => areaList.search(ctx, input));
  serve(app, areaApi.add, ({ input, ctx }) => addArea(ctx, input));
  serve(app, areaApi.edit, ({ input, ctx }) => editArea(ctx, input));
  serve(app, areaApi.remove, ({ input, ctx }) => removeArea(ctx, input.id));
  serve(app, areaApi.provinces, ({ ctx }) => provinces(ctx.db));
  // Areas are platform data: every caller of a device list chooses among all of them.
  serve(app, areaOptionsEndpoint, ({ input, ctx }) =>
    answerOptions(
      ctx.db,
      { table: areas, name: areas.name, select: { id: areas.id, name: areas.name, province: areaProvinceName }, scope: undefined },
      input,
    ),
  );
  serve(app, areaApi.export, ({ input, ctx, reply }) =>
    areaList.sendExport(reply, ctx, input, { filename: 'areas.csv', columns: CSV_COLUMNS }),
  );
}

/** A rough outline around a centre: a closed ring of six points (demo data). */
function hexagon(lng: number, lat: number, rx: number, ry: number): [number, number][] {
  const ring: [number, number][] = [];
  for (let k = 0; k < 6; k++) {
    const angle = (Math.PI / 3) * k + Math.PI / 6;
    ring.push([Number((lng + rx * Math.cos(angle)).toFixed(5)), Number((lat + ry * Math.sin(angle)).toFixed(5))]);
  }
  ring.push(ring[0]!);
  return ring;
}

/** Demo provinces and cities around Jakarta and Bangkok, with outlines; once. */
export async function seedDemoAreas(db: Db): Promise<void> {
  const [any] = await db.select({ id: areas.id }).from(areas).limit(1);
  if (any) return;
  const demo: {
    code: string;
    name: string;
    shape: [number, number, number, number];
    cities: [string, string, [number, number, number, number]][];
  }[] = [
    {
      code: 'ID-JK',
      name: 'DKI Jakarta',
      shape: [106.83, -6.22, 0.16, 0.15],
      cities: [
        ['ID-JK-PST', 'Central Jakarta', [106.835, -6.18, 0.03, 0.03]],
        ['ID-JK-UTA', 'North Jakarta', [106.86, -6.115, 0.07, 0.02]],
        ['ID-JK-BAR', 'West Jakarta', [106.74, -6.17, 0.045, 0.04]],
        ['ID-JK-SEL', 'South Jakarta', [106.81, -6.27, 0.045, 0.05]],
        ['ID-JK-TIM', 'East Jakarta', [106.9, -6.25, 0.04, 0.07]],
      ],
    },
    {
      code: 'TH-10',
      name: 'Bangkok',
      shape: [100.58, 13.75, 0.25, 0.18],
      cities: [
        ['TH-10-PNK', 'Phra Nakhon', [100.5, 13.76, 0.015, 0.015]],
        ['TH-10-PTW', 'Pathum Wan', [100.535, 13.74, 0.015, 0.012]],
        ['TH-10-CTC', 'Chatuchak', [100.56, 13.83, 0.03, 0.025]],
        ['TH-10-BKP', 'Bang Kapi', [100.65, 13.77, 0.03, 0.025]],
      ],
    },
    {
      code: 'TH-12',
      name: 'Nonthaburi',
      shape: [100.42, 14.0, 0.1, 0.05],
      cities: [['TH-12-PKR', 'Pak Kret', [100.5, 13.99, 0.025, 0.015]]],
    },
  ];
  for (const p of demo) {
    const polygon = hexagon(...p.shape);
    const [row] = await db
      .insert(areas)
      .values({ code: p.code, name: p.name, type: 'PROVINCE', polygon, ...box(polygon) })
      .returning({ id: areas.id });
    for (const [code, name, shape] of p.cities) {
      const ring = hexagon(...shape);
      await db.insert(areas).values({ code, name, type: 'CITY', provinceId: row!.id, polygon: ring, ...box(ring) });
    }
  }
}
