/**
 * `npm run bench:export -w bench`: the battery list's CSV export of 100,000 rows (EXPORT_MAX_ROWS),
 * as the route writes it, on PostgreSQL (DATABASE_URL) or the embedded database in memory. Loads
 * BENCH_EXPORT_ROWS batteries (default 100,000) with `INSERT … SELECT … FROM generate_series` when
 * fewer are there, then times the export three times and prints the time, rows, bytes and the
 * largest heap growth. Asserts nothing (figures only; docs/scaling.md, "Export").
 */
import { sql } from 'drizzle-orm';
import { batterySearch } from '@swap/contracts';
import { fieldColumns } from '../../apps/server/src/app/csv.js';
// The modules load in the server's order first (their entries import one another).
import '../../apps/server/src/modules/index.js';
import { BATTERY_CSV_FIELDS, batteryList } from '../../apps/server/src/modules/battery/battery.query.js';
import { benchDatabase, ctxOf, measure, printFigures, rowsOf, timed } from './maps/common.js';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);

const { database, engine } = await benchDatabase();
const db = database.db;
console.log(`battery export on ${engine}`);

const [have] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from battery where number like 'XB%'`));
if ((have?.n ?? 0) < ROWS) {
  await timed(`${ROWS} batteries loaded`, async () => {
    await db.execute(
      sql.raw(`insert into device_type (kind, code, name, description, structure, rated_voltage, rated_capacity, rated_current, cell_count, weight)
               values ('battery', 'XLFP6430', 'LFP 64V 30Ah', 'Bench pack', 'LFP', 64, 30, 30, 20, 12.5) on conflict do nothing`),
    );
    await db.execute(
      sql.raw(`insert into merchant (name, type, person_in_charge, contact, office_address)
               values ('Export Bench Merchant', 'AGENT', 'Bench', '+62 800 000 1', 'Jakarta') on conflict (name) do nothing`),
    );
    await db.execute(sql.raw('alter table battery disable trigger user'));
    await db.execute(
      sql.raw(`insert into battery (number, name, type_id, brand, model, imei, weight, rated_voltage, rated_capacity, rated_current, cell_count,
                                    structure, software_version, hardware_version, bms_brand, cell_brand, capacity, soc, cycles, temperature,
                                    cell_voltages, gsm_signal, gps_signal, alarm_status, scrap_status, scrap_reason, scrapped_at, stock_status,
                                    latitude, longitude, location, merchant_id, last_report_at, created_at, updated_at)
               select 'XB' || lpad(g::text, 8, '0'), 'Pack, "' || g || '"', (select id from device_type where code = 'XLFP6430'),
                      (array['CATL', 'EVE', 'Gotion', 'BYD'])[1 + g % 4], 'LFP6430', '86' || lpad(((g::bigint * 7919) % 10000000000000)::text, 13, '0'),
                      12.5, 64, 30, 30, 20, 'LFP', '2.4.0', 'H1.3', 'Daly', 'CATL', 28 + (g % 20) / 10.0, g % 101, g % 900, 25 + (g % 150) / 10.0,
                      '[3.31,3.32,3.3,3.33,3.34]'::jsonb, 10 + g % 22, g % 12,
                      case when g % 53 = 0 then 'ALARM' else 'NORMAL' end, case when g % 97 = 0 then 'SCRAPPED' else 'NORMAL' end,
                      case when g % 97 = 0 then 'Bench scrap' end, case when g % 97 = 0 then now() - (g % 30) * interval '1 day' end,
                      case when g % 3 = 0 then 'INSTOCK' else 'OUTSTOCK' end, -6.2 + (g % 1000) / 5000.0, 106.8 + (g % 997) / 4000.0, 'Jakarta',
                      case when g % 2 = 0 then (select id from merchant where name = 'Export Bench Merchant') end,
                      now() - (g % 600) * interval '1 second', timestamptz '2025-01-01' + g * interval '5 minutes', now()
               from generate_series(1, ${ROWS}) g`),
    );
    await db.execute(sql.raw('alter table battery enable trigger user'));
    await db.execute(sql.raw('analyze battery'));
  });
}

const platform = ctxOf(db, null);
const columns = fieldColumns(BATTERY_CSV_FIELDS);
const figure = await measure(
  'battery export, 100 k rows streamed as CSV',
  3,
  async () => {
    // As the route writes it: the export's pieces, none kept after it is written.
    let rows = 0;
    let bytes = 0;
    let peakHeap = 0;
    const baseHeap = process.memoryUsage().heapUsed;
    for await (const piece of batteryList().exportPieces(platform, batterySearch.parse({}), columns, (n) => (rows = n))) {
      bytes += Buffer.byteLength(piece);
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed - baseHeap);
    }
    return `${rows} rows, ${(bytes / 1e6).toFixed(1)} MB, heap +${(peakHeap / 1e6).toFixed(0)} MB at most`;
  },
  { warm: false },
);
printFigures([figure]);
await database.close();
