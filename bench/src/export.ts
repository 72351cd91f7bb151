/**
 * `npm run bench:export -w bench`: the CSV exports of 100,000 rows (EXPORT_MAX_ROWS) of batteries,
 * cabinets and product orders, as the routes write them, on PostgreSQL (DATABASE_URL) or the embedded
 * database in memory. Loads BENCH_EXPORT_ROWS rows of each kind (default 100,000) with
 * `INSERT … SELECT … FROM generate_series` when fewer are there (BENCH_EXPORT_KINDS=battery,cabinet
 * picks kinds), then times each export three times and prints the time, rows, bytes, the largest heap
 * growth, the CPU time this process spent (the embedded database's thread included; on a loaded machine a
 * steadier figure than the time) and whether it read stored rows; BENCH_EXPORT_RECORDS=1 adds each export read through its
 * records (the way before stored rows) beside it. Asserts nothing (figures only; docs/scaling.md, "Export").
 */
import { sql } from 'drizzle-orm';
import { batterySearch, cabinetSearch, productOrderSearch } from '@swap/contracts';
import { csvPieces, fieldColumns, type CsvColumn } from '../../apps/server/src/app/csv.js';
import type { Ctx } from '../../apps/server/src/app/context.js';
// The modules load in the server's order first (their entries import one another).
import '../../apps/server/src/modules/index.js';
import { BATTERY_CSV_FIELDS, batteryList } from '../../apps/server/src/modules/battery/battery.query.js';
import { CABINET_CSV_FIELDS, cabinetList } from '../../apps/server/src/modules/cabinet/cabinet.query.js';
import { PRODUCT_ORDER_CSV_COLUMNS } from '../../apps/server/src/modules/product-order/index.js';
import { productOrderList } from '../../apps/server/src/modules/product-order/product-order.query.js';
import { benchDatabase, ctxOf, exportDetail, measure, printFigures, rowsOf, streamExport, timed, type Figure } from './maps/common.js';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const RECORDS = process.env.BENCH_EXPORT_RECORDS === '1';
const KINDS = new Set((process.env.BENCH_EXPORT_KINDS ?? 'battery,cabinet,productOrder').split(','));

const { database, engine } = await benchDatabase();
const db = database.db;
console.log(`exports on ${engine}`);

async function count(query: string): Promise<number> {
  const [have] = rowsOf<{ n: number }>(await db.execute(sql.raw(query)));
  return have?.n ?? 0;
}

/** A bench device type (its values in the insert's column order) and the bench merchant, each added once. */
async function addTypeAndMerchant(typeValues: string): Promise<void> {
  await db.execute(
    sql.raw(`insert into device_type (kind, code, name, description, structure, rated_voltage, rated_capacity, rated_current, cell_count, weight)
             values (${typeValues}) on conflict do nothing`),
  );
  await db.execute(
    sql.raw(`insert into merchant (name, type, person_in_charge, contact, office_address)
             values ('Export Bench Merchant', 'AGENT', 'Bench', '+62 800 000 1', 'Jakarta') on conflict (name) do nothing`),
  );
}

/** Runs a table's bulk insert with its user triggers off (they would run once a row), then analyzes the table. */
async function loadWithoutTriggers(table: string, insert: string): Promise<void> {
  await db.execute(sql.raw(`alter table ${table} disable trigger user`));
  await db.execute(sql.raw(insert));
  await db.execute(sql.raw(`alter table ${table} enable trigger user`));
  await db.execute(sql.raw(`analyze ${table}`));
}

if (KINDS.has('battery') && (await count(`select count(*)::int as n from battery where number like 'XB%'`)) < ROWS) {
  await timed(`${ROWS} batteries loaded`, async () => {
    await addTypeAndMerchant(`'battery', 'XLFP6430', 'LFP 64V 30Ah', 'Bench pack', 'LFP', 64, 30, 30, 20, 12.5`);
    await loadWithoutTriggers(
      'battery',
      `insert into battery (number, name, type_id, brand, model, imei, weight, rated_voltage, rated_capacity, rated_current, cell_count,
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
               from generate_series(1, ${ROWS}) g`,
    );
  });
}

