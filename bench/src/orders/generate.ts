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
import { dropIndexes, migratedDatabaseUrl, timed } from '../bulk-load.js';
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

    const indexes = await dropIndexes(client, ['customer', 'product_order', 'swap_record', 'swap_order'], { keepUnique: true });
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
    await indexes.rebuilt(['customer', 'product_package', 'product_order', 'swap_record', 'swap_order']);
    return size;
  } finally {
    await client.end();
  }
}

/** The bench's swap records in all (BENCH_SWAPS; default: only those the swap orders charge). */
export function swapTotal(size: OrderSize): number {
  const total = Number(process.env.BENCH_SWAPS ?? size.swapOrders);
  if (!Number.isSafeInteger(total) || total < 0) throw new Error(`BENCH_SWAPS must be a whole number, not ${process.env.BENCH_SWAPS}`);
  return total;
}

/** Swap records per statement of the swap load: a few seconds each, and a stopped load goes on from the last one. */
const SWAP_CHUNK = 500_000;

/**
 * Adds swap records of no order until the bench holds `total` of them with those the swap orders
 * charge (docs/scaling.md, "Swap records at scale"): 100 M for the dashboard's bench. Record g of the
 * added ones is customer k's (85 %; the others read no card) at a cabinet of k's merchant, 90 %
 * succeeded, 7 % failed and 3 % aborted, at a moment spread evenly over the 640 days up to the load's
 * start (so today has its share). Every secondary index of the swap table is dropped during the load
 * and rebuilt after; the load's progress and the dropped indexes' definitions are kept in
 * `bench_swap_load`, so a load stopped halfway goes on where it stopped and rebuilds them.
 */
