/**
 * Loads a large operator's customers and orders into the PostgreSQL of DATABASE_URL: by default
 * 1 M customers, 5 M product orders and 5 M transfer and energy (swap) orders with the 5 M swap
 * records they charge, over the bench fleet's merchants and cabinets (../devices/generate.ts, loaded
 * first at the same scale). Everything is INSERT … SELECT over generate_series on the server: no row
 * crosses the network. Secondary indexes are dropped during the load and rebuilt after from their
 * own definitions, then the tables are vacuumed and analysed (docs/scaling.md, "Orders and customers").
 *
 *   DATABASE_URL=postgres://… BENCH_SCALE=0.1 npx tsx bench/src/orders/generate.ts
 */
import pg from 'pg';
import { fleetSize, generateFleet } from '../devices/generate.js';

export interface OrderSize {
  customers: number;
  productOrders: number;
  swapOrders: number;
}

export function orderSize(scale: number): OrderSize {
  return {
    customers: Math.round(1_000_000 * scale),
    productOrders: Math.round(5_000_000 * scale),
    swapOrders: Math.round(5_000_000 * scale),
  };
}

const CHUNK = 250_000;
/** Orders are spread over the last 640 days up to the load. */
const SPAN_DAYS = 640;

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const start = Date.now();
  const result = await run();
  console.log(`  ${label}: ${((Date.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

/** Drops a table's secondary indexes but the unique ones (other tables' keys may rest on them), answering their definitions. */
async function dropIndexes(client: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = $1 and indexname <> $2 and indexdef not like 'CREATE UNIQUE%'`,
    [table, `${table}_pkey`],
  );
  for (const row of rows) await client.query(`drop index if exists "${row.indexname}"`);
  return rows.map((row) => row.indexdef);
}

async function chunked(total: number, insert: (from: number, to: number) => Promise<unknown>): Promise<void> {
  for (let from = 1; from <= total; from += CHUNK) await insert(from, Math.min(total, from + CHUNK - 1));
}

const one = async <T extends pg.QueryResultRow>(client: pg.ClientBase, text: string): Promise<T> => {
  const { rows } = await client.query<T>(text);
  if (!rows[0]) throw new Error(`bench data missing: ${text}`);
  return rows[0];
};

/**
 * Loads customers and orders; a database that holds the bench customers already is left as it is.
 * Customer k belongs to merchant index m(k) (merchant 01 holds 30 %, the other 19 share the rest),
 * and every order of customer k is its merchant's.
 */