// Cabinets of the bench merchant, a third standing in one of 50 stations, a quarter sold by it.
if (KINDS.has('cabinet') && (await count(`select count(*)::int as n from cabinet where number like 'XC%'`)) < ROWS) {
  await timed(`${ROWS} cabinets loaded`, async () => {
    await addTypeAndMerchant(`'cabinet', 'XSC12', 'Bench cabinet', 'Bench cabinet', 'LFP', 0, 0, 0, 12, 300`);
    await db.execute(
      sql.raw(`insert into station (name, nature, type, address, responsible_person, status, latitude, longitude)
               select 'Export Bench Station ' || g, 'SELF_OPERATED', 'SWAP', 'Jalan ' || g, 'Bench', 'DEPLOYED', -6.2, 106.8
               from generate_series(1, 50) g where not exists (select 1 from station where name = 'Export Bench Station 1')`),
    );
    await loadWithoutTriggers(
      'cabinet',
      `insert into cabinet (number, brand, model, type_id, product_number, network_type, communication_type, compartment_count, factory_date,
                                    humidity, signal, temperature, lamp, external_max_power, charger_total_power, meter_count, load, imei, site,
                                    station_id, seller, seller_id, purchase_time, latitude, longitude, location, stock_status, scrap_status,
                                    merchant_id, last_report_at, created_at)
               select 'XC' || lpad(g::text, 8, '0'), 'Volta', 'SC12', (select id from device_type where code = 'XSC12'), 'PN' || g, '4G', 'MQTT', 12,
                      date '2025-01-01' + (g % 365), 60 + g % 30, 15 + g % 16, 30 + (g % 80) / 10.0, 'ON', 10, 7.2, 1, (g % 72) / 10.0,
                      '86' || lpad(((g::bigint * 104729) % 10000000000000)::text, 13, '0'), 'Site "' || (g % 500) || '", north',
                      case when g % 3 = 0 then (select min(id) from station where name like 'Export Bench Station %') + g % 50 end,
                      case when g % 4 = 1 then 'PT Volta Energi' end,
                      case when g % 4 = 0 then (select id from merchant where name = 'Export Bench Merchant') end,
                      timestamptz '2025-01-01' + (g % 300) * interval '1 day', -6.2 + (g % 1000) / 5000.0, 106.8 + (g % 997) / 4000.0, 'Jakarta',
                      case when g % 4 = 0 then 'INSTOCK' else 'OUTSTOCK' end, case when g % 211 = 0 then 'SCRAPPED' else 'NORMAL' end,
                      case when g % 2 = 0 then (select id from merchant where name = 'Export Bench Merchant') end,
                      now() - (g % 600) * interval '1 second', timestamptz '2025-01-01' + g * interval '5 minutes'
               from generate_series(1, ${ROWS}) g`,
    );
  });
}

