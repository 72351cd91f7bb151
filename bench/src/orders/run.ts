/**
 * `npm run bench:orders -w bench`: the product-order and transfer/energy-order lists at a large
 * operator's scale (docs/scaling.md, "Orders and customers"). Loads the bench customers and orders
 * into DATABASE_URL when they are not there yet (generate.ts; BENCH_SCALE, default 1 = 1 M
 * customers, 5 M product orders, 5 M swap orders), then times the real list code — the functions the
 * routes call — and prints p50/p95 per call with the machine's load, then the cost of a swap event on
 * the swap path, charged and not, and several at once (swap-event.ts; BENCH_SWAP_CONCURRENCY, default
 * 8). Asserts nothing (figures only). BENCH_ITERATIONS sets the timed calls per figure (default 50).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { productOrderSearch, swapOrderSearch } from '@swap/contracts';
import { openDatabase } from '../../../apps/server/src/db/client.js';
// The modules load in the server's order first (their entries import one another).
import '../../../apps/server/src/modules/index.js';
import { productOrderList } from '../../../apps/server/src/modules/product-order/product-order.query.js';
import { swapOrderLists } from '../../../apps/server/src/modules/swap-order/swap-order.service.js';
import { ctxOf, measure, printFigures, rowsOf, type Figure } from '../maps/common.js';
import { generateOrders } from './generate.js';
import { concurrentSwapFigures, swapEventFigures } from './swap-event.js';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 50);
/** Swap events at once in the concurrent figures (at most the pool's 10 connections). */
const concurrency = Math.min(10, Number(process.env.BENCH_SWAP_CONCURRENCY ?? 8));

const pageDetail = (page: { total: number; totalExact?: boolean; records: unknown[] }) =>
  `${page.records.length} rows, total ${page.totalExact === false ? '~' : ''}${page.total}`;

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required (a PostgreSQL the bench may fill)');
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await database.migrate();
  const started = Date.now();
  const size = await generateOrders(url, scale);
  console.log(`  loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const db = database.db;
  const [ids] = rowsOf<{ large: number; small: number; product: number; city: number }>(
    await db.execute(sql`select (select id from merchant where name = 'Bench Merchant 01') as large,
                                (select id from merchant where name = 'Bench Merchant 02') as small,
                                (select min(id) from product_package where name like 'Bench Plan %') as product,
                                (select id from area where code = 'BENCHC') as city`),
  );
  if (!ids) throw new Error('bench orders missing');
  const platform = ctxOf(db, null);
  const merchant = ctxOf(db, ids.large);
  const smallMerchant = ctxOf(db, ids.small);
  const day = 86_400_000;
  const week = { createdFrom: new Date(Date.now() - 200 * day).toISOString(), createdTo: new Date(Date.now() - 193 * day).toISOString() };
  const datePrefix = new Date(Date.now() - 100 * day).toISOString().slice(0, 10).replaceAll('-', '');
  console.log(
    `bench against PostgreSQL: ${size.customers} customers, ${size.productOrders} product orders, ${size.swapOrders} swap orders; node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  const figures: Figure[] = [];
  const product = async (name: string, input: Record<string, unknown>, ctx = platform) =>
    figures.push(
      await measure(`product ${name}`, iterations, async () =>
        pageDetail(await productOrderList.search(ctx, productOrderSearch.parse(input))),
      ),
    );
  await product('first page', {});
  await product('merchant (30 %) first page', {}, merchant);
  await product('small merchant first page', {}, smallMerchant);
  await product('status ENROLLED', { status: 'ENROLLED' });
  await product('status TERMINATED', { status: 'TERMINATED' });
  await product('customer status NEW', { customerStatus: 'NEW' });
  await product('source iOS', { source: 'IOS' });
  await product('product', { productId: ids.product });
  await product('order number prefix (a day)', { orderNo: `PO${datePrefix}` });
  await product('customer number', { customerNumber: 'BU00000010' }, merchant);
  await product('created in a week', week);
  await product('merchant + status', { status: 'COMPLETED' }, merchant);
  await product('sort by order number', { sort: { field: 'orderNo', order: 'ascend' } });
  await product('sort by created, oldest first', { sort: { field: 'createdAt', order: 'ascend' } });
  await product('deep page (500)', { current: 500 });

  for (const kind of ['transfer', 'kwh'] as const) {
    const list = swapOrderLists[kind];
    // A customer of the large merchant with orders of this kind (a customer's bench orders are all of one kind).
    const [holder] = rowsOf<{ number: string }>(
      await db.execute(sql`select c.customer_number as number from swap_order o join customer c on c.id = o.customer_id
                           where o.merchant_id = ${ids.large} and o.kind = ${kind} order by o.created_at desc limit 1`),
    );
    const swap = async (name: string, input: Record<string, unknown>, ctx = platform) =>
      figures.push(
        await measure(`${kind} ${name}`, iterations, async () => pageDetail(await list.search(ctx, swapOrderSearch.parse(input)))),
      );
    await swap('first page', {});
    await swap('merchant (30 %) first page', {}, merchant);
    await swap('status PAID', { status: 'PAID' });
    await swap('status TIMEOUT_CANCELLED', { status: 'TIMEOUT_CANCELLED' }, smallMerchant);
    await swap('order number prefix (a day)', { orderNo: `${kind === 'transfer' ? 'TO' : 'KO'}${datePrefix}` });
    await swap('customer number', { customerNumber: holder?.number ?? 'BU00000010' }, merchant);
    await swap('cabinet number', { cabinetNumber: 'BC00012' });
    await swap('created in a week', week);
    await swap('sort by order number', { sort: { field: 'orderNo', order: 'descend' } });
  }
  figures.push(...(await swapEventFigures(db, ids.large, ids.city, iterations)));
  figures.push(...(await concurrentSwapFigures(db, ids.large, concurrency, Math.max(1, Math.round(iterations / concurrency)))));
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
