import type { FastifyInstance } from 'fastify';
import { and, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  STATION_MAP_GRID,
  STATION_MAP_POINTS,
  STATION_OPTIONS,
  STATION_SCREENS,
  stationApi,
  type StationAdd,
  type StationEdit,
  type StationMap,
  type StationMapQuery,
  type StationMapState,
  type OptionsQuery,
  type StationOptionsQuery,
  type StationRecord,
  type StationStatus,
  type StationType,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { holds, type Ctx } from '../../app/context.js';
import { BANGKOK, demoStationKey, JAKARTA, type DemoCity, type DemoContext } from '../../db/demo.js';
import { fieldColumns, type CsvColumn } from '../../app/csv.js';
import { AppError, isUniqueViolation, notFound, violatedConstraint } from '../../app/errors.js';
import { defineList } from '../../app/list.js';
import { answerOptions } from '../../app/options.js';
import { likePattern } from '../../app/pagination.js';
import { serve } from '../../app/route.js';
import { qualified } from '../../app/sql.js';
import { diff, recordAudit } from '../audit-log/index.js';
import { allAreas, areaExists, areaOutlines, areaNameOf, areasContaining, cityExists, insideArea } from '../area/index.js';
import {
  allOnlineStationIds,
  cabinetIdsInStation,
  onlineCabinetsInStation,
  stationIdsOfCabinetNumbers,
  stationIdsOfCabinets,
  type CabinetStations,
} from '../cabinet/index.js';
import { devicesWithUnclearedAlarms, unclearedAlarmsOf } from '../alarm/index.js';
import { batteriesInStation } from '../battery/index.js';
import { merchantExists, merchantNameOf } from '../merchant/index.js';
import { vehiclesInStation } from '../vehicle/index.js';
import { stations } from './station.table.js';

/**
 * Stations (docs/stations-and-maps.md, "Stations"): integrated and swap stations, each type behind
 * its own menu (`site.store`, `site.cabinet`) and served by the same code. Merchant staff reach
 * their merchant's stations only; platform staff every owner's.
 */

type Row = typeof stations.$inferSelect;

/**
 * A station still lacking its position or its responsible person: one made from an older cabinet's
 * site text (migration 0018) until staff complete it (station_incomplete_idx holds the same condition).
 */
const incomplete = or(isNull(stations.latitude), eq(stations.responsiblePerson, ''))!;

function present(row: { station: Row; merchantName: string | null; areaName: string | null }): StationRecord {
  const { station } = row;
  return {
    id: station.id,
    name: station.name,
    nature: station.nature,
    type: station.type,
    address: station.address,
    latitude: station.latitude,
    longitude: station.longitude,
    merchantId: station.merchantId,
    merchantName: row.merchantName,
    responsiblePerson: station.responsiblePerson,
    cabinetCount: station.cabinetCount,
    status: station.status,
    areaId: station.areaId,
    areaName: row.areaName,
    incomplete: station.latitude === null || station.longitude === null || station.responsiblePerson === '',
    createdAt: station.createdAt.toISOString(),
    updatedAt: station.updatedAt.toISOString(),
  };
}

/** The caller's stations of one type: merchant staff their merchant's, platform staff all. */
function scopeOf(type: StationType, ctx: Pick<Ctx, 'principal'>): SQL {
  const own = ctx.principal.merchantId;
  return own === null ? eq(stations.type, type) : and(eq(stations.type, type), eq(stations.merchantId, own))!;
}

const FEW = 'An owner has a few hundred stations of a type: its rows are read in full.';

function stationList(type: StationType) {
  return defineList({
    endpoint: stationApi[type].search,
    table: stations,
    id: stations.id,
    select: { station: stations, merchantName: merchantNameOf(stations.merchantId), areaName: areaNameOf(stations.areaId) },
    scope: (ctx) => scopeOf(type, ctx),
    filters: {
      name: { where: (name) => ilike(stations.name, likePattern(name)), unindexed: FEW },
      nature: { where: (nature) => eq(stations.nature, nature), unindexed: FEW },
      status: { where: (status) => eq(stations.status, status), unindexed: FEW },
      merchantId: (owner) => (owner === 0 ? isNull(stations.merchantId) : eq(stations.merchantId, owner)),
      areaId: (areaId) => insideArea(areaId, stations.latitude, stations.longitude),
      incomplete: (wanted) => (wanted ? incomplete : sql`not (${incomplete})`),
    },
    defaultOrder: () => ({ column: stations.createdAt, direction: 'desc' }),
    count: 'exact',
    present,
  });
}

const LISTS = { INTEGRATED: stationList('INTEGRATED'), SWAP: stationList('SWAP') } as const;
/** The two station lists, for the bench (bench/src/maps/stations.ts). */
export const stationLists = LISTS;

const CSV_COLUMNS: CsvColumn<StationRecord>[] = fieldColumns(
  [
    'id',
    'name',
    'type',
    'nature',
    'status',
    'address',
    'latitude',
    'longitude',
    'merchantName',
    'responsiblePerson',
    'cabinetCount',
    'areaName',
    'createdAt',
  ],
  { type: 'station.type', nature: 'station.nature', status: 'station.status' },
);

/** The owner a new station gets: merchant staff their own merchant; platform staff the one chosen, or none. */
async function ownerOf(ctx: Ctx, merchantId: number | null | undefined): Promise<number | null> {
  if (ctx.principal.merchantId !== null) return ctx.principal.merchantId;
  if (merchantId === undefined || merchantId === null) return null;
  if (!(await merchantExists(ctx.db, merchantId))) throw new AppError('agentMissing');
  return merchantId;
}

/** The area chosen (it must exist), or else the smallest one whose outline holds the position. */
async function areaOf(db: Db, input: StationAdd): Promise<number | null> {
  if (input.areaId !== undefined && input.areaId !== null) {
    if (!(await areaExists(db, input.areaId))) throw new AppError('stationAreaMissing');
    return input.areaId;
  }
  const [found] = await areasContaining(db, { lat: input.latitude, lng: input.longitude });
  return found?.id ?? null;
}

async function fieldsOf(db: Db, input: StationAdd) {
  return {
    name: input.name,
    nature: input.nature,
    address: input.address,
    latitude: input.latitude,
    longitude: input.longitude,
    responsiblePerson: input.responsiblePerson,
    status: input.status,
    areaId: await areaOf(db, input),
  };
}

/** What the audit row keeps of a station. */
function trail(values: Partial<Row>) {
  const { name, nature, address, latitude, longitude, responsiblePerson, status, areaId } = values;
  return { name, nature, address, latitude, longitude, responsiblePerson, status, areaId };
}

function taken(error: unknown): never {
  if (isUniqueViolation(error) && violatedConstraint(error) === 'station_name_key') throw new AppError('stationNameExists');
  throw error;
}

async function lockOwn(tx: Db, ctx: Ctx, type: StationType, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(stations)
    .where(and(eq(stations.id, id), scopeOf(type, ctx)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** The city a station lies in (its area, when that area is a city), for the prices of what happens there. */
export async function stationCityId(db: Db, stationId: number): Promise<number | null> {
  const [station] = await db.select({ areaId: stations.areaId }).from(stations).where(eq(stations.id, stationId));
  const areaId = station?.areaId ?? null;
  return areaId !== null && (await cityExists(db, areaId)) ? areaId : null;
}

export async function addStation(ctx: Ctx, type: StationType, input: StationAdd): Promise<StationRecord> {
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const merchantId = await ownerOf({ ...ctx, db: tx }, input.merchantId);
      const values = await fieldsOf(tx, input);
      const [row] = await tx
        .insert(stations)
        .values({ ...values, type, merchantId })
        .returning({ id: stations.id });
      await recordAudit(tx, ctx, {
        action: 'station.add',
        objectType: 'station',
        objectId: row!.id,
        changes: { ...trail(values), type, merchantId },
      });
      return row!.id;
    });
    return await LISTS[type].detail(ctx, id);
  } catch (error) {
    return taken(error);
  }
}

/** Edits a station; its type and owner stay. */
export async function editStation(ctx: Ctx, type: StationType, input: StationEdit): Promise<StationRecord> {
  try {
    await ctx.db.transaction(async (tx) => {
      const before = await lockOwn(tx, ctx, type, input.id);
      const values = await fieldsOf(tx, input);
      await tx
        .update(stations)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(stations.id, input.id));
      await recordAudit(tx, ctx, {
        action: 'station.edit',
        objectType: 'station',
        objectId: input.id,
        changes: diff(trail(before), trail(values)),
      });
    });
    return await LISTS[type].detail(ctx, input.id);
  } catch (error) {
    return taken(error);
  }
}

function foreignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current === 'object' && 'code' in current && current.code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Removes a station to which no cabinet, battery or vehicle is distributed; otherwise 4029 names
 * how many of each. The station stays locked meanwhile, so no distribution into it can slip in
 * (distribution locks it too); the devices' keys refuse the removal as well.
 */
export async function removeStation(ctx: Ctx, type: StationType, id: number): Promise<null> {
  try {
    await ctx.db.transaction(async (tx) => {
      const before = await lockOwn(tx, ctx, type, id);
      const batteries = await batteriesInStation(tx, id);
      const vehicles = await vehiclesInStation(tx, id);
      if (before.cabinetCount > 0 || batteries > 0 || vehicles > 0)
        throw new AppError('stationHasDevices', { cabinets: before.cabinetCount, batteries, vehicles });
      await tx.delete(stations).where(eq(stations.id, id));
      await recordAudit(tx, ctx, { action: 'station.remove', objectType: 'station', objectId: id, changes: trail(before) });
    });
  } catch (error) {
    if (foreignKeyViolation(error)) throw new AppError('stationHasCabinets');
    throw error;
  }
  return null;
}

/** How a station on the map is doing (STATION_MAP_STATES). */
function mapState(cabinetCount: number, online: number, uncleared: number): StationMapState {
  if (uncleared > 0) return 'ALARM';
  return cabinetCount > 0 && online >= cabinetCount ? 'ONLINE' : 'OFFLINE';
}

