/**
 * The cost of a swap event on the swap path (docs/scaling.md, "Swap event cost"): the device link's
 * own handler of a cabinet's swap event, timed in four shapes over the bench orders. One swap event
 * is one transaction: the swap record, the dashboard's swap rollup upsert, the external systems'
 * webhook queue and the battery moves; a charged swap adds the customer's look-up, the consumer
 * prices, the package and combo checks, the order (and an energy order the energy rollup upsert) and,
 * when the wallet holds the amount, its payment movement. Each figure's calls are new events.
 * `concurrentSwapFigures` then times uncharged events several at once: all on one cabinet (they share
 * their hour's and day's rollup rows, the merchant's total too) and on cabinets of as many merchants
 * (they share no rollup row), the difference being the wait on the shared rows; and the zone lock
 * every counted event takes.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { SwapEvent } from '@swap/contracts';
import type { Db } from '../../../apps/server/src/db/client.js';
import { DeviceHub } from '../../../apps/server/src/app/device-hub.js';
import { TOPIC_HANDLERS, type TopicHandler } from '../../../apps/server/src/device-link/handlers.js';
import { stations } from '../../../apps/server/src/modules/station/station.table.js';
import { cabinets } from '../../../apps/server/src/modules/cabinet/cabinet.table.js';
import { consumerPrices } from '../../../apps/server/src/modules/price-setting/price-setting.table.js';
import { moveWallet } from '../../../apps/server/src/modules/top-up/index.js';
import { zoneForCounting } from '../../../apps/server/src/modules/dashboard/dashboard.time.js';
import { measure, rowsOf, type Figure } from '../maps/common.js';

const STATION = 'Bench Swap Point';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Places one cabinet of the merchant in a station of the city with consumer prices per swap and per
 * kWh there, and fills one customer's wallet (once: a second run finds them). Answers the cabinet's
 * number and the two customers: one whose swaps wait for their payment, one who pays from the wallet.
 */
async function placeBenchCabinet(db: Db, merchantId: number, cityId: number) {
  let [station] = await db.select({ id: stations.id }).from(stations).where(eq(stations.name, STATION));
  if (!station)
    [station] = await db
      .insert(stations)
      .values({
        name: STATION,
        nature: 'SELF_OPERATED',
        type: 'SWAP',
        address: 'Bench street 1',
        latitude: -6.2,
        longitude: 106.8,
        merchantId,
        responsiblePerson: 'Bench lead',
        status: 'DEPLOYED',
        areaId: cityId,
      })
      .returning({ id: stations.id });
  const [cabinet] = rowsOf<{ id: number; number: string }>(
    await db.execute(sql`select id, number from cabinet where merchant_id = ${merchantId} and scrap_status = 'NORMAL'
                         and number like 'BC%' order by id limit 1`),
  );
  if (!cabinet) throw new Error('no bench cabinet of the merchant');
  await db.update(cabinets).set({ stationId: station!.id }).where(eq(cabinets.id, cabinet.id));
  const priced = await db
    .select({ id: consumerPrices.id })
    .from(consumerPrices)
    .where(and(eq(consumerPrices.merchantId, merchantId), eq(consumerPrices.cityId, cityId)));
  if (priced.length === 0)
    await db.insert(consumerPrices).values([
      { merchantId, cityId, currency: 'IDR', enabled: true, billingMode: 'PER_SWAP', unitPrice: '15000' },
      { merchantId, cityId, currency: 'IDR', enabled: true, billingMode: 'PER_KWH', unitPrice: '2500' },
    ]);
  const customers = rowsOf<{ number: string }>(
    await db.execute(sql`select customer_number as number from customer where merchant_id = ${merchantId} and deletion = 'NORMAL'
                         and customer_number like 'BU%' order by id limit 2`),
  );
  const [waiting, paying] = customers.map((c) => c.number);
  if (!waiting || !paying) throw new Error('bench customers missing');
  await moveWallet(db, { merchantId, customerId: paying, kind: 'TOP_UP', amount: '900000000.00', currency: 'IDR', reference: 'bench' });
  return { cabinet: cabinet.number, waiting, paying };
}

/** A new uncharged swap event of a cabinet, ending now (`tag` makes its ids unique). */
function swapEvent(tag: string, serial: number, customer?: string, meter?: SwapEvent['meter']): SwapEvent {
  const now = new Date();
  return {
    type: 'SWAP',
    eventId: `bench-swap-${tag}`,
    ...(customer ? { customer } : {}),
    batteryIn: { number: `BXI${tag}`, compartment: 1 + (serial % 8), soc: 14 },
    batteryOut: { number: `BXO${tag}`, compartment: 1 + ((serial + 3) % 8), soc: 97 },
    startedAt: new Date(now.getTime() - 40_000).toISOString(),
    endedAt: now.toISOString(),
    result: 'SUCCEEDED',
    ...(meter ? { meter } : {}),
  };
}

