/**
 * `npm run bench:dashboard -w bench`: the dashboard's calls over the bench's swap records, each
 * printed beside the raw aggregate of the same figure over the same rows in the same run: the ratio
 * is the figure (docs/dashboard.md, "Bench"). The rows are the bench orders' (../orders/generate.ts:
 * 5 M swaps and orders at BENCH_SCALE 1) and, with BENCH_SWAPS, swap records of no order up to that
 * many in all (100 M for the issue's figure; docs/scaling.md, "Swap records at scale"). The rollups
 * are made from the loaded rows by the dashboard's own rebuild first (the load writes raw rows only;
 * a run that finds them holding every succeeded swap keeps them). Asserts nothing. BENCH_ITERATIONS
 * sets the timed calls of the rollup reads, BENCH_RAW_ITERATIONS those of the raw aggregates.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { DASHBOARD_TIME_ZONE } from '@swap/contracts';
import { openDatabase, type Db } from '../../../apps/server/src/db/client.js';
// The modules load in the server's order first (their entries import one another).
import '../../../apps/server/src/modules/index.js';
import { rebuildFigures, type RebuildMark } from '../../../apps/server/src/modules/dashboard/index.js';
import { dashboardFigures, dashboardRanking, dashboardTrend } from '../../../apps/server/src/modules/dashboard/dashboard.query.js';
import { swapFigureFacts } from '../../../apps/server/src/modules/swap/index.js';
import { energyFigureFacts } from '../../../apps/server/src/modules/swap-order/index.js';
import { saleFigureFacts } from '../../../apps/server/src/modules/device-order/index.js';
import { customerFigureFacts } from '../../../apps/server/src/modules/customer/index.js';
import { ctxOf, measure, printFigures, rowsOf, type Figure } from '../maps/common.js';
import { generateOrders, generateSwaps, swapTotal } from '../orders/generate.js';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 30);
/** The raw aggregates read every swap of their range: at 100 M swaps a month's is seconds a call. */
const rawIterations = Number(process.env.BENCH_RAW_ITERATIONS ?? Math.min(iterations, 10));

/**
 * The dashboard's own rebuild of the rollups, keeping its place in `bench_rollup_rebuild` (at 100 M
 * swaps it runs for hours): a run stopped halfway goes on from the last day it counted, and the
 * time printed is the sum of the runs'. A place left by a finished rebuild of other rows is dropped.
 */
