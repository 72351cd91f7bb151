/**
 * `npm run bench:sizing -w bench`: the bytes a row costs on disk, indexes included, for the tables
 * that grow with a network (docs/scaling.md, "Sizing"). Loads the device and order benches'
 * data at BENCH_SCALE (default 0.02: 20,000 batteries, 100,000 product orders, 100,000 swap orders
 * and records) into the PostgreSQL of DATABASE_URL, writes BENCH_TELEMETRY_ROWS (default 500,000)
 * reports into each telemetry history as the device link writes them, then vacuums, analyses and
 * prints rows, total size and bytes per row per table. Asserts nothing.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { fleetSize, generateFleet } from './devices/generate.js';
import { generateOrders } from './orders/generate.js';
import { rowsOf, timed } from './maps/common.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required (a PostgreSQL the bench may fill)');
const scale = Number(process.env.BENCH_SCALE ?? 0.02);
const telemetryRows = Number(process.env.BENCH_TELEMETRY_ROWS ?? 500_000);

const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
await database.migrate();
const db = database.db;
await generateFleet(url, fleetSize(scale));
await generateOrders(url, scale);
await timed(`${telemetryRows} reports per telemetry history`, async () => {
  // A report every 30 s from 1,000 devices of each kind, as the batches write them (in time order).
  await db.execute(
    sql.raw(`insert into battery_telemetry (battery_id, at, latitude, longitude, soc, voltage, current, temperature)
             select 1 + g % 1000, timestamptz '2026-01-01' + (g / 1000) * interval '30 seconds', -6.2 + (g % 997) / 5000.0,
                    106.8 + (g % 991) / 4000.0, 20 + g % 80, 66.5, -2.1, 31.5
             from generate_series(1, ${telemetryRows}) g`),
  );
  await db.execute(
    sql.raw(`insert into vehicle_telemetry (vehicle_id, at, latitude, longitude, speed, acc, soc)
             select 1 + g % 1000, timestamptz '2026-01-01' + (g / 1000) * interval '30 seconds', -6.2 + (g % 997) / 5000.0,
                    106.8 + (g % 991) / 4000.0, g % 60, case when g % 5 = 0 then 'OFF' else 'ON' end, 20 + g % 80
             from generate_series(1, ${telemetryRows}) g`),
  );
  await db.execute(
    sql.raw(`insert into cabinet_telemetry (cabinet_id, at, temperature, humidity, load, signal, water_alarm, smoke_alarm)
             select 1 + g % 1000, timestamptz '2026-01-01' + (g / 1000) * interval '30 seconds', 31.5, 60 + g % 30, (g % 72) / 10.0, 20, false, false
             from generate_series(1, ${telemetryRows}) g`),
  );
});
const tables = [
  'battery',
  'vehicle',
  'cabinet',
  'cabinet_compartment',
  'customer',
  'product_order',
  'swap_order',
  'swap_record',
  'battery_telemetry',
  'vehicle_telemetry',
  'cabinet_telemetry',
];
for (const table of tables) await db.execute(sql.raw(`vacuum (analyze) ${table}`));
console.log(
  `\n${'table'.padEnd(20)}  ${'rows'.padStart(10)}  ${'total MB'.padStart(9)}  ${'bytes/row'.padStart(9)}  (heap + indexes + toast)`,
);
for (const table of tables) {
  const [row] = rowsOf<{ n: number; bytes: number }>(
    // A history table is partitioned by day: its size is its partitions' (pg_partition_tree names a plain table alone).
    await db.execute(
      sql.raw(
        `select (select count(*) from ${table})::float8 as n, (select sum(pg_total_relation_size(relid)) from pg_partition_tree('${table}'))::float8 as bytes`,
      ),
    ),
  );
  const n = row?.n ?? 0;
  const bytes = row?.bytes ?? 0;
  console.log(
    `${table.padEnd(20)}  ${String(n).padStart(10)}  ${(bytes / 1e6).toFixed(1).padStart(9)}  ${(n ? bytes / n : 0).toFixed(0).padStart(9)}`,
  );
}
await database.close();