interface MapRow extends Record<string, unknown> {
  kind: 'total' | 'group' | 'station';
  id: number | null;
  name: string | null;
  latitude: number;
  longitude: number;
  status: StationStatus | null;
  count: number;
  south: number | null;
  west: number | null;
  north: number | null;
  east: number | null;
  online: number | null;
  alarms: number | null;
}

/**
 * What the map draws for its view (docs/stations-and-maps.md, "The map call"): the stations the
 * list's filters find inside the view, each one when they are at most STATION_MAP_POINTS, else
 * grouped by the cells of a grid STATION_MAP_GRID cells across the view (cells anchored at 0°, so
 * they stay put while the map pans). One statement, one round trip: the cells are counted from
 * station_position_idx alone (the view bounds it as an index range), and only the side the total
 * chooses reads stations (the other is cut off by a condition PostgreSQL checks once), so no call
 * decodes more than STATION_MAP_POINTS stations.
 */
export async function stationMap(ctx: Ctx, type: StationType, query: StationMapQuery): Promise<StationMap> {
  const { south = -90, west = -180, north = 90, east = 180, ...search } = query;
  const where = and(
    await LISTS[type].where(ctx, search),
    sql`${stations.latitude} between ${south} and ${north}`,
    sql`${stations.longitude} between ${west} and ${east}`,
  );
  const cell = Math.max(north - south, east - west, 1e-6) / STATION_MAP_GRID;
  // Read for the stations answered only (at most STATION_MAP_POINTS), never for the groups.
  const online = onlineCabinetsInStation(stations.id);
  const uncleared = unclearedAlarmsOf('cabinet', cabinetIdsInStation(stations.id));
  // A group's stations by state (docs/stations-and-maps.md, "The map call"): in alarm, else online
  // (every cabinet online), else offline; from the few alarms not cleared and the cabinets of the view's stations.
  const alarmed = stationIdsOfCabinets(devicesWithUnclearedAlarms('cabinet'));
  const allOnline = allOnlineStationIds(sql`select ${stations.id} from ${stations} where ${where}`);
  const result = await ctx.db.execute<MapRow>(sql`
    with cells as (
      select count(*)::int as n, avg(${stations.latitude}) as lat, avg(${stations.longitude}) as lng,
        min(${stations.latitude}) as south, min(${stations.longitude}) as west,
        max(${stations.latitude}) as north, max(${stations.longitude}) as east, min(${stations.id}) as lone,
        (count(*) filter (where ${stations.id} in (${alarmed})))::int as alarm,
        (count(*) filter (where ${stations.id} in (${allOnline}) and ${stations.id} not in (${alarmed})))::int as online
      from ${stations} where ${where}
      group by floor(${stations.latitude} / ${cell}), floor(${stations.longitude} / ${cell})
    ), total as (select coalesce(sum(n), 0)::int as n from cells)
    select 'total' as kind, null::int as id, null::text as name, 0::float8 as latitude, 0::float8 as longitude,
      null::text as status, n as count, null::float8 as south, null::float8 as west, null::float8 as north, null::float8 as east,
      null::int as online, null::int as alarms
    from total
    union all
    select 'group', null, null, lat, lng, null, n, south, west, north, east, online, alarm
    from cells where n > 1 and (select n from total) > ${STATION_MAP_POINTS}
    union all
    select 'station', ${stations.id}, ${stations.name}, ${stations.latitude}, ${stations.longitude}, ${stations.status},
      ${stations.cabinetCount}, null, null, null, null, ${online}, ${uncleared}
    from ${stations}
    where (select n from total) <= ${STATION_MAP_POINTS} and ${where}
    union all
    select 'station', ${stations.id}, ${stations.name}, ${stations.latitude}, ${stations.longitude}, ${stations.status},
      ${stations.cabinetCount}, null, null, null, null, ${online}, ${uncleared}
    from ${stations}
    where (select n from total) > ${STATION_MAP_POINTS} and ${stations.id} in (select lone from cells where n = 1)`);
  const rows = (result as { rows: MapRow[] }).rows;
  const num = (value: unknown) => Number(value);
  return {
    total: num(rows.find((row) => row.kind === 'total')?.count ?? 0),
    stations: rows
      .filter((row) => row.kind === 'station')
      .map((row) => ({
        id: num(row.id),
        name: row.name!,
        latitude: num(row.latitude),
        longitude: num(row.longitude),
        status: row.status!,
        cabinetCount: num(row.count),
        onlineCabinets: num(row.online),
        openAlarms: num(row.alarms),
        state: mapState(num(row.count), num(row.online), num(row.alarms)),
      }))
      .sort((a, b) => a.id - b.id),
    groups: rows
      .filter((row) => row.kind === 'group')
      .map((row) => ({
        count: num(row.count),
        latitude: num(row.latitude),
        longitude: num(row.longitude),
        south: num(row.south),
        west: num(row.west),
        north: num(row.north),
        east: num(row.east),
        online: num(row.online),
        offline: num(row.count) - num(row.online) - num(row.alarms),
        alarm: num(row.alarms),
      })),
  };
}

