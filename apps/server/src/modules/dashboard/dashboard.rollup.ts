import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DashboardCard } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { DAY_MS, HOUR_MS, dashboardZone, dayOf, dayStartOf, hourOf, lockZone, zoneForCounting } from './dashboard.time.js';
import { dashboardCabinetDays, dashboardMerchantDays, dashboardMerchantHours, dashboardMerchantTotals } from './dashboard.table.js';

/** The notification channel a stored change of a figure is announced on (docs/dashboard.md, "Live"). */
export const FIGURE_CHANNEL = 'swap_dashboard_figures';

/** The merchant of rows that have none (a cabinet sold to nobody yet): platform staff see them. */
export const NO_MERCHANT = 0;
/** A notice for every tenant's screens (a batch too large to name them). */
export const EVERY_MERCHANT = -1;
const MAX_NOTICE = 7_000;

/**
 * What one stored event adds to the figures (a correction adds negative numbers): at the moment it
 * counts in (a swap's start, an order's payment, a customer's registration or approval), for its
 * merchant, and for swaps and energy at its cabinet.
 */
export interface FigureFact {
  merchantId: number | null;
  at: Date;
  /** The cabinet the swap or energy was at, and the station it stood in then. */
  cabinet?: { id: number; stationId: number | null };
  swaps?: number;
  energyKwh?: number;
  vehiclesSold?: number;
  batteriesSold?: number;
  newUsers?: number;
  approvedUsers?: number;
}

const COUNTERS = ['swaps', 'energyKwh', 'vehiclesSold', 'batteriesSold', 'newUsers', 'approvedUsers'] as const;
type Counter = (typeof COUNTERS)[number];
type Sums = Record<Counter, number>;

const zero = (): Sums => ({ swaps: 0, energyKwh: 0, vehiclesSold: 0, batteriesSold: 0, newUsers: 0, approvedUsers: 0 });

function add(into: Sums, fact: FigureFact): void {
  for (const counter of COUNTERS) into[counter] += fact[counter] ?? 0;
}

const kwh = (value: number) => value.toFixed(3);

/** `col = col + excluded.col` for each counter the table keeps. */
function increments(table: PgTable, counters: readonly Counter[]): Record<string, SQL> {
  const columns = table as unknown as Record<Counter, PgColumn>;
  return Object.fromEntries(
    counters.map((counter) => {
      const column = columns[counter];
      return [counter, sql`${column} + excluded.${sql.identifier(column.name)}`];
    }),
  );
}

/** Which cards a fact changes: the live stream tells the screens to reload those. */
export function cardsOf(fact: FigureFact): DashboardCard[] {
  const cards = new Set<DashboardCard>();
  if (fact.swaps || fact.vehiclesSold || fact.batteriesSold || fact.approvedUsers) cards.add('figures');
  if (fact.swaps || fact.vehiclesSold || fact.batteriesSold || fact.newUsers || fact.energyKwh) cards.add('trends');
  if (fact.swaps) cards.add('ranking');
  return [...cards];
}

/**
 * Adds stored events to the rollups, inside the caller's transaction (docs/dashboard.md, "Upkeep"):
 * one upsert per table on the rows of the events' hours and days (a late event updates its own hour,
 * however old), the rows taken in one order so two transactions never wait on each other in a
 * circle, and a notice of the change that the database delivers to every server once the
 * transaction commits (never when it rolls back).
 */