async function rebuildKeepingPlace(db: Db, swaps: number): Promise<void> {
  await db.execute(
    sql`create table if not exists bench_rollup_rebuild (source int not null, from_ms bigint, seconds float8 not null, done boolean not null)`,
  );
  let [kept] = rowsOf<{ source: number; from_ms: string | null; seconds: number; done: boolean }>(
    await db.execute(sql`select * from bench_rollup_rebuild`),
  );
  if (kept?.done) {
    await db.execute(sql`delete from bench_rollup_rebuild`);
    kept = undefined;
  }
  if (!kept) await db.execute(sql`insert into bench_rollup_rebuild values (0, null, 0, false)`);
  const mark: RebuildMark | undefined = kept
    ? { source: kept.source, from: kept.from_ms === null ? null : Number(kept.from_ms) }
    : undefined;
  if (mark)
    console.log(`  rollups: going on from source ${mark.source}${mark.from === null ? '' : `, ${new Date(mark.from).toISOString()}`}`);
  const before = kept?.seconds ?? 0;
  const started = Date.now();
  const elapsed = () => before + (Date.now() - started) / 1000;
  await rebuildFigures(db, [swapFigureFacts, energyFigureFacts, saleFigureFacts, customerFigureFacts], {
    ...(mark ? { mark } : {}),
    save: async (tx, at) => {
      await tx.execute(sql`update bench_rollup_rebuild set source = ${at.source}, from_ms = ${at.from}, seconds = ${elapsed()}`);
    },
  });
  await db.execute(sql`update bench_rollup_rebuild set done = true, seconds = ${elapsed()}`);
  console.log(
    `  rollups made in ${elapsed().toFixed(0)} s${mark ? ' (the runs together)' : ''} from ${swaps} succeeded swaps (${((elapsed() * 10_000_000) / Math.max(1, swaps)).toFixed(0)} s per 10 M)`,
  );
  for (const table of ['dashboard_merchant_hour', 'dashboard_merchant_day', 'dashboard_merchant_total', 'dashboard_cabinet_day'])
    await db.execute(sql.raw(`vacuum (analyze) ${table}`));
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required (a PostgreSQL the bench may fill)');
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await database.migrate();
  const size = await generateOrders(url, scale);
  await generateSwaps(url, swapTotal(size));
  const db = database.db;
  const [counted] = rowsOf<{ rolled: number; raw: number }>(
    await db.execute(sql`select (select coalesce(sum(swaps), 0)::int from dashboard_merchant_total) as rolled,
                                (select count(*)::int from swap_record where result = 'SUCCEEDED') as raw`),
  );
  if (counted && counted.rolled === counted.raw && counted.raw > 0)
    console.log(`  rollups hold the ${counted.raw} succeeded swaps already`);
  else await rebuildKeepingPlace(db, counted?.raw ?? 0);
  const [ids] = rowsOf<{ large: number }>(
    await db.execute(sql`select (select id from merchant where name = 'Bench Merchant 01') as large`),
  );
  const [swaps] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from swap_record`));
  console.log(
    `bench against PostgreSQL: ${swaps?.n ?? 0} swap records, ${size.swapOrders} swap orders, ${size.customers} customers; node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const zone = sql.raw(`'${DASHBOARD_TIME_ZONE}'`);
  const figures: Figure[] = [];
  for (const [who, ctx, merchant] of [
    ['platform', ctxOf(db, null), sql`true`],
    ['merchant (30 %)', ctxOf(db, ids?.large ?? null), sql`merchant_id = ${ids?.large ?? 0}`],
  ] as const) {
    figures.push(
      await measure(`${who} figures`, iterations, async () => `${(await dashboardFigures(ctx)).swaps.today} swaps today`),
      await measure(`${who} figures, raw`, rawIterations, async () => {
        const [row] = rowsOf<{ n: number }>(
          await db.execute(
            sql`select count(*)::int as n from swap_record where ${merchant} and result = 'SUCCEEDED' and started_at >= date_trunc('day', now() at time zone ${zone}) at time zone ${zone}`,
          ),
        );
        return `${row?.n ?? 0} swaps today`;
      }),
      await measure(`${who} month trend`, iterations, async () => {
        const trend = await dashboardTrend(ctx, 'month');
        return `${trend.points.reduce((sum, p) => sum + p.swaps, 0)} swaps in 30 days`;
      }),
      await measure(`${who} month trend, raw`, rawIterations, async () => {
        const rows = rowsOf<{ n: number }>(
          await db.execute(
            sql`select count(*)::int as n from swap_record where ${merchant} and result = 'SUCCEEDED' and started_at >= (date_trunc('day', now() at time zone ${zone}) - interval '29 days') at time zone ${zone} group by (started_at at time zone ${zone})::date`,
          ),
        );
        return `${rows.reduce((sum, r) => sum + r.n, 0)} swaps in 30 days`;
      }),
      await measure(`${who} ranking`, iterations, async () => `${(await dashboardRanking(ctx)).busiestCabinets.length} cabinets`),
      await measure(`${who} ranking, raw`, rawIterations, async () => {
        const rows = rowsOf<{ n: number }>(
          await db.execute(
            sql`select cabinet_id, count(*)::int as n from swap_record where ${merchant} and result = 'SUCCEEDED' and started_at >= date_trunc('day', now() at time zone ${zone}) at time zone ${zone} group by 1 order by 2 desc limit 10`,
          ),
        );
        return `${rows.length} cabinets`;
      }),
    );
  }
  printFigures(figures);
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await database.close();
}

await main();