/** What a station choice answers. */
const STATION_OPTION = { id: stations.id, name: stations.name, type: stations.type, merchantId: stations.merchantId };

/**
 * The caller's stations of a type whose name holds the keyword (docs/api.md, "Options calls"): a
 * merchant's staff their merchant's, platform staff every owner's or the one named (0: the platform's own).
 */
export function stationOptions(ctx: Ctx, type: StationType, query: StationOptionsQuery) {
  const owner =
    query.merchantId === undefined
      ? undefined
      : query.merchantId === 0
        ? isNull(stations.merchantId)
        : eq(stations.merchantId, query.merchantId);
  return answerOptions(
    ctx.db,
    { table: stations, name: stations.name, select: STATION_OPTION, scope: and(scopeOf(type, ctx), owner) },
    query,
  );
}

/**
 * Whether a station takes a cabinet distributed to it (docs/stations-and-maps.md, "Cabinets in stations"): it is the
 * cabinet owner's station and one the caller may see (else "does not exist"); the caller holds its
 * type's menu (else 4006 or 4007 names the type they may use); an integrated station holds one
 * cabinet (4008). The station stays locked until the caller's transaction ends, so of two cabinets
 * racing into an integrated station one joins.
 */
export async function admitCabinet(tx: Db, ctx: Ctx, { stationId, ownerId }: { stationId: number; ownerId: number | null }): Promise<void> {
  const own = ctx.principal.merchantId;
  const [station] = await tx
    .select({ type: stations.type, cabinetCount: stations.cabinetCount })
    .from(stations)
    .where(
      and(
        eq(stations.id, stationId),
        ownerId === null ? isNull(stations.merchantId) : eq(stations.merchantId, ownerId),
        own === null ? undefined : eq(stations.merchantId, own),
      ),
    )
    .for('update');
  if (!station) throw notFound();
  const other: StationType = station.type === 'SWAP' ? 'INTEGRATED' : 'SWAP';
  if (!holds(ctx, STATION_SCREENS[station.type].code)) {
    if (!holds(ctx, STATION_SCREENS[other].code)) throw notFound();
    throw new AppError(other === 'SWAP' ? 'onlySwapStations' : 'onlyIntegratedStations');
  }
  if (station.type === 'INTEGRATED') {
    // The cabinet asked about is not in this station yet (a cabinet staying is not asked again); the
    // locked row's count is exact: a cabinet joining meanwhile updates that row, so it waits for us.
    if (station.cabinetCount > 0) throw new AppError('onlyOneCabinet');
  }
}

