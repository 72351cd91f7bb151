/**
 * `npm run bench:devices -w bench`: the product-centre lists at a large operator's scale.
 * Loads the fleet into DATABASE_URL when it is not there yet (generate.ts; BENCH_SCALE, default 1 =
 * 1 M batteries, 300 k vehicles, 20 k cabinets), then times the real service code — the same
 * functions the routes call — and prints p50/p95 per call. Beside each list call, the same page's raw SQL:
 * the statements the call sent (caught once through the query builder's log), sent again straight through
 * the driver, all at once (the list sends its page and its total side by side), rows left as the driver
 * gives them; and the ratio of the two p95s (budget: a list call at most 1.5 × its raw SQL, 20 ms p95 at
 * 1 M rows). Asserts nothing (figures only; docs/scaling.md).
 * BENCH_ITERATIONS sets the timed calls per figure (default 50).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { batterySearch, cabinetSearch, stockSummarySearch, vehicleSearch } from '@swap/contracts';
import { openDatabase, type Db } from '../../../apps/server/src/db/client.js';
import { fieldColumns } from '../../../apps/server/src/app/csv.js';
// The modules load in the server's order first (their entries import one another).
import '../../../apps/server/src/modules/index.js';
import { BATTERY_CSV_FIELDS, batteryList } from '../../../apps/server/src/modules/battery/battery.query.js';
import { vehicleList } from '../../../apps/server/src/modules/vehicle/vehicle.query.js';
import { cabinetList } from '../../../apps/server/src/modules/cabinet/cabinet.query.js';
import { stockSummary } from '../../../apps/server/src/modules/stock/stock.query.js';
import { fleetSize, generateFleet } from './generate.js';
import { ctxOf, exportDetail, percentile, streamExport } from '../maps/common.js';
import type { Ctx } from '../../../apps/server/src/app/context.js';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 50);

interface Figure {
  name: string;
  calls: number;
  p50: number;
  p95: number;
  detail: string;
  /** The same page's statements sent straight through the driver. */
  raw?: { p50: number; p95: number; statements: number };
}

async function timed(calls: number, run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < Math.min(5, calls); i++) await run(); // warm-up: plans and buffers
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const start = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function measure(name: string, calls: number, run: () => Promise<string>): Promise<Figure> {
  let detail = await run();
  const { p50, p95 } = await timed(calls, async () => (detail = await run()));
  return { name, calls, p50, p95, detail };
}

interface Statement {
  text: string;
  values: unknown[];
}

/**
 * The list call's own statements, caught through the query builder's log on a database of their own,
 * then timed straight through the driver: array rows, no mapping, no presenter, all sent at once.
 */
class RawSql {
  private readonly caught: Statement[] = [];
  private readonly pool: pg.Pool;
  readonly db: Db;

  constructor(url: string) {
    this.pool = new pg.Pool({ connectionString: url, max: 10 });
    this.db = drizzle(this.pool, {
      logger: { logQuery: (text, values) => void this.caught.push({ text, values }) },
    });
  }

  async statementsOf(call: (db: Db) => Promise<unknown>): Promise<Statement[]> {
    this.caught.length = 0;
    await call(this.db);
    return [...this.caught];
  }

