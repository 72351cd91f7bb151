import { sql } from 'drizzle-orm';
import type { SwapOrderKind, SwapOrderStatus } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { demoHistoryMoments, type DemoContext } from '../../db/demo.js';
import { freeBatteriesOf } from '../battery/index.js';
import { cabinetsInStationsOf } from '../cabinet/index.js';
import { customersOf } from '../customer/index.js';
import { enabledConsumerPrices } from '../price-setting/index.js';
import { stationCityId } from '../station/index.js';
import { recordDemoSwaps } from '../swap/index.js';
import { priceEnergy } from './swap-order.service.js';
import { swapOrders } from './swap-order.table.js';

const GATEWAYS: Record<string, string[]> = { 'Demo Agent': ['XENDIT', 'MIDTRANS'], 'Siam Swap Direct': ['OMISE', '2C2P'] };
const STATES: SwapOrderStatus[] = ['REGISTERED', 'IN_PROGRESS', 'PAID', 'COMPLETED', 'COMPLETED', 'CANCELLED', 'TIMEOUT_CANCELLED'];
const DAY = 86_400_000;
const HOUR = 3_600_000;
const PER_MERCHANT = 28;

/**
 * Demo transfer and energy orders of the two demo merchants over the last three months, once: each
 * charges a demo swap of one of the merchant's customers at one of its cabinets standing in a city
 * with consumer prices, priced as the swap path prices it, in every state (unpaid ones from the last
 * hours, paid ones from the last day, the rest older), and about one energy order a day over those months.
 */
export async function seedDemoSwapOrders(db: Db, demo: DemoContext): Promise<void> {
  const [any] = await db.select({ id: swapOrders.id }).from(swapOrders).limit(1);
  if (any) return;
  const now = Date.now();
  for (const [merchant, gateways] of Object.entries(GATEWAYS)) {
    const merchantId = demo.merchantIds[merchant];
    if (merchantId === undefined) continue;
    const customers = (await customersOf(db, merchantId)).filter((c) => c.deletion === 'NORMAL').slice(0, 12);
    if (customers.length === 0) continue;
    let place: { cabinetId: number; cityId: number; prices: Awaited<ReturnType<typeof enabledConsumerPrices>> } | undefined;
    const cabinets = await cabinetsInStationsOf(db, merchantId, 60);
    for (const cabinet of cabinets) {
      const cityId = await stationCityId(db, cabinet.stationId);
      const prices = cityId === null ? [] : await enabledConsumerPrices(db, merchantId, cityId);
      if (cityId !== null && prices.length) {
        place = { cabinetId: cabinet.id, cityId, prices };
        break;
      }
    }
    // No demo cabinet stands in a city the merchant prices (demo stations lie where the demo ring put
    // them): the demo history is priced in the merchant's first priced city at its first cabinet.
    const anyPrices = place ? [] : await enabledConsumerPrices(db, merchantId, null);
    if (!place && cabinets[0] && anyPrices[0]) {
      const cityId = anyPrices[0].cityId;
      place = { cabinetId: cabinets[0].id, cityId, prices: anyPrices.filter((p) => p.cityId === cityId) };
    }
    if (!place) continue;
    const batteries = (await freeBatteriesOf(db, merchantId, 12)).map((b) => b.number);
    const plans = Array.from({ length: PER_MERCHANT }, (_, i) => {
      const status = STATES[i % STATES.length]!;
      const at =
        status === 'REGISTERED' || status === 'IN_PROGRESS'
          ? now - (1 + (i % 5)) * HOUR
          : status === 'PAID'
            ? now - (6 + (i % 12)) * HOUR
            : now - (88 - i * 3) * DAY - (i % 7) * HOUR;
      return { i, status, at: new Date(at), customer: customers[(i * 5) % customers.length]!, history: false };
    });
    // Three months of charged energy swaps, about one a day: the dashboard's energy trends (docs/dashboard.md, "Demo").
    for (const [k, at] of demoHistoryMoments(now, { min: 0, max: 2, seed: merchantId * 17 + 3 })
      .filter((at) => at.getTime() < now - HOUR)
      .entries()) {
      const i = PER_MERCHANT + k;
      const status: SwapOrderStatus = now - at.getTime() > 26 * HOUR ? 'COMPLETED' : 'PAID';
      plans.push({ i, status, at, customer: customers[(i * 5) % customers.length]!, history: true });
    }
    const swapIds = await recordDemoSwaps(
      db,
      plans.map(({ i, at, customer }) => ({
        cabinetId: place.cabinetId,
        merchantId,
        eventId: `demo-charged-${merchantId}-${i + 1}`,
        customer: customer.customerNumber,
        batteryInNumber: batteries.length ? batteries[i % batteries.length]! : null,
        batteryOutNumber: batteries.length ? batteries[(i + 1) % batteries.length]! : null,
        at,
      })),
    );
    const perKwh = place.prices.find((p) => p.billingMode === 'PER_KWH');
    const perSwap = place.prices.find((p) => p.billingMode === 'PER_SWAP');
    const rows: (typeof swapOrders.$inferInsert)[] = [];
    for (const { i, status, at, customer, history } of plans) {
      const swapRecordId = swapIds[i]!;
      const kind: SwapOrderKind = ((i % 2 === 1 || history) && perKwh) || !perSwap ? 'kwh' : 'transfer';
      const price = kind === 'kwh' ? perKwh! : perSwap;
      if (!swapRecordId || !price) continue;
      const startKwh = 1200 + i * 6.25;
      const energy = kind === 'kwh' ? priceEnergy({ startKwh, endKwh: startKwh + 1.1 + (i % 5) * 0.37 }, price.unitPrice) : null;
      const paid = status === 'PAID' || status === 'COMPLETED';
      const swapAt = new Date(at.getTime() + 42_000);
      rows.push({
        orderNo: `DEMO-${merchantId}-${i}`,
        kind,
        merchantId,
        customerId: customer.id,
        swapRecordId,
        swapAt,
        cabinetId: place.cabinetId,
        cityId: place.cityId,
        currency: price.currency,
        unitPrice: price.unitPrice,
        ...(energy ? { meterStartKwh: energy.meterStartKwh, meterEndKwh: energy.meterEndKwh, energyKwh: energy.energyKwh } : {}),
        amount: energy ? energy.amount : price.unitPrice,
        status,
        ...(paid
          ? {
              paymentGateway: gateways[i % 2]!,
              transactionId: `TX${merchantId}S${swapAt.getTime()}${i}`,
              paidAt: new Date(swapAt.getTime() + 20 * 60_000),
            }
          : {}),
        ...(status === 'COMPLETED' ? { completedAt: new Date(swapAt.getTime() + 25 * HOUR) } : {}),
        ...(status === 'CANCELLED' || status === 'TIMEOUT_CANCELLED' ? { cancelledAt: new Date(swapAt.getTime() + DAY) } : {}),
        createdAt: swapAt,
        updatedAt: swapAt,
      });
    }
    if (rows.length) await db.insert(swapOrders).values(rows).onConflictDoNothing();
  }
  await db.execute(
    sql`update ${swapOrders} set order_no = (case kind when 'kwh' then 'KO' else 'TO' end) || to_char(created_at at time zone 'UTC', 'YYYYMMDD') || lpad(id::text, 6, '0') where order_no like 'DEMO-%'`,
  );
}
