/**
 * `npm run bench:prices -w bench`: the price look-up of an order (docs/scaling.md, "Price look-up")
 * over 100,000 base prices: 100 merchants × 25 cities × 4 operation types × 5 vehicle types × 1 or 2
 * batteries, written with INSERT … SELECT over generate_series. Times the real findBasePrice: a
 * price found, a LEASE falling back to the city's Any Bike price, and each "none" answer.
 * PostgreSQL with DATABASE_URL, else the embedded database. BENCH_ITERATIONS (default 500) sets the
 * calls. Asserts nothing: figures only.
 */
import { sql } from 'drizzle-orm';
// The modules load in the server's order first (their entries import one another).
import '../../apps/server/src/modules/index.js';
import { findBasePrice, type BasePriceQuery } from '../../apps/server/src/modules/price/index.js';
import { AppError } from '../../apps/server/src/app/errors.js';
import type { Db } from '../../apps/server/src/db/client.js';
import { benchDatabase, measure, printFigures, rowsOf, timed, type Figure } from './maps/common.js';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 500);
const MERCHANTS = 100;
const CITIES = 25;
const TYPES = 5;

interface Ids {
  merchants: number[];
  cities: number[];
  types: number[];
  emptyCity: number;
}

const ids = async (db: Db, query: ReturnType<typeof sql>) =>
  rowsOf<{ id: number | string }>(await db.execute(query)).map((row) => Number(row.id));

async function seed(db: Db): Promise<Ids> {
  await db.execute(sql`insert into merchant (name, type, person_in_charge, contact, office_address)
    select 'Bench Price Merchant ' || lpad(g::text, 3, '0'), 'AGENT', 'Bench', '+62 800 200 ' || g, 'Jakarta'
    from generate_series(1, ${MERCHANTS}) g on conflict (name) do nothing`);
  await db.execute(sql`insert into area (code, name, type) values ('BPRICE', 'Bench price province', 'PROVINCE') on conflict do nothing`);
  await db.execute(sql`insert into area (code, name, type, province_id)
    select 'BPRICE-' || g, 'Bench price city ' || g, 'CITY', (select id from area where code = 'BPRICE')
    from generate_series(0, ${CITIES}) g on conflict do nothing`);
  await db.execute(sql`insert into device_type (kind, code, name, description, battery_compartments)
    select 'vehicle', 'BPV' || g, 'Bench price vehicle ' || g, 'Bench', 2 from generate_series(1, ${TYPES}) g on conflict do nothing`);
  const merchants = await ids(db, sql`select id from merchant where name like 'Bench Price Merchant %' order by id`);
  const cities = await ids(db, sql`select id from area where code like 'BPRICE-%' order by id`);
  const types = await ids(db, sql`select id from device_type where code like 'BPV%' order by id`);
  const [emptyCity, ...priced] = cities;
  const [existing] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*) as n from base_price`));
  if (Number(existing?.n ?? 0) < 100_000) {
    await timed('100,000 base prices', () =>
      db.execute(sql`insert into base_price (merchant_id, city_id, operation_type, vehicle_type_id, battery_count, currency,
          price, deposit, rent, daily_rate, min_daily_rate)
        select m, c, o, t, b, 'IDR', 18500000 + t * 1000, 500000, 650000 + b * 100000, 25000, 20000
        from unnest(${sql.raw(`array[${merchants.join(',')}]`)}::int[]) m,
          unnest(${sql.raw(`array[${priced.join(',')}]`)}::int[]) c,
          unnest(array['NEW', 'LEASE', 'SALE', 'LEASE_TO_OWN']) o,
          unnest(${sql.raw(`array[${types.join(',')}]`)}::int[]) t,
          generate_series(1, 2) b
        on conflict do nothing`),
    );
    // One merchant's cities also have an Any Bike LEASE price, and its first type no LEASE of its own.
    await db.execute(sql`insert into base_price (merchant_id, city_id, operation_type, vehicle_type_id, battery_count, currency,
        price, deposit, rent, daily_rate, min_daily_rate)
      select ${merchants[0]!}, c, 'LEASE', null, 1, 'IDR', 0, 400000, 600000, 22000, 20000
      from unnest(${sql.raw(`array[${priced.join(',')}]`)}::int[]) c on conflict do nothing`);
    await db.execute(
      sql`delete from base_price where merchant_id = ${merchants[0]!} and operation_type = 'LEASE' and vehicle_type_id = ${types[0]!}`,
    );
    await db.execute(sql`analyze base_price`);
  }
  return { merchants, cities: priced, types, emptyCity: emptyCity! };
}

/** A query of the n-th call, spread over every merchant, city, type and battery count. */
function queryOf(ids: Ids, n: number, change: Partial<BasePriceQuery> = {}): BasePriceQuery {
  return {
    merchantId: ids.merchants[(n * 7) % ids.merchants.length]!,
    cityId: ids.cities[(n * 11) % ids.cities.length]!,
    operationType: ['NEW', 'LEASE', 'SALE', 'LEASE_TO_OWN'][n % 4]!,
    vehicleTypeId: ids.types[(n * 3) % ids.types.length]!,
    batteryCount: 1 + (n % 2),
    ...change,
  };
}

async function answer(db: Db, query: BasePriceQuery): Promise<string> {
  try {
    const row = await findBasePrice(db, query);
    return `price ${row.price}`;
  } catch (error) {
    if (error instanceof AppError) return error.key;
    throw error;
  }
}

async function main(): Promise<void> {
  const { database, engine } = await benchDatabase();
  const db = database.db;
  const ids = await seed(db);
  const [count] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*) as n from base_price`));
  console.log(`${engine}; ${Number(count?.n)} base prices`);
  const probe = queryOf(ids, 1);
  const plan = rowsOf<Record<string, string>>(
    await db.execute(sql`explain select * from base_price where merchant_id = ${probe.merchantId} and city_id = ${probe.cityId}
      and operation_type = ${probe.operationType} and coalesce(vehicle_type_id, 0) in (${probe.vehicleTypeId}, 0)
      and battery_count = ${probe.batteryCount} order by coalesce(vehicle_type_id, 0) desc limit 1`),
  );
  console.log(plan.map((row) => Object.values(row)[0]).join('\n'));
  let n = 0;
  const figures: Figure[] = [
    await measure('price found', iterations, () => answer(db, queryOf(ids, n++))),
    await measure('LEASE on the Any Bike price', iterations, () =>
      answer(
        db,
        queryOf(ids, n++, { merchantId: ids.merchants[0]!, operationType: 'LEASE', vehicleTypeId: ids.types[0]!, batteryCount: 1 }),
      ),
    ),
    await measure('price not configured', iterations, () =>
      answer(
        db,
        queryOf(ids, n++, { merchantId: ids.merchants[0]!, operationType: 'LEASE', vehicleTypeId: ids.types[0]!, batteryCount: 2 }),
      ),
    ),
    await measure('no price in the city', iterations, () => answer(db, queryOf(ids, n++, { cityId: ids.emptyCity }))),
    await measure('no base price found (operation type)', iterations, () => answer(db, queryOf(ids, n++, { operationType: 'RENT' }))),
  ];
  printFigures(figures);
  await database.close();
}

await main();
