/**
 * `npm run bench:retention -w bench`: what the retention purge costs per day of battery history
 * (docs/scaling.md, "Partitioning by time"). Into the PostgreSQL of DATABASE_URL (a database the
 * bench may fill) it writes BENCH_RETENTION_ROWS (default 1,000,000) reports into each of two past
 * days, as the device link writes them, then removes the first day as the purge did before the
 * history was partitioned (DELETE in chunks of 10,000 rows through the BRIN index, plus the VACUUM
 * that makes the space reusable) and the second as it does now (its day partition dropped), and
 * prints both with the machine's load. Asserts nothing.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.js';
import {
  ensureTelemetryPartitions,
  partitionName,
  purgeHistoryBefore,
} from '../../apps/server/src/modules/telemetry/telemetry.partitions.js';
import { rowsOf } from './maps/common.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required (a PostgreSQL the bench may fill)');
const rows = Number(process.env.BENCH_RETENTION_ROWS ?? 1_000_000);
const DAY = 86_400_000;
const first = Date.parse('2020-01-01T00:00:00Z');
const second = first + DAY;

const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
await database.migrate();
const db = database.db;
await purgeHistoryBefore(db, new Date(second + 2 * DAY));
await ensureTelemetryPartitions(db, { now: new Date(first), daysAhead: 1 });
const devices = Math.max(1, Math.ceil(rows / 2880));
for (const day of [first, second]) {
  // A report every 30 s from each device over the day, in time order as the batches write them.
  await db.execute(
    sql.raw(`insert into battery_telemetry (battery_id, at, latitude, longitude, soc, voltage, current, temperature)
             select 1 + g % ${devices}, timestamptz '${new Date(day).toISOString()}' + (g / ${devices}) * (interval '1 day' / ${Math.ceil(rows / devices)}),
                    -6.2 + (g % 997) / 5000.0, 106.8 + (g % 991) / 4000.0, 20 + g % 80, 66.5, -2.1, 31.5
             from generate_series(0, ${rows - 1}) g`),
  );
}
await db.execute(sql`vacuum (analyze) battery_telemetry`);
const size = async (day: number) =>
  rowsOf<{ bytes: number }>(
    await db.execute(sql.raw(`select pg_total_relation_size('${partitionName('battery_telemetry', day)}')::float8 as bytes`)),
  )[0]!.bytes;
const bytes = await size(first);

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;
const cutoff = new Date(second).toISOString();
let start = process.hrtime.bigint();
let deleted = 0;
for (;;) {
  const result = await db.execute(
    // The old statement; the time bound keeps it within the day's partition, where a row's ctid is unique.
    sql`delete from battery_telemetry where at < ${cutoff}::timestamptz
          and ctid = any(array(select ctid from battery_telemetry where at < ${cutoff}::timestamptz limit 10000))`,
  );
  const count = (result as { rowCount?: number | null }).rowCount ?? 0;
  deleted += count;
  if (count < 10_000) break;
}
const deleteSeconds = seconds(start);
start = process.hrtime.bigint();
await db.execute(sql.raw(`vacuum ${partitionName('battery_telemetry', first)}`));
const vacuumSeconds = seconds(start);

start = process.hrtime.bigint();
const dropped = await purgeHistoryBefore(db, new Date(second + DAY));
const dropSeconds = seconds(start);

const load = os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
console.log(`\none day of battery history: ${rows} reports of ${devices} batteries, ${(bytes / 1e6).toFixed(0)} MB with its indexes`);
console.log(`  DELETE in chunks of 10,000 (the purge before partitions): ${deleted} rows in ${deleteSeconds.toFixed(2)} s`);
console.log(`  VACUUM of the emptied day:                               ${vacuumSeconds.toFixed(2)} s`);
console.log(`  the day's partition dropped (the purge now):             ${dropped.partitions} partitions in ${dropSeconds.toFixed(3)} s`);
console.log(`  load average (1, 5, 15 min): ${load} on ${os.cpus().length} cores\n`);
await database.close();