/** A station the caller may see, whatever its type (merchant staff their merchant's); another owner's answers "does not exist". */
export async function visibleStation(ctx: Ctx, id: number): Promise<{ id: number; type: StationType }> {
  const own = ctx.principal.merchantId;
  const [station] = await ctx.db
    .select({ id: stations.id, type: stations.type })
    .from(stations)
    .where(and(eq(stations.id, id), own === null ? undefined : eq(stations.merchantId, own)));
  if (!station) throw notFound();
  return station;
}

/**
 * A station devices are distributed to (docs/operation-centre.md, "Distribution"): one the caller may
 * see (another owner's answers "does not exist"), locked for the rest of the caller's transaction.
 */
export async function lockDistributionStation(
  tx: Db,
  ctx: Ctx,
  id: number,
): Promise<{ id: number; name: string; type: StationType; merchantId: number | null }> {
  const own = ctx.principal.merchantId;
  const [station] = await tx
    .select({ id: stations.id, name: stations.name, type: stations.type, merchantId: stations.merchantId })
    .from(stations)
    .where(and(eq(stations.id, id), own === null ? undefined : eq(stations.merchantId, own)))
    .for('update');
  if (!station) throw notFound();
  return station;
}

/**
 * The stations of these types a distribution may go to whose name holds the keyword (docs/api.md,
 * "Options calls"), by name: merchant staff their merchant's;
 * platform staff the named merchant's, or the platform's own without one. Decided by the
 * distribution permission, not the station menus (docs/operation-centre.md, "Distribution").
 */
export function distributionStations(ctx: Ctx, types: StationType[], query: OptionsQuery & { merchantId?: number | undefined }) {
  const owner = ctx.principal.merchantId ?? query.merchantId ?? null;
  const scope = and(inArray(stations.type, types), owner === null ? isNull(stations.merchantId) : eq(stations.merchantId, owner));
  return answerOptions(ctx.db, { table: stations, name: stations.name, select: STATION_OPTION, scope }, query);
}

/** The ids of the stations inside an area's outline, as a subquery (the device lists' area filter). */
export const stationsInArea = (areaId: number): SQL =>
  sql`(select ${qualified(stations.id)} from ${stations} where ${insideArea(areaId, stations.latitude, stations.longitude)})`;

/** The names and types of these stations. */
export async function describeStations(db: Db, ids: number[]): Promise<Map<number, { name: string; type: StationType }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: stations.id, name: stations.name, type: stations.type })
    .from(stations)
    .where(inArray(stations.id, ids));
  return new Map(rows.map((row) => [row.id, { name: row.name, type: row.type }]));
}

/** A cabinet's station name and type, as subqueries of the cabinet's row (one key probe each). */
export const cabinetStationFields: CabinetStations = {
  nameOf: (stationId) =>
    sql`(select ${qualified(stations.name)} from ${stations} where ${qualified(stations.id)} = ${qualified(stationId)})`,
  typeOf: (stationId) =>
    sql`(select ${qualified(stations.type)} from ${stations} where ${qualified(stations.id)} = ${qualified(stationId)})`,
};

/** The stations with these ids: name and owner (a business alarm names its station; docs/alarms.md). */
export async function stationOwners(db: Db, ids: number[]): Promise<{ id: number; name: string; merchantId: number | null }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: stations.id, name: stations.name, merchantId: stations.merchantId })
    .from(stations)
    .where(inArray(stations.id, ids));
}

/**
 * The owners (null: the platform's own) of the stations the cabinets with these numbers stand in:
 * the screens whose fleet map shows those stations (docs/dashboard.md, "Live"). A cabinet of one
 * merchant may stand in another's station: the map is the station owner's.
 */
export async function stationOwnersOfCabinets(db: Db, numbers: readonly string[]): Promise<(number | null)[]> {
  if (numbers.length === 0) return [];
  const rows = await db
    .selectDistinct({ merchantId: stations.merchantId })
    .from(stations)
    .where(sql`${stations.id} in (${stationIdsOfCabinetNumbers(numbers)})`);
  return rows.map((row) => row.merchantId);
}