export async function countFigures(tx: Db, facts: readonly FigureFact[]): Promise<void> {
  const merchantHours = new Map<string, { merchantId: number; hour: Date; sums: Sums }>();
  const merchantDays = new Map<string, { merchantId: number; day: string; sums: Sums }>();
  const totals = new Map<number, Sums>();
  const cabinetDays = new Map<string, { cabinetId: number; merchantId: number; stationId: number | null; day: string; sums: Sums }>();
  const notices = new Map<number, Set<DashboardCard>>();
  if (!facts.some((fact) => cardsOf(fact).length > 0)) return;
  const zone = await zoneForCounting(tx);
  for (const fact of facts) {
    const cards = cardsOf(fact);
    if (cards.length === 0) continue;
    const merchantId = fact.merchantId ?? NO_MERCHANT;
    const hour = hourOf(fact.at);
    const day = dayOf(fact.at, zone);
    const mh = merchantHours.get(`${merchantId}/${hour.getTime()}`) ?? { merchantId, hour, sums: zero() };
    merchantHours.set(`${merchantId}/${hour.getTime()}`, mh);
    add(mh.sums, fact);
    const md = merchantDays.get(`${merchantId}/${day}`) ?? { merchantId, day, sums: zero() };
    merchantDays.set(`${merchantId}/${day}`, md);
    add(md.sums, fact);
    const total = totals.get(merchantId) ?? zero();
    totals.set(merchantId, total);
    add(total, fact);
    if (fact.cabinet && (fact.swaps || fact.energyKwh)) {
      const { id: cabinetId, stationId } = fact.cabinet;
      const cd = cabinetDays.get(`${merchantId}/${day}/${cabinetId}`) ?? { cabinetId, merchantId, stationId, day, sums: zero() };
      cabinetDays.set(`${merchantId}/${day}/${cabinetId}`, cd);
      add(cd.sums, fact);
    }
    const heard = notices.get(merchantId) ?? new Set();
    notices.set(merchantId, heard);
    for (const card of cards) heard.add(card);
  }
  if (notices.size === 0) return;
  const sorted = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  const counters = (sums: Sums) => ({ ...sums, energyKwh: kwh(sums.energyKwh) });

  await tx
    .insert(dashboardMerchantHours)
    .values(sorted(merchantHours).map((row) => ({ merchantId: row.merchantId, hour: row.hour, ...counters(row.sums) })))
    .onConflictDoUpdate({
      target: [dashboardMerchantHours.merchantId, dashboardMerchantHours.hour],
      set: increments(dashboardMerchantHours, COUNTERS),
    });
  await tx
    .insert(dashboardMerchantDays)
    .values(sorted(merchantDays).map((row) => ({ merchantId: row.merchantId, day: row.day, ...counters(row.sums) })))
    .onConflictDoUpdate({
      target: [dashboardMerchantDays.merchantId, dashboardMerchantDays.day],
      set: increments(dashboardMerchantDays, COUNTERS),
    });
  await tx
    .insert(dashboardMerchantTotals)
    .values([...totals.entries()].sort(([a], [b]) => a - b).map(([merchantId, sums]) => ({ merchantId, ...counters(sums) })))
    .onConflictDoUpdate({
      target: dashboardMerchantTotals.merchantId,
      set: increments(dashboardMerchantTotals, COUNTERS),
    });
  if (cabinetDays.size)
    await tx
      .insert(dashboardCabinetDays)
      .values(
        sorted(cabinetDays).map((row) => ({
          cabinetId: row.cabinetId,
          merchantId: row.merchantId,
          stationId: row.stationId,
          day: row.day,
          swaps: row.sums.swaps,
          energyKwh: kwh(row.sums.energyKwh),
        })),
      )
      .onConflictDoUpdate({
        target: [dashboardCabinetDays.merchantId, dashboardCabinetDays.day, dashboardCabinetDays.cabinetId],
        set: {
          ...increments(dashboardCabinetDays, ['swaps', 'energyKwh']),
          stationId: sql`excluded.station_id`,
        },
      });
  let payload = [...notices.entries()].map(([merchantId, cards]) => `${merchantId}:${[...cards].join(',')}`).join(';');
  // A notification stays under PostgreSQL's size limit: a large batch tells every screen to reload.
  if (payload.length > MAX_NOTICE) payload = `${EVERY_MERCHANT}:figures,trends,ranking`;
  await tx.execute(sql`select pg_notify(${FIGURE_CHANNEL}, ${payload})`);
}