export async function generateSwaps(databaseUrl: string, total: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`create table if not exists bench_swap_load (added bigint not null, loaded bigint not null, orders bigint not null,
                          until timestamptz not null, index_defs text[] not null)`);
    let state = (
      await client.query<{ added: string; loaded: string; orders: string; until: Date; index_defs: string[] }>(
        `select * from bench_swap_load`,
      )
    ).rows[0];
    if (!state) {
      const { n } = await one<{ n: string }>(client, `select count(*) as n from swap_record where event_id like 'BE%'`);
      if (total <= Number(n)) return;
      const { rows } = await client.query<{ until: Date }>(
        `insert into bench_swap_load select $1, 0, $2, now(), array[]::text[] returning until`,
        [total - Number(n), n],
      );
      state = { added: String(total - Number(n)), loaded: '0', orders: n, until: rows[0]!.until, index_defs: [] };
    }
    const added = Number(state.added);
    const orders = Number(state.orders);
    if (Number(state.loaded) >= added && state.index_defs.length === 0) {
      if (orders + added !== total)
        console.log(`  the bench holds ${orders + added} swap records (BENCH_SWAPS ${total} needs a new database)`);
      return;
    }
    console.log(`adding ${added} swap records to the ${orders} of the swap orders (${state.loaded} added before)`);
    // Bulk-load settings of this session only: foreign keys are not checked row by row (every reference
    // is a bench cabinet or customer by construction; needs a superuser, else the checks run) and the
    // rebuilt indexes sort in memory.
    await client.query(`set session_replication_role = replica`).catch(() => console.log('  (foreign keys checked row by row)'));
    await client.query(`set maintenance_work_mem = '512MB'`);
    if (state.index_defs.length === 0 && Number(state.loaded) === 0) {
      const { rows } = await client.query<{ indexname: string; indexdef: string }>(
        `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = 'swap_record' and indexname <> 'swap_record_pkey'`,
      );
      await client.query(`update bench_swap_load set index_defs = $1`, [rows.map((row) => row.indexdef)]);
      for (const row of rows) await client.query(`drop index if exists "${row.indexname}"`);
      state.index_defs = rows.map((row) => row.indexdef);
    }
    const { rows: merchantRows } = await client.query<{ id: number }>(
      `select id from merchant where name like 'Bench Merchant %' order by name`,
    );
    const merchants = merchantRows.map((row) => row.id);
    const M = merchants.length;
    const { n: customerCount } = await one<{ n: number }>(
      client,
      `select count(*)::int as n from customer where customer_number like 'BU%'`,
    );
    const { n: batteries } = await one<{ n: number }>(
      client,
      `select greatest(1, count(*))::int as n from battery where number like 'BB%'`,
    );
    const C = Math.max(1, customerCount);
    // The same merchant of customer key k as the orders' (generateOrders), and k's merchant's cabinets.
    const mIdx = (k: string) => `(case when (${k} / 7) % 10 in (1, 2, 3) then 0 else 1 + (${k} / 70) % ${M - 1} end)`;
    const until = state.until.toISOString();
    const at = `(timestamptz '${until}' - interval '${SPAN_DAYS} days' + ((h - 0.5)::float8 / ${added}) * interval '${SPAN_DAYS} days')`;
    const started = Date.now();
    for (let from = Number(state.loaded) + 1; from <= added; from += SWAP_CHUNK) {
      const to = Math.min(added, from + SWAP_CHUNK - 1);
      await client.query('begin');
      await client.query(`
        with cabinets as (
          select m.i - 1 as i, m.id as merchant_id, coalesce(array_agg(c.id order by c.id) filter (where c.id is not null),
                                                   (select array_agg(id) from cabinet where number like 'BC%')) as ids
          from unnest(array[${merchants.join(',')}]::int[]) with ordinality as m(id, i)
          left join cabinet c on c.merchant_id = m.id and c.number like 'BC%' and c.scrap_status = 'NORMAL'
          group by 1, 2)
        insert into swap_record (cabinet_id, event_id, battery_in_number, battery_in_compartment, battery_in_soc, battery_out_number,
                                 battery_out_compartment, battery_out_soc, customer, started_at, ended_at, result, failure_code, merchant_id, created_at)
        select c.ids[1 + (h / ${M}) % cardinality(c.ids)], 'BS' || h,
               case when r.result <> 'ABORTED' then 'BB' || lpad((1 + (h * 31) % ${batteries})::text, 8, '0') end,
               case when r.result <> 'ABORTED' then 1 + h % 8 end, case when r.result <> 'ABORTED' then 8 + h % 25 end,
               case when r.result = 'SUCCEEDED' then 'BB' || lpad((1 + (h * 31 + 17) % ${batteries})::text, 8, '0') end,
               case when r.result = 'SUCCEEDED' then 1 + (h + 3) % 8 end, case when r.result = 'SUCCEEDED' then 90 + h % 10 end,
               case when h % 20 not in (3, 13, 17) then 'BU' || lpad(k::text, 8, '0') end,
               t.at, t.at + interval '40 seconds' + (h % 50) * interval '1 second', r.result,
               case when r.result = 'FAILED' then (array['OPEN_DOOR_FAILURE', 'BATTERY_OTHER_OWNER'])[1 + h % 2] end, c.merchant_id, t.at
        from generate_series(${from}::bigint, ${to}::bigint) h
        cross join lateral (select ((h * 7919) % ${C} + 1) as k) key
        cross join lateral (select ${at} as at) t
        cross join lateral (select case when h % 100 < 90 then 'SUCCEEDED' when h % 100 < 97 then 'FAILED' else 'ABORTED' end as result) r
        join cabinets c on c.i = ${mIdx('k')}`);
      await client.query(`update bench_swap_load set loaded = $1`, [to]);
      await client.query('commit');
      const rate = (to - Number(state.loaded)) / ((Date.now() - started) / 1000);
      if (to === added || (to / SWAP_CHUNK) % 10 === 0) console.log(`  swap records: ${to} of ${added} added, ${Math.round(rate)}/s`);
    }
    await timed('swap record indexes rebuilt', async () => {
      for (const def of state.index_defs) await client.query(def.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
      await client.query(`update bench_swap_load set index_defs = array[]::text[]`);
    });
    await timed('vacuum analyse', () => client.query(`vacuum (analyze) swap_record`));
    const { size } = await one<{ size: string }>(client, `select pg_size_pretty(pg_total_relation_size('swap_record')) as size`);
    console.log(`  swap records in all ${total}: table and indexes ${size}`);
  } finally {
    await client.end();
  }
}

const direct = process.argv[1]?.endsWith('orders/generate.ts');
if (direct) {
  const url = await migratedDatabaseUrl();
  const size = await generateOrders(url, Number(process.env.BENCH_SCALE ?? 1));
  await generateSwaps(url, swapTotal(size));
}