/** Times the swap event handler: uncharged, charged and waiting, charged and paid from the wallet, and an energy order. */
export async function swapEventFigures(db: Db, merchantId: number, cityId: number, iterations: number): Promise<Figure[]> {
  const { cabinet, waiting, paying } = await placeBenchCabinet(db, merchantId, cityId);
  const handler = TOPIC_HANDLERS['cabinet/event'] as TopicHandler;
  const hub = new DeviceHub();
  let serial = 0;
  const run = (customer: string | undefined, meter?: SwapEvent['meter']) => async () => {
    serial += 1;
    const event = swapEvent(`${Date.now().toString(36)}${serial}`, serial, customer, meter);
    await handler.handle(db, { number: cabinet, payload: event, retained: false, receivedAt: new Date(), log: silent }, hub);
    return customer ? `${customer}${meter ? ', meter' : ''}` : 'no customer read';
  };
  const since = new Date();
  const figures = [
    await measure('swap event, not charged', iterations, run(undefined)),
    await measure('swap event, charged per swap, waits', iterations, run(waiting)),
    await measure('swap event, charged per swap, wallet', iterations, run(paying)),
    await measure('swap event, charged per kWh, wallet', iterations, run(paying, { startKwh: 1000, endKwh: 1001.5 })),
  ];
  // What the charged shapes made: each of their events one order, paid when the wallet held it.
  const made = rowsOf<{ kind: string; status: string; n: number }>(
    await db.execute(sql`select kind, status, count(*)::int as n from swap_order o join cabinet c on c.id = o.cabinet_id
                         where c.number = ${cabinet} and o.created_at >= ${since.toISOString()}::timestamptz group by 1, 2 order by 1, 2`),
  );
  console.log(`  swap events' orders: ${made.map((r) => `${r.kind} ${r.status} ${r.n}`).join(', ')}`);
  return figures;
}

/**
 * Uncharged swap events `concurrency` at once, `rounds` times: on one cabinet of the merchant (every
 * event adds to the same merchant hour, day and total and cabinet hour and day: each waits for the
 * ones before it to commit) and on one cabinet each of `concurrency` merchants (no rollup row
 * shared), each event timed on its own; then the shared zone lock and zone read every counted event
 * takes first, against an empty transaction (docs/dashboard.md, "Upkeep").
 */
export async function concurrentSwapFigures(db: Db, merchantId: number, concurrency: number, rounds: number): Promise<Figure[]> {
  const [own] = rowsOf<{ number: string }>(
    await db.execute(sql`select number from cabinet where merchant_id = ${merchantId} and scrap_status = 'NORMAL' and number like 'BC%'
                         order by id limit 1`),
  );
  const apart = rowsOf<{ number: string }>(
    await db.execute(sql`select distinct on (merchant_id) number from cabinet where scrap_status = 'NORMAL' and number like 'BC%'
                         and merchant_id is not null order by merchant_id, id limit ${concurrency}`),
  ).map((row) => row.number);
  if (!own || apart.length < 2) throw new Error('bench cabinets missing');
  const handler = TOPIC_HANDLERS['cabinet/event'] as TopicHandler;
  const hub = new DeviceHub();
  let serial = 0;
  const timedEvents = async (name: string, cabinetOf: (i: number) => string): Promise<Figure> => {
    const times: number[] = [];
    const one = async (i: number) => {
      serial += 1;
      const event = swapEvent(`c${Date.now().toString(36)}${serial}`, serial);
      const start = process.hrtime.bigint();
      await handler.handle(db, { number: cabinetOf(i), payload: event, retained: false, receivedAt: new Date(), log: silent }, hub);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    await Promise.all(Array.from({ length: concurrency }, (_, i) => one(i)));
    for (let round = 0; round < rounds; round++) times.push(...(await Promise.all(Array.from({ length: concurrency }, (_, i) => one(i)))));
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.max(0, Math.ceil((p / 100) * times.length) - 1))] ?? 0;
    return { name, calls: times.length, p50: at(50), p95: at(95), detail: `longest ${at(100).toFixed(1)} ms` };
  };
  const shared = await timedEvents(`${concurrency} swap events at once, one cabinet`, () => own.number);
  const separate = await timedEvents(`${apart.length} swap events at once, ${apart.length} merchants`, (i) => apart[i % apart.length]!);
  shared.detail += `; p50 less the ${apart.length} merchants' (the wait on the shared rollup rows): ${(shared.p50 - separate.p50).toFixed(1)} ms`;
  const iterations = rounds * concurrency;
  const empty = await measure('empty transaction', iterations, () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      return 'select 1';
    }),
  );
  const zone = await measure('zone lock and zone read', iterations, () => db.transaction(async (tx) => zoneForCounting(tx)));
  // At 400,000 swaps a day every counted swap takes the lock and reads the zone once.
  zone.detail = `${zone.detail}; +${(zone.p50 - empty.p50).toFixed(2)} ms a swap, ${(((zone.p50 - empty.p50) * 400_000) / 1000).toFixed(0)} s a day at 400,000 swaps`;
  return [shared, separate, empty, zone];
}