/** Reads a notice's payload: the merchants whose figures changed and the cards each change touched. */
export function readNotice(payload: string): { merchantId: number; cards: DashboardCard[] }[] {
  const found: { merchantId: number; cards: DashboardCard[] }[] = [];
  for (const part of payload.split(';')) {
    const [merchant, cards] = part.split(':');
    const merchantId = Number(merchant);
    if (!Number.isInteger(merchantId) || cards === undefined) continue;
    found.push({
      merchantId,
      cards: cards.split(',').filter((card): card is DashboardCard => card === 'figures' || card === 'trends' || card === 'ranking'),
    });
  }
  return found;
}

/**
 * Counts the daily rollups again in the zone now set, inside the transaction that changes the
 * `time_zone` setting (docs/dashboard.md, "Upkeep"): the counts in progress are waited for, and new
 * ones wait until the change commits. The merchants' days from their hourly rows, one merchant at a
 * time; the cabinets' days (kept for today's ranking, no cabinet hours are kept) from the sources'
 * rows of yesterday and today in the new zone, the older cabinet days dropped.
 */
export async function recountDays(tx: Db, cabinetSources: readonly FigureSource[]): Promise<void> {
  await lockZone(tx);
  const zone = await dashboardZone(tx);
  const merchants = await tx.select({ id: dashboardMerchantTotals.merchantId }).from(dashboardMerchantTotals);
  const day = sql`((hour at time zone ${zone})::date)`;
  for (const { id } of merchants.sort((a, b) => a.id - b.id)) {
    await tx.delete(dashboardMerchantDays).where(eq(dashboardMerchantDays.merchantId, id));
    await tx.execute(sql`
      insert into dashboard_merchant_day (merchant_id, day, swaps, energy_kwh, vehicles_sold, batteries_sold, new_users, approved_users)
      select merchant_id, ${day}, sum(swaps), sum(energy_kwh), sum(vehicles_sold), sum(batteries_sold), sum(new_users), sum(approved_users)
      from dashboard_merchant_hour where merchant_id = ${id} group by 1, 2`);
  }
  await tx.delete(dashboardCabinetDays);
  // The first hour whose start falls in yesterday (hours are counted in the day their start falls in).
  const yesterday = dayStartOf(new Date(Date.now() - DAY_MS), zone);
  const from = new Date(Math.ceil(yesterday.getTime() / HOUR_MS) * HOUR_MS);
  await countSources(tx, cabinetSources, zone, from, CABINET_ROLLUPS);
}

/**
 * What one module's stored rows add to the figures (its own raw aggregate, by hour), read a window
 * at a time so a rebuild never aggregates all of them in one statement (docs/dashboard.md, "Upkeep").
 */
export interface FigureSource {
  /** The first and last moments its rows count at (null: it has none). */
  span(db: Db): Promise<{ first: Date; last: Date } | null>;
  /**
   * A query of what its rows counting from `from` up to (not including) `to` add, by merchant and
   * hour (and cabinet): its select list made by `factFields`, grouped by the fields' `groupBy`.
   */
  facts(db: Db, from: Date, to: Date): SQLWrapper;
}

/** What a source's rows name and count: the moment column (grouped by its UTC hour), the merchant, the cabinet and its station, the counters. */
export interface FactColumns {
  at: PgColumn;
  merchantId: PgColumn | SQL;
  cabinet?: { id: PgColumn | SQL; stationId: PgColumn | SQL };
  counters: Partial<Record<Counter, SQL>>;
}

/** The UTC hour holding a moment column (hours are whole in every zone the dashboard counts in). */
const hourOfColumn = (column: PgColumn) => sql`date_bin('1 hour', ${column}, timestamptz '2000-01-01 00:00:00+00')`;

const COUNTER_COLUMNS: Record<Counter, string> = {
  swaps: 'swaps',
  energyKwh: 'energy_kwh',
  vehiclesSold: 'vehicles_sold',
  batteriesSold: 'batteries_sold',
  newUsers: 'new_users',
  approvedUsers: 'approved_users',
};

/**
 * A source's select list in the names the rebuild reads (every counter, 0 where the source counts
 * none) and what to group it by: merchant, hour, cabinet and station.
 */
