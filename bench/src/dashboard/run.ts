/**
 * `npm run bench:dashboard -w bench`: the dashboard's calls over the bench orders' swap records
 * (../orders/generate.ts: 5 M swaps and orders at BENCH_SCALE 1), each printed beside the raw
 * aggregate of the same figure over the same rows in the same run: the ratio is the figure
 * (docs/dashboard.md). The rollups are made from the loaded rows by the dashboard's own rebuild
 * first (the load writes raw rows only). Asserts nothing. BENCH_ITERATIONS sets the timed calls.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { DASHBOARD_TIME_ZONE } from '@swap/contracts';
import { openDatabase } from '../../../apps/server/src/db/client.js';
// The modules load in the server's order first (their entries import one another).
import '../../../apps/server/src/modules/index.js';
import { rebuildFigures } from '../../../apps/server/src/modules/dashboard/index.js';
import { dashboardFigures, dashboardRanking, dashboardTrend } from '../../../apps/server/src/modules/dashboard/dashboard.query.js';
import { swapFigureFacts } from '../../../apps/server/src/modules/swap/index.js';
import { energyFigureFacts } from '../../../apps/server/src/modules/swap-order/index.js';
import { saleFigureFacts } from '../../../apps/server/src/modules/device-order/index.js';
import { customerFigureFacts } from '../../../apps/server/src/modules/customer/index.js';
import { ctxOf, measure, printFigures, rowsOf, type Figure } from '../maps/common.js';
import { generateOrders } from '../orders/generate.js';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 30);

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required (a PostgreSQL the bench may fill)');
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await database.migrate();
  const size = await generateOrders(url, scale);
  const db = database.db;
  const started = Date.now();
  await rebuildFigures(db, [swapFigureFacts, energyFigureFacts, saleFigureFacts, customerFigureFacts]);
  console.log(`  rollups made in ${((Date.now() - started) / 1000).toFixed(0)} s`);
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
      await measure(`${who} figures, raw`, iterations, async () => {
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
      await measure(`${who} month trend, raw`, iterations, async () => {
        const rows = rowsOf<{ n: number }>(
          await db.execute(
            sql`select count(*)::int as n from swap_record where ${merchant} and result = 'SUCCEEDED' and started_at >= (date_trunc('day', now() at time zone ${zone}) - interval '29 days') at time zone ${zone} group by (started_at at time zone ${zone})::date`,
          ),
        );
        return `${rows.reduce((sum, r) => sum + r.n, 0)} swaps in 30 days`;
      }),
      await measure(`${who} ranking`, iterations, async () => `${(await dashboardRanking(ctx)).busiestCabinets.length} cabinets`),
      await measure(`${who} ranking, raw`, iterations, async () => {
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
