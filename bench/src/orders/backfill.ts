/**
 * `npm run bench:backfill -w bench`: the customer-reference backfill of the swap table at scale
 * (docs/scaling.md, "Customer references"). Loads the bench orders and swap records into DATABASE_URL
 * when they are not there yet (generate.ts: BENCH_SCALE, BENCH_SWAPS; the load writes no reference,
 * as rows stored before migration 0058 have none), then runs the servers' own backfill batch over
 * them from where its progress stands: BENCH_BACKFILL_BATCHES batches (default 400, 2 M ids; 0: to
 * the table's end), each timed. Prints the rows set per second, the batch time p50/p95 and the
 * longest (a batch's rows and the progress row stay locked that long), and what the whole table
 * takes at the servers' pace (one batch, then a 200 ms pause). Asserts nothing.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../../apps/server/src/db/client.js';
// The modules load in the server's order first (their entries import one another).
import '../../../apps/server/src/modules/index.js';
import { BACKFILL_BATCH, backfillCustomerBatch } from '../../../apps/server/src/modules/swap/index.js';
import { rowsOf } from '../maps/common.js';
import { generateOrders, generateSwaps, swapTotal } from './generate.js';

const batches = Number(process.env.BENCH_BACKFILL_BATCHES ?? 400);
/** The servers' pause between two batches (startCustomerReferenceBackfill). */
const PAUSE_MS = 200;
const NAME = 'swap_record.customer_id';

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required (a PostgreSQL the bench may fill)');
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await database.migrate();
  const size = await generateOrders(url, Number(process.env.BENCH_SCALE ?? 1));
  await generateSwaps(url, swapTotal(size));
  const db = database.db;
  const [table] = rowsOf<{ rows: number; last: number; unset: boolean }>(
    await db.execute(sql`select (select reltuples::bigint from pg_class where relname = 'swap_record') as rows,
                                (select coalesce(max(id), 0) from swap_record) as last,
                                exists (select 1 from swap_record where customer_id is null and customer is not null limit 1) as unset`),
  );
  const [progress] = rowsOf<{ lastId: number; finished: boolean }>(
    await db.execute(sql`select last_id as "lastId", finished_at is not null as finished from reference_backfill where name = ${NAME}`),
  );
  if (!progress || progress.finished) {
    // A finished backfill starts again from the first id: its batches then find the rows set already (each reads its range, sets none).
    console.log(`  the backfill had ${progress ? 'finished' : 'not started'}: it starts again from the first id`);
    await db.execute(sql`insert into reference_backfill (name) values (${NAME})
                         on conflict (name) do update set last_id = 0, finished_at = null, updated_at = now()`);
  }
  console.log(
    `bench against PostgreSQL: about ${table?.rows ?? 0} swap records (last id ${table?.last ?? 0}; ${table?.unset ? 'rows without their reference left' : 'every reference set already'}), batches of ${BACKFILL_BATCH} ids from id ${progress && !progress.finished ? progress.lastId : 0}; node ${process.version}, ${os.cpus().length} cores, load average ${load()}`,
  );
  const times: number[] = [];
  let updated = 0;
  let finished = false;
  const started = Date.now();
  while (!finished && (batches === 0 || times.length < batches)) {
    const start = process.hrtime.bigint();
    const step = await backfillCustomerBatch(db, NAME);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    updated += step.updated;
    finished = step.finished;
  }
  const seconds = (Date.now() - started) / 1000;
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  const mean = times.reduce((sum, t) => sum + t, 0) / Math.max(1, times.length);
  const whole = Math.ceil((table?.last ?? 0) / BACKFILL_BATCH);
  console.log(`
batches ${times.length}${finished ? ' (to the end of the table)' : ''}, ids ${times.length * BACKFILL_BATCH}, references set ${updated} in ${seconds.toFixed(1)} s: ${Math.round(updated / Math.max(0.001, seconds))} rows/s
batch time p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms, longest ${at(100).toFixed(1)} ms (the longest any batch holds its rows and the progress row locked)
the whole table at the servers' pace (${whole} batches, each with a ${PAUSE_MS} ms pause): about ${((whole * (mean + PAUSE_MS)) / 60_000).toFixed(0)} min
load average at the end: ${load()}`);
  await database.close();
}

await main();