export function factFields(columns: FactColumns) {
  const hour = hourOfColumn(columns.at);
  const fields = {
    merchant_id: sql<number | null>`${columns.merchantId}`.as('merchant_id'),
    hour: sql<Date>`${hour}`.as('hour'),
    cabinet_id: sql<number | null>`${columns.cabinet?.id ?? sql`null::int`}`.as('cabinet_id'),
    station_id: sql<number | null>`${columns.cabinet?.stationId ?? sql`null::int`}`.as('station_id'),
    ...Object.fromEntries(COUNTERS.map((counter) => [counter, sql`${columns.counters[counter] ?? sql`0`}`.as(COUNTER_COLUMNS[counter])])),
  };
  const groupBy: (PgColumn | SQL)[] = [
    columns.merchantId,
    hour,
    ...(columns.cabinet ? [columns.cabinet.id, columns.cabinet.stationId] : []),
  ];
  return { fields, groupBy };
}

/** A rebuild reads each source one UTC day of rows at a time. */
const REBUILD_WINDOW_MS = DAY_MS;

/** Which rollups a count of sources adds to: all of them (a rebuild) or the cabinets' days only (a change of the zone). */
const ALL_ROLLUPS = 'all';
const CABINET_ROLLUPS = 'cabinet days';
type Rollups = typeof ALL_ROLLUPS | typeof CABINET_ROLLUPS;

/** Where a long rebuild stands: the source it is at and the first moment of it not yet counted (epoch ms; null: its start). */
export interface RebuildMark {
  source: number;
  from: number | null;
}

/**
 * A rebuild that keeps its place, so a stopped one goes on where it stopped (the bench's at 100 M
 * swaps, hours long): each day is counted in one transaction with its mark, so no day counts twice.
 */
export interface RebuildProgress {
  /** Where the last run stopped (undefined: start afresh, the rollups emptied). */
  mark?: RebuildMark;
  save(tx: Db, mark: RebuildMark): Promise<void>;
}

/** Adds the sources' rows counting from `from` (null: all of them) to the rollups, one UTC day of rows at a time. */
async function countSources(
  db: Db,
  sources: readonly FigureSource[],
  zone: string,
  from: Date | null,
  rollups: Rollups,
  progress?: RebuildProgress,
): Promise<void> {
  for (const [index, source] of sources.entries()) {
    if (progress?.mark && index < progress.mark.source) continue;
    const resumeAt = progress?.mark?.source === index ? progress.mark.from : null;
    const span = await source.span(db);
    if (!span) continue;
    const first =
      resumeAt ??
      (from ? Math.max(span.first.getTime(), from.getTime()) : Math.floor(span.first.getTime() / REBUILD_WINDOW_MS) * REBUILD_WINDOW_MS);
    for (let start = first; start <= span.last.getTime(); start += REBUILD_WINDOW_MS) {
      const facts = source.facts(db, new Date(start), new Date(start + REBUILD_WINDOW_MS));
      if (!progress) await countWindow(db, facts, zone, rollups);
      else
        await db.transaction(async (tx) => {
          await countWindow(tx, facts, zone, rollups);
          await progress.save(tx, { source: index, from: start + REBUILD_WINDOW_MS });
        });
    }
    if (progress) await db.transaction((tx) => progress.save(tx, { source: index + 1, from: null }));
  }
}

/**
 * Adds one window of a source's facts to every rollup in one statement (docs/dashboard.md,
 * "Upkeep"): the same rows `countFigures` would upsert for those facts, made in the database.
 */