export async function generateOrders(databaseUrl: string, scale: number): Promise<OrderSize> {
  const size = orderSize(scale);
  await generateFleet(databaseUrl, fleetSize(scale));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { n } = await one<{ n: string }>(client, `select count(*) as n from customer where customer_number like 'BU%'`);
    if (Number(n) > 0) {
      console.log('  bench customers and orders already loaded');
      return size;
    }
    console.log(`loading ${size.customers} customers, ${size.productOrders} product orders, ${size.swapOrders} swap orders`);
    const { rows: merchantRows } = await client.query<{ id: number }>(
      `select id from merchant where name like 'Bench Merchant %' order by name`,
    );
    const merchants = merchantRows.map((row) => row.id);
    const M = merchants.length;
    // The merchant index of customer key k: 0 for 30 %, else one of the other merchants (read from k / 7,
    // so that it does not follow an order's own number, which picks the order's states).
    const mIdx = (k: string) => `(case when (${k} / 7) % 10 in (1, 2, 3) then 0 else 1 + (${k} / 70) % ${M - 1} end)`;
    const merchantOf = (k: string) => `(array[${merchants.join(',')}])[1 + ${mIdx(k)}]`;
    const C = size.customers;
    // Order g's customer: spread over all customers, several orders each.
    const customerKey = (g: string) => `((${g}::bigint * 7919) % ${C} + 1)`;

    const { vehicleTypeId } = await one<{ vehicleTypeId: number }>(
      client,
      `select id as "vehicleTypeId" from device_type where code = 'BES1'`,
    );
    await client.query(`insert into area (code, name, type) values ('BENCHP', 'Bench Province', 'PROVINCE') on conflict do nothing`);
    await client.query(
      `insert into area (code, name, type, province_id) select 'BENCHC', 'Bench City', 'CITY', id from area where code = 'BENCHP' on conflict do nothing`,
    );
    const { cityId } = await one<{ cityId: number }>(client, `select id as "cityId" from area where code = 'BENCHC'`);
    // Five products per merchant, in merchant order: product p of merchant index i is the (i * 5 + p + 1)th.
    await client.query(`
      insert into product_package (merchant_id, name, operation_type, vehicle_type_id, city_id, currency, deposit, admin_fee, price_per_cycle,
                                   renewal_price, daily_renewal_price, cycles, battery_count, swaps_per_cycle, time_limit, time_limit_unit,
                                   agreement, start_at, end_at, sale_mode, labels)
      select m.id, 'Bench Plan ' || m.i || '-' || p, (array['LEASE', 'LEASE_TO_OWN', 'SALE', 'LEASE', 'NEW'])[p + 1], ${vehicleTypeId}, ${cityId},
             'IDR', 500000, 25000, 300000 + p * 50000, 280000 + p * 50000, 10000, 12, 1, 60, 360, 'DAY', 'Bench agreement',
             timestamptz '2025-01-01', timestamptz '2030-01-01', 'RENT_OR_SALE', '["RENT","SWAP_COMBO"]'::jsonb
      from unnest(array[${merchants.join(',')}]) with ordinality as m(id, i) cross join generate_series(0, 4) p
      order by m.i, p`);
    const { rows: productRows } = await client.query<{ id: number }>(
      `select id from product_package where name like 'Bench Plan %' order by split_part(substr(name, 12), '-', 1)::int, id`,
    );
    const products = productRows.map((row) => row.id);
    const productOf = (k: string, g: string) => `(array[${products.join(',')}])[1 + ${mIdx(k)} * 5 + (${g} % 5)]`;

    const defs = new Map<string, string[]>();
    for (const table of ['customer', 'product_order', 'swap_record', 'swap_order']) defs.set(table, await dropIndexes(client, table));
    const created = (g: string, n: number) =>
      `(now() - interval '${SPAN_DAYS} days' + (${g}::double precision / ${n}) * interval '${SPAN_DAYS} days')`;

    await timed('customers', () =>
      chunked(C, (from, to) =>
        client.query(`
          insert into customer (merchant_id, customer_number, given_name, family_name, phone, certificate_type, certificate_number,
                                auth_status, restriction, deletion, created_at, updated_at)
          select ${merchantOf('g')}, 'BU' || lpad(g::text, 8, '0'), (array['Ayu', 'Budi', 'Citra', 'Dewi', 'Eko', 'Somchai', 'Malee'])[1 + g % 7],
                 (array['Lestari', 'Santoso', 'Wijaya', 'Pratama', 'Srisuk'])[1 + (g / 7) % 5], '+6281' || lpad(g::text, 9, '0'),
                 case when g % 4 = 0 then null when g % 4 = 1 then 'PASSPORT' else 'ID_CARD' end,
                 case when g % 4 = 0 then null else '31' || lpad(g::text, 14, '0') end,
                 (array['APPROVED', 'APPROVED', 'NOT_CERTIFIED', 'TO_BE_REVIEWED'])[1 + g % 4],
                 case when g % 50 = 0 then 'RESTRICTED' else 'UNRESTRICTED' end, case when g % 200 = 0 then 'DELETED' else 'NORMAL' end,
                 ${created('g', C)}, now()
          from generate_series(${from}, ${to}) g`),
      ),
    );
    const { customerBase } = await one<{ customerBase: number }>(
      client,
      `select min(id) as "customerBase" from customer where customer_number like 'BU%'`,
    );

    const P = size.productOrders;
    await timed('product orders', () =>
      chunked(P, (from, to) =>
        client.query(`
          insert into product_order (order_no, merchant_id, customer_id, product_id, product_name, operation_type, vehicle_type_id,
                                     payment_gateway, transaction_id, source, status, customer_status, current_cycle, total_cycles, cycle_days,
                                     overdue_days, overdue_cycles, currency, price_per_cycle, renewal_price, first_payment, outstanding_balance,
                                     start_at, paid_until, expires_at, terminated_at, created_at, updated_at)
          select 'PO' || to_char(t.at, 'YYYYMMDD') || lpad(g::text, 8, '0'), ${merchantOf('k')}, ${customerBase} + k - 1, ${productOf('k', 'g')},
                 'Bench Plan', (array['LEASE', 'LEASE_TO_OWN', 'SALE', 'LEASE', 'NEW'])[1 + g % 5], ${vehicleTypeId},
                 case when s.status <> 'NEW' then (array['XENDIT', 'MIDTRANS'])[1 + g % 2] end,
                 case when s.status <> 'NEW' then 'BT' || g end,
                 (array['MINI_PROGRAM', 'IOS', 'ANDROID'])[1 + g % 3], s.order_status, s.status,
                 case when s.status = 'NEW' or s.status = 'CANCELLED' and s.order_status = 'CANCELLED' then 0 else 1 + g % 12 end, 12, 30,
                 case when s.status = 'REGISTERED' and g % 7 = 0 then 1 + g % 40 else 0 end,
                 case when s.status = 'REGISTERED' and g % 7 = 0 then 1 + g % 2 else 0 end,
                 'IDR', 300000, 280000, 825000,
                 case when s.status = 'NEW' then 825000 when s.status = 'REGISTERED' and g % 7 = 0 then 280000 else 0 end,
                 t.at, case when s.status <> 'NEW' then t.at + (1 + g % 12) * interval '30 days' end, t.at + interval '360 days',
                 case when s.order_status = 'TERMINATED' then t.at + interval '45 days' end, t.at, now()
          from generate_series(${from}, ${to}) g
          cross join lateral (select ${customerKey('g')} as k) key
          cross join lateral (select ${created('g', P)} as at) t
          cross join lateral (select
            (array['ENROLLED', 'ENROLLED', 'ENROLLED', 'ENROLLED', 'ENROLLED', 'ENROLLED', 'COMPLETED', 'COMPLETED', 'CANCELLED', 'TERMINATED'])[1 + (g / 10) % 10] as order_status,
            (array['REGISTERED', 'REGISTERED', 'REGISTERED', 'REGISTERED', 'REGISTERED', 'NEW', 'COMPLETED', 'COMPLETED', 'CANCELLED', 'CANCELLED'])[1 + (g / 10) % 10] as status) s`),
      ),
    );

    const S = size.swapOrders;
    const { cabinetBase, cabinets } = await one<{ cabinetBase: number; cabinets: number }>(
      client,
      `select min(id) as "cabinetBase", count(*)::int as cabinets from cabinet where number like 'BC%'`,
    );
    await timed('swap records', () =>
      chunked(S, (from, to) =>
        client.query(`
          insert into swap_record (cabinet_id, event_id, battery_in_number, battery_in_compartment, battery_in_soc, battery_out_number,
                                   battery_out_compartment, battery_out_soc, customer, started_at, ended_at, result, merchant_id, created_at)
          select ${cabinetBase} + (g % ${cabinets}), 'BE' || g, 'BB' || lpad((1 + g % 90000)::text, 8, '0'), 1 + g % 8, 12 + g % 20,
                 'BB' || lpad((1 + (g + 7) % 90000)::text, 8, '0'), 1 + (g + 3) % 8, 95, 'BU' || lpad(${customerKey('g')}::text, 8, '0'),
                 ${created('g', S)}, ${created('g', S)} + interval '40 seconds', 'SUCCEEDED', ${merchantOf(customerKey('g'))}, ${created('g', S)}
          from generate_series(${from}, ${to}) g`),
      ),
    );
    const { swapBase } = await one<{ swapBase: number }>(client, `select min(id) as "swapBase" from swap_record where event_id like 'BE%'`);
    await timed('swap orders', () =>
      chunked(S, (from, to) =>
        client.query(`
          insert into swap_order (order_no, kind, merchant_id, customer_id, swap_record_id, swap_at, cabinet_id, city_id, currency, unit_price,
                                  meter_start_kwh, meter_end_kwh, energy_kwh, amount, status, payment_gateway, transaction_id, paid_at,
                                  completed_at, cancelled_at, created_at, updated_at)
          select case when g % 2 = 0 then 'TO' else 'KO' end || to_char(t.at, 'YYYYMMDD') || lpad(g::text, 8, '0'),
                 case when g % 2 = 0 then 'transfer' else 'kwh' end, ${merchantOf('k')}, ${customerBase} + k - 1, ${swapBase} + g - 1, t.at,
                 ${cabinetBase} + (g % ${cabinets}), ${cityId}, 'IDR',
                 case when g % 2 = 0 then 15000 else 2500 end,
                 case when g % 2 = 1 then 1000 + g % 5000 end, case when g % 2 = 1 then 1000 + g % 5000 + 1.5 end,
                 case when g % 2 = 1 then 1.5 end, case when g % 2 = 0 then 15000 else 3750 end, s.status,
                 case when s.status in ('PAID', 'COMPLETED') then 'WALLET' end, case when s.status in ('PAID', 'COMPLETED') then 'BW' || g end,
                 case when s.status in ('PAID', 'COMPLETED') then t.at + interval '1 minute' end,
                 case when s.status = 'COMPLETED' then t.at + interval '1 day' end,
                 case when s.status in ('CANCELLED', 'TIMEOUT_CANCELLED') then t.at + interval '1 day' end, t.at, now()
          from generate_series(${from}, ${to}) g
          cross join lateral (select ${customerKey('g')} as k) key
          cross join lateral (select ${created('g', S)} as at) t
          cross join lateral (select (array['COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED', 'PAID', 'REGISTERED', 'IN_PROGRESS', 'CANCELLED', 'TIMEOUT_CANCELLED'])[1 + (g / 20) % 10] as status) s`),
      ),
    );
    await timed('indexes rebuilt', async () => {
      for (const list of defs.values()) for (const def of list) await client.query(def);
    });
    await timed('vacuum analyse', async () => {
      for (const table of ['customer', 'product_package', 'product_order', 'swap_record', 'swap_order'])
        await client.query(`vacuum (analyze) ${table}`);
    });
    return size;
  } finally {
    await client.end();
  }
}

const direct = process.argv[1]?.endsWith('orders/generate.ts');
if (direct) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const { openDatabase } = await import('../../../apps/server/src/db/client.js');
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await database.migrate();
  await database.close();
  await generateOrders(url, Number(process.env.BENCH_SCALE ?? 1));
}