  async time(calls: number, statements: Statement[]): Promise<NonNullable<Figure['raw']>> {
    const run = () =>
      Promise.all(statements.map((statement) => this.pool.query({ text: statement.text, values: statement.values, rowMode: 'array' })));
    return { ...(await timed(calls, run)), statements: statements.length };
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

const pageDetail = (page: { total: number; totalExact?: boolean; records: unknown[] }) =>
  `${page.records.length} rows, total ${page.totalExact === false ? '~' : ''}${page.total}`;

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required (a PostgreSQL the bench may fill)');
  const size = fleetSize(Number(process.env.BENCH_SCALE ?? 1));
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await database.migrate();
  await generateFleet(url, size);
  const db = database.db;
  const [large] = await db
    .execute<{ id: number }>(sql`select id from merchant where name = 'Bench Merchant 01'`)
    .then((result) => (result as { rows: { id: number }[] }).rows);
  const [types] = await db
    .execute<{ battery: number; vehicle: number; cabinet: number }>(
      sql`select (select id from device_type where code = 'BNMC7232') as battery, (select id from device_type where code = 'BEM2') as vehicle, (select id from device_type where code = 'BSC8') as cabinet`,
    )
    .then((result) => (result as { rows: { battery: number; vehicle: number; cabinet: number }[] }).rows);
  const [small] = await db
    .execute<{ id: number }>(sql`select id from merchant where name = 'Bench Merchant 02'`)
    .then((result) => (result as { rows: { id: number }[] }).rows);
  const [station] = await db
    .execute<{ id: number }>(sql`select id from station where name = 'Bench Station 000002'`)
    .then((result) => (result as { rows: { id: number }[] }).rows);
  if (!large || !small || !types || !station) throw new Error('bench fleet missing');
  const platform = ctxOf(db, null);
  const merchant = ctxOf(db, large.id);
  const smallMerchant = ctxOf(db, small.id);
  const deep = (total: number) => Math.max(1, Math.floor(total / 20 / 10)); // a page a tenth of the way in
  const since = new Date(Date.now() - 400 * 86_400_000).toISOString();
  const until = new Date(Date.now() - 393 * 86_400_000).toISOString();
  console.log(
    `bench against PostgreSQL, ${size.batteries} batteries / ${size.vehicles} vehicles / ${size.cabinets} cabinets, node ${process.version}, ${os.cpus().length} cores`,
  );

  const figures: Figure[] = [];
  const rawSql = new RawSql(url);
  const listFigure = async (name: string, ctx: Ctx, call: (ctx: Ctx) => Promise<string>): Promise<Figure> => {
    const figure = await measure(name, iterations, () => call(ctx));
    const statements = await rawSql.statementsOf((db) => call({ ...ctx, db }));
    return { ...figure, raw: await rawSql.time(iterations, statements) };
  };
  const battery = async (name: string, input: Record<string, unknown>, ctx = platform) =>
    figures.push(
      await listFigure(`battery ${name}`, ctx, async (c) => pageDetail(await batteryList().search(c, batterySearch.parse(input)))),
    );
  await battery('first page', {});
  await battery(`deep page (${deep(size.batteries)})`, { current: deep(size.batteries) });
  await battery('merchant (30 %) first page', {}, merchant);
  await battery('number prefix', { number: 'BB00012' });
  await battery('IMEI', { imei: '86' + String((12345 * 7919) % 1e13).padStart(13, '0') });
  await battery('type', { typeId: types.battery });
  await battery('owner filter', { merchantId: large.id });
  await battery('platform stock', { merchantId: 0 });
  await battery('in stock', { stockStatus: 'INSTOCK' });
  await battery('scrapped', { scrapStatus: 'SCRAPPED' });
  await battery('brand + model', { brand: 'EVE', model: 'NMC7232' });
  await battery('created in a week', { createdFrom: since, createdTo: until });
  await battery('bound to a vehicle', { bound: true });
  await battery('sort by number', { sort: { field: 'number', order: 'ascend' } });
  await battery('merchant + in stock', { stockStatus: 'INSTOCK' }, merchant);
  await battery('small merchant (3 %) + in stock', { stockStatus: 'INSTOCK' }, smallMerchant);
  await battery('small merchant + type', { typeId: types.battery }, smallMerchant);

  const vehicle = async (name: string, input: Record<string, unknown>, ctx = platform) =>
    figures.push(
      await listFigure(`vehicle ${name}`, ctx, async (c) => pageDetail(await vehicleList.search(c, vehicleSearch.parse(input)))),
    );
  await vehicle('first page', {});
  await vehicle(`deep page (${deep(size.vehicles)})`, { current: deep(size.vehicles) });
  await vehicle('merchant first page', {}, merchant);
  await vehicle('number prefix', { number: 'BV00123' });
  await vehicle('VIN', { vin: 'MH1EV000000012345' });
  await vehicle('type', { typeId: types.vehicle });
  // A battery bound to a vehicle at any scale (see generate.ts: battery k rides in vehicle k).
  await vehicle('battery number', { batteryNumber: `BB${String(Math.min(12347, size.vehicles - 3)).padStart(8, '0')}` });
  await vehicle('sold', { saleStatus: 'SOLD' });
  await vehicle('scrapped', { scrapStatus: 'SCRAPPED' });

  const cabinet = async (name: string, input: Record<string, unknown>, ctx = platform) =>
    figures.push(
      await listFigure(`cabinet ${name}`, ctx, async (c) => pageDetail(await cabinetList.search(c, cabinetSearch.parse(input)))),
    );
  await cabinet('first page', {});
  await cabinet(`deep page (${deep(size.cabinets)})`, { current: deep(size.cabinets) });
  await cabinet('merchant first page', {}, merchant);
  await cabinet('number prefix', { number: 'BC0001' });
  await cabinet('site', { site: 'Site 42' });
  await cabinet('type', { typeId: types.cabinet });
  // Two cabinets in three stand in a station (generate.ts): each page reads their stations' names and types.
  await cabinet('in a station', { distributionStatus: 'ASSIGNED' });
  await cabinet('not in a station', { distributionStatus: 'UNASSIGNED' });
  await cabinet('one station', { stationId: station.id });
  await cabinet('sort by number', { sort: { field: 'number', order: 'ascend' } });

  figures.push(
    await measure('battery stock summary (per type and owner)', Math.max(5, Math.round(iterations / 5)), async () => {
      const page = await stockSummary(platform, 'battery', stockSummarySearch.parse({}));
      return `${page.records.length} groups of ${page.total}`;
    }),
  );
  const columns = fieldColumns(BATTERY_CSV_FIELDS);
  figures.push(
    await measure('battery export, 100 k rows streamed as CSV', 3, async () => {
      // As the route writes it: keyset chunks of stored rows turned into CSV pieces, none kept after it is written.
      let rows = 0;
      const streamed = await streamExport(batteryList().exportPieces(platform, batterySearch.parse({}), columns, (n) => (rows = n)));
      return exportDetail(rows, streamed);
    }),
  );

  const width = Math.max(...figures.map((f) => f.name.length));
  const f2 = (n: number | undefined) => (n === undefined ? '' : n.toFixed(2)).padStart(8);
  console.log(
    `\n${'figure'.padEnd(width)}  ${'calls'.padStart(5)}  ${'p50 ms'.padStart(8)}  ${'p95 ms'.padStart(8)}  ${'raw p50'.padStart(8)}  ${'raw p95'.padStart(8)}  ${'p95 ×'.padStart(6)}  answer`,
  );
  for (const f of figures) {
    const ratio = f.raw ? (f.p95 / f.raw.p95).toFixed(2) : '';
    console.log(
      `${f.name.padEnd(width)}  ${String(f.calls).padStart(5)}  ${f2(f.p50)}  ${f2(f.p95)}  ${f2(f.raw?.p50)}  ${f2(f.raw?.p95)}  ${ratio.padStart(6)}  ${f.detail}${f.raw ? ` (${f.raw.statements} statements)` : ''}`,
    );
  }
  await rawSql.close();
  await database.close();
}

await main();
