/**
 * The cost of a swap event on the swap path (docs/scaling.md, "Swap event cost"): the device link's
 * own handler of a cabinet's swap event, timed in four shapes over the bench orders. One swap event
 * is one transaction: the swap record, the dashboard's swap rollup upsert, the external systems'
 * webhook queue and the battery moves; a charged swap adds the customer's look-up, the consumer
 * prices, the package and combo checks, the order (and an energy order the energy rollup upsert) and,
 * when the wallet holds the amount, its payment movement. Each figure's calls are new events.
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

/** Times the swap event handler: uncharged, charged and waiting, charged and paid from the wallet, and an energy order. */
export async function swapEventFigures(db: Db, merchantId: number, cityId: number, iterations: number): Promise<Figure[]> {
  const { cabinet, waiting, paying } = await placeBenchCabinet(db, merchantId, cityId);
  const handler = TOPIC_HANDLERS['cabinet/event'] as TopicHandler;
  const hub = new DeviceHub();
  let serial = 0;
  const run = (customer: string | undefined, meter?: SwapEvent['meter']) => async () => {
    serial += 1;
    const tag = `${Date.now().toString(36)}${serial}`;
    const now = new Date();
    const event: SwapEvent = {
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
    await handler.handle(db, { number: cabinet, payload: event, retained: false, receivedAt: now, log: silent }, hub);
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