/** Sites → Integrated stations (/site/store-list) and Sites → Swap stations (/site/cabinet-list). */
export function registerStationRoutes(app: FastifyInstance): void {
  for (const type of ['INTEGRATED', 'SWAP'] as const) {
    const api = stationApi[type];
    const list = LISTS[type];
    serve(app, api.search, ({ input, ctx }) => list.search(ctx, input));
    serve(app, api.detail, ({ input, ctx }) => list.detail(ctx, input.id));
    serve(app, api.map, ({ input, ctx }) => stationMap(ctx, type, input));
    serve(app, STATION_OPTIONS[type], ({ input, ctx }) => stationOptions(ctx, type, input));
    serve(app, api.areas, ({ ctx }) => allAreas(ctx.db));
    serve(app, api.add, ({ input, ctx }) => addStation(ctx, type, input));
    serve(app, api.edit, ({ input, ctx }) => editStation(ctx, type, input));
    serve(app, api.remove, ({ input, ctx }) => removeStation(ctx, type, input.id));
    serve(app, api.export, ({ input, ctx, reply }) =>
      list.sendExport(reply, ctx, input, {
        filename: type === 'INTEGRATED' ? 'integrated-stations.csv' : 'swap-stations.csv',
        columns: CSV_COLUMNS,
      }),
    );
  }
}

const STATUS_ROUND = ['DEPLOYED', 'DEPLOYED', 'READY', 'DEPLOYED', 'MAINTENANCE'] as const;
const NATURE_ROUND = ['SELF_OPERATED', 'SELF_OPERATED', 'FRANCHISED', 'PARTNER'] as const;

/**
 * The `j`-th demo station's place inside its district's demo city: from the outline's centre halfway
 * towards one of its corners (a quarter of the way once every corner has one), so it lies inside a
 * convex outline and the station's area is found from its position. None without an outline.
 */
function demoPosition(ring: [number, number][] | null | undefined, j: number): { latitude: number; longitude: number } | undefined {
  if (!ring || ring.length < 4) return undefined;
  const corners = ring.slice(0, -1);
  const lng = corners.reduce((sum, [x]) => sum + x, 0) / corners.length;
  const lat = corners.reduce((sum, [, y]) => sum + y, 0) / corners.length;
  const [cx, cy] = corners[j % corners.length]!;
  const reach = j < corners.length ? 0.5 : 0.25;
  return { latitude: Number((lat + reach * (cy - lat)).toFixed(6)), longitude: Number((lng + reach * (cx - lng)).toFixed(6)) };
}

/** A place on a ring around the city's centre, for a district whose demo city has no outline (removed or redrawn). */
function ringPosition(city: DemoCity, k: number, hub: boolean): { latitude: number; longitude: number } {
  const angle = (2 * Math.PI * k) / city.districts.length + (hub ? 0.3 : 0);
  const reach = 0.05 + 0.02 * (k % 3);
  return {
    latitude: Number((city.lat + reach * Math.sin(angle)).toFixed(6)),
    longitude: Number((city.lng + reach * 1.2 * Math.cos(angle)).toFixed(6)),
  };
}

/**
 * Demo stations, one per owner and district of the demo fleet's cities (Demo Agent in Jakarta, Siam
 * Swap Direct in Bangkok, the platform in both), every deployment status and both types; the demo
 * cabinets are placed in them. Only while the fleet is added.
 */
export async function seedDemoStations(db: Db, demo: DemoContext): Promise<void> {
  const fleet = demo.fleet;
  if (!fleet) return;
  const owners: [number | null, typeof JAKARTA][] = [
    [fleet.agent, JAKARTA],
    [fleet.siam, BANGKOK],
    [null, JAKARTA],
    [null, BANGKOK],
  ];
  const outlines = await areaOutlines(db);
  const placed = new Map<string, number>();
  let n = 0;
  for (const [owner, city] of owners) {
    for (const [k, district] of city.districts.entries()) {
      n++;
      const code = city.districtAreas[district]!;
      const j = placed.get(code) ?? 0;
      placed.set(code, j + 1);
      const { latitude, longitude } = demoPosition(outlines.get(code), j) ?? ringPosition(city, k, owner === null);
      const name = owner === null ? `${district} hub` : `${district} station`;
      const type = n % 4 === 0 ? 'INTEGRATED' : 'SWAP';
      const [row] = await db
        .insert(stations)
        .values({
          name,
          nature: NATURE_ROUND[n % NATURE_ROUND.length]!,
          type,
          address: `${district}, ${city.name}`,
          latitude,
          longitude,
          merchantId: owner,
          responsiblePerson: city === JAKARTA ? 'Budi Santoso' : 'Somchai Wongsa',
          status: STATUS_ROUND[n % STATUS_ROUND.length]!,
          areaId: (await areasContaining(db, { lat: latitude, lng: longitude }))[0]?.id ?? null,
        })
        .returning({ id: stations.id });
      fleet.stations.set(demoStationKey(owner, district), { id: row!.id, name, latitude, longitude, type, merchantId: owner });
    }
  }
}