// Product orders of the bench merchant's customers (1,000 of them, one product).
if (KINDS.has('productOrder') && (await count(`select count(*)::int as n from product_order where order_no like 'XO%'`)) < ROWS) {
  await timed(`${ROWS} product orders loaded`, async () => {
    await addTypeAndMerchant(`'vehicle', 'XEM2', 'Bench scooter', 'Bench scooter', 'LFP', 64, 30, 30, 20, 90`);
    await db.execute(
      sql.raw(
        `insert into area (code, name, type) select 'XBP', 'Export Bench Province', 'PROVINCE' where not exists (select 1 from area where code = 'XBP')`,
      ),
    );
    await db.execute(
      sql.raw(`insert into area (code, name, type, province_id) select 'XBC', 'Export Bench City', 'CITY', (select id from area where code = 'XBP')
               where not exists (select 1 from area where code = 'XBC')`),
    );
    await db.execute(
      sql.raw(`insert into product_package (merchant_id, name, operation_type, vehicle_type_id, city_id, currency, deposit, admin_fee, price_per_cycle,
                                            renewal_price, daily_renewal_price, cycles, battery_count, swaps_per_cycle, time_limit, time_limit_unit,
                                            agreement, start_at, end_at, sale_mode, labels)
               select (select id from merchant where name = 'Export Bench Merchant'), 'Export Bench Plan', 'LEASE',
                      (select id from device_type where code = 'XEM2'), (select id from area where code = 'XBC'), 'IDR', 500000, 25000, 300000,
                      280000, 10000, 3, 1, 60, 90, 'DAY', 'Bench', now() - interval '1 day', now() + interval '1 year', 'RENT_ONLY', '["RENT"]'
               where not exists (select 1 from product_package where name = 'Export Bench Plan')`),
    );
    await db.execute(
      sql.raw(`insert into customer (merchant_id, customer_number, given_name, family_name)
               select (select id from merchant where name = 'Export Bench Merchant'), 'XK' || lpad(g::text, 6, '0'), 'Ayu ' || g, 'Lestari'
               from generate_series(1, 1000) g where not exists (select 1 from customer where customer_number = 'XK000001')`),
    );
    await loadWithoutTriggers(
      'product_order',
      `insert into product_order (order_no, merchant_id, customer_id, product_id, product_name, operation_type, vehicle_type_id, payment_gateway,
                                          transaction_id, source, status, customer_status, current_cycle, total_cycles, cycle_days, overdue_days,
                                          overdue_cycles, currency, price_per_cycle, renewal_price, first_payment, outstanding_balance, start_at,
                                          paid_until, expires_at, terminated_at, created_at)
               select 'XO' || lpad(g::text, 10, '0'), p.merchant_id, c.min + g % 1000, p.id, p.name, 'LEASE', p.vehicle_type_id,
                      case when g % 5 > 0 then 'XENDIT' end, case when g % 5 > 0 then 'T-' || g end,
                      (array['ANDROID', 'IOS', 'MINI_PROGRAM'])[1 + g % 3], (array['ENROLLED', 'CANCELLED', 'TERMINATED'])[1 + g % 3],
                      (array['NEW', 'REGISTERED'])[1 + g % 2], g % 4, 3, 30, g % 9, g % 2, 'IDR', 300000, 280000, 825000,
                      ((g % 40) * 12500.5)::numeric(14, 2), timestamptz '2025-01-01' + g * interval '5 minutes',
                      case when g % 5 > 0 then timestamptz '2025-02-01' + g * interval '5 minutes' end,
                      timestamptz '2025-04-01' + g * interval '5 minutes', case when g % 3 = 2 then now() end,
                      timestamptz '2025-01-01' + g * interval '5 minutes'
               from generate_series(1, ${ROWS}) g
               cross join (select id, name, merchant_id, vehicle_type_id from product_package where name = 'Export Bench Plan') p
               cross join (select min(id) as min from customer where customer_number like 'XK%') c`,
    );
  });
}

const platform = ctxOf(db, null);
// As the route writes it: the export's pieces, none kept after it is written.
async function exportFigure(
  name: string,
  readsStoredRows: boolean,
  pieces: (counted: (rows: number) => void) => AsyncGenerator<string>,
): Promise<Figure> {
  return measure(
    `${name} export, 100 k rows streamed as CSV`,
    3,
    async () => {
      let rows = 0;
      const cpu = process.cpuUsage();
      const streamed = await streamExport(pieces((n) => (rows = n)));
      const used = process.cpuUsage(cpu);
      const cpuSeconds = ((used.user + used.system) / 1e6).toFixed(2);
      return `${exportDetail(rows, streamed)}, ${cpuSeconds} s CPU in this process, ${readsStoredRows ? 'stored rows' : 'records'}`;
    },
    { warm: false },
  );
}

async function figureOf<Q, Rec>(
  name: string,
  list: {
    readsStoredRows: (ctx: Ctx, columns: CsvColumn<Rec>[]) => boolean;
    exportPieces: (ctx: Ctx, query: Q, columns: CsvColumn<Rec>[], counted?: (rows: number) => void) => AsyncGenerator<string>;
    exportChunks: (ctx: Ctx, query: Q) => AsyncGenerator<Rec[]>;
  },
  query: Q,
  columns: CsvColumn<Rec>[],
): Promise<Figure[]> {
  const figures = [
    await exportFigure(name, list.readsStoredRows(platform, columns), (counted) => list.exportPieces(platform, query, columns, counted)),
  ];
  if (RECORDS)
    figures.push(await exportFigure(name, false, (counted) => csvPieces(list.exportChunks(platform, query), columns, platform, counted)));
  return figures;
}

const figures: Figure[] = [];
if (KINDS.has('battery'))
  figures.push(...(await figureOf('battery', batteryList(), batterySearch.parse({}), fieldColumns(BATTERY_CSV_FIELDS))));
if (KINDS.has('cabinet'))
  figures.push(...(await figureOf('cabinet', cabinetList, cabinetSearch.parse({}), fieldColumns(CABINET_CSV_FIELDS))));
if (KINDS.has('productOrder'))
  figures.push(...(await figureOf('product order', productOrderList, productOrderSearch.parse({}), PRODUCT_ORDER_CSV_COLUMNS)));
printFigures(figures);
await database.close();