async function countWindow(db: Db, facts: SQLWrapper, zone: string, rollups: Rollups): Promise<void> {
  const sums = sql.raw(COUNTERS.map((counter) => `sum(${COUNTER_COLUMNS[counter]})`).join(', '));
  const names = sql.raw(COUNTERS.map((counter) => COUNTER_COLUMNS[counter]).join(', '));
  const add = (table: string) =>
    sql.raw(
      COUNTERS.map(
        (counter) => `${COUNTER_COLUMNS[counter]} = ${table}.${COUNTER_COLUMNS[counter]} + excluded.${COUNTER_COLUMNS[counter]}`,
      ).join(', '),
    );
  const day = sql`(f.hour at time zone ${zone})::date`;
  const merchantRows = sql`,
    merchant_hours as (
      insert into dashboard_merchant_hour (merchant_id, hour, ${names})
      select merchant_id, hour, ${sums} from f group by 1, 2
      on conflict (merchant_id, hour) do update set ${add('dashboard_merchant_hour')}),
    merchant_days as (
      insert into dashboard_merchant_day (merchant_id, day, ${names})
      select merchant_id, ${day}, ${sums} from f group by 1, 2
      on conflict (merchant_id, day) do update set ${add('dashboard_merchant_day')}),
    totals as (
      insert into dashboard_merchant_total (merchant_id, ${names})
      select merchant_id, ${sums} from f group by 1
      on conflict (merchant_id) do update set ${add('dashboard_merchant_total')})`;
  await db.execute(sql`
    with f as materialized (
      select coalesce(merchant_id, ${NO_MERCHANT}) as merchant_id, hour, cabinet_id, station_id, ${names}
      from (${facts}) facts
      where ${sql.raw(COUNTERS.map((counter) => `${COUNTER_COLUMNS[counter]} <> 0`).join(' or '))})${rollups === ALL_ROLLUPS ? merchantRows : sql``}
    insert into dashboard_cabinet_day (cabinet_id, merchant_id, station_id, day, swaps, energy_kwh)
    select cabinet_id, merchant_id, (array_agg(station_id order by hour desc))[1], ${day}, sum(swaps), sum(energy_kwh)
    from f where cabinet_id is not null and (swaps <> 0 or energy_kwh <> 0) group by cabinet_id, merchant_id, 4
    on conflict (merchant_id, day, cabinet_id) do update set station_id = excluded.station_id,
      swaps = dashboard_cabinet_day.swaps + excluded.swaps, energy_kwh = dashboard_cabinet_day.energy_kwh + excluded.energy_kwh`);
}

/** A source's span from `min`/`max` of its moments in epoch seconds (null when it has no rows). */
export function figureSpan(row: { first: number | string | null; last: number | string | null } | undefined) {
  if (!row || row.first === null || row.last === null) return null;
  return { first: new Date(Number(row.first) * 1000), last: new Date(Number(row.last) * 1000) };
}

/** The span of a source counting its rows (those `where` keeps) at the moments of one column. */
export async function columnSpan(db: Db, column: PgColumn, where?: SQL): Promise<{ first: Date; last: Date } | null> {
  const [row] = await db
    .select({
      first: sql<number | null>`extract(epoch from min(${column}))::float8`,
      last: sql<number | null>`extract(epoch from max(${column}))::float8`,
    })
    .from(column.table)
    .where(where);
  return figureSpan(row);
}

/**
 * Makes the rollups again from the stored rows (docs/dashboard.md, "Upkeep"): every table emptied,
 * then each source read one UTC day at a time (no statement over all its rows), each day's facts
 * added to every rollup by one statement in the database, and one notice for every screen at the
 * end. The demo does this once its rows are written; run inside one transaction, nothing is seen
 * half made. With `progress` it keeps its place and goes on from the mark it is given.
 */
export async function rebuildFigures(db: Db, sources: readonly FigureSource[], progress?: RebuildProgress): Promise<void> {
  // Emptied whole: deleted rows would stay in the indexes every upsert below looks its row up in.
  if (!progress?.mark)
    await db.execute(
      sql`truncate ${dashboardMerchantHours}, ${dashboardMerchantDays}, ${dashboardMerchantTotals}, ${dashboardCabinetDays}`,
    );
  await countSources(db, sources, await zoneForCounting(db), null, ALL_ROLLUPS, progress);
  await db.execute(sql`select pg_notify(${FIGURE_CHANNEL}, ${`${EVERY_MERCHANT}:figures,trends,ranking`})`);
}
