import { eq, inArray, sql } from 'drizzle-orm';
import { walletTransactionId, WALLET_GATEWAY, type SwapOrderKind, type SwapOrderStatus } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { DEMO_ORDER_GATEWAYS, DEMO_ORDER_STATES, demoHistoryMoments, type DemoContext } from '../../db/demo.js';
import { freeBatteriesOf } from '../battery/index.js';
import { cabinetsInStationsOf } from '../cabinet/index.js';
import { customerNumberOf, customersOf } from '../customer/index.js';
import { enabledConsumerPrices } from '../price-setting/index.js';
import { stationCityId } from '../station/index.js';
import { DEMO_GATEWAY, DEMO_REFUNDERS, recordDemoGatewayRefunds } from '../payment/index.js';
import { recordDemoSwaps } from '../swap/index.js';
import { payFromWallet, refundToWallet, walletHoldersOf } from '../top-up/index.js';
import { priceEnergy } from './swap-order.service.js';
import { swapOrders } from './swap-order.table.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const PER_MERCHANT = 28;

/**
 * Demo transfer and energy orders of the two demo merchants over the last three months, once: each
 * charges a demo swap of one of the merchant's customers at one of its cabinets standing in a city
 * with consumer prices, priced as the swap path prices it, in every state (unpaid ones from the last
 * hours, paid and refunded ones from the last day, the rest older), and about one energy order a day
 * over those months. Every other round of paid and refunded ones is paid from the wallets the demo
 * top-ups filled (their movements name the orders), the refunded ones given back to them; the other
 * paid and refunded ones through the demo's gateway (the stand-in, which refunds them: the refunded
 * ones list its refund), the completed ones by the merchant's gateways.
 */
export async function seedDemoSwapOrders(db: Db, demo: DemoContext): Promise<void> {
  const [any] = await db.select({ id: swapOrders.id }).from(swapOrders).limit(1);
  if (any) return;
  const now = Date.now();
  const walletPaid: { swapRecordIds: number[]; operator: string }[] = [];
  const gatewayRefunded: { swapRecordIds: number[]; operator: string }[] = [];
  for (const [merchant, gateways] of Object.entries(DEMO_ORDER_GATEWAYS)) {
    const merchantId = demo.merchantIds[merchant];
    if (merchantId === undefined) continue;
    const usable = (await customersOf(db, merchantId)).filter((c) => c.deletion === 'NORMAL');
    const customers = usable.slice(0, 12);
    if (customers.length === 0) continue;
    const holders = new Set(await walletHoldersOf(db, merchantId));
    const payers = usable.filter((c) => holders.has(c.customerNumber));
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
      const status = DEMO_ORDER_STATES[i % DEMO_ORDER_STATES.length]!;
      const at =
        status === 'REGISTERED' || status === 'IN_PROGRESS'
          ? now - (1 + (i % 5)) * HOUR
          : status === 'PAID'
            ? now - (6 + (i % 12)) * HOUR
            : status === 'REFUNDED'
              ? now - (8 + (i % 6)) * HOUR
              : now - (88 - i * 3) * DAY - (i % 7) * HOUR;
      // Of the paid and refunded ones every other round is paid from a wallet, the rest through the demo's gateway.
      const fromWallet =
        payers.length > 0 && (status === 'REFUNDED' || status === 'PAID') && Math.floor(i / DEMO_ORDER_STATES.length) % 2 === 0;
      const viaDemoGateway = !fromWallet && (status === 'REFUNDED' || status === 'PAID');
      const customer = fromWallet ? payers[i % payers.length]! : customers[(i * 5) % customers.length]!;
      return { i, status, at: new Date(at), customer, fromWallet, viaDemoGateway, history: false };
    });
    // Three months of charged energy swaps, one or two a day: the dashboard's energy trends (docs/dashboard.md, "Demo").
    for (const [k, at] of demoHistoryMoments(now, { min: 1, max: 2, seed: merchantId * 17 + 3 })
      .filter((at) => at.getTime() < now - HOUR)
      .entries()) {
      const i = PER_MERCHANT + k;
      const status: SwapOrderStatus = now - at.getTime() > 26 * HOUR ? 'COMPLETED' : 'PAID';
      plans.push({
        i,
        status,
        at,
        customer: customers[(i * 5) % customers.length]!,
        fromWallet: false,
        viaDemoGateway: false,
        history: true,
      });
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
    for (const { i, status, at, customer, history, viaDemoGateway } of plans) {
      const swapRecordId = swapIds[i]!;
      const kind: SwapOrderKind = ((i % 2 === 1 || history) && perKwh) || !perSwap ? 'kwh' : 'transfer';
      const price = kind === 'kwh' ? perKwh! : perSwap;
      if (!swapRecordId || !price) continue;
      const startKwh = 1200 + i * 6.25;
      const energy = kind === 'kwh' ? priceEnergy({ startKwh, endKwh: startKwh + 1.1 + (i % 5) * 0.37 }, price.unitPrice) : null;
      const paid = status === 'PAID' || status === 'COMPLETED' || status === 'REFUNDED';
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
              paymentGateway: viaDemoGateway ? DEMO_GATEWAY : gateways[i % 2]!,
              transactionId: `TX${merchantId}S${swapAt.getTime()}${i}`,
              paidAt: new Date(swapAt.getTime() + 20 * 60_000),
            }
          : {}),
        ...(status === 'COMPLETED' ? { completedAt: new Date(swapAt.getTime() + 25 * HOUR) } : {}),
        ...(status === 'REFUNDED' ? { refundedAt: new Date(swapAt.getTime() + 140 * 60_000) } : {}),
        ...(status === 'CANCELLED' || status === 'TIMEOUT_CANCELLED' ? { cancelledAt: new Date(swapAt.getTime() + DAY) } : {}),
        createdAt: swapAt,
        updatedAt: swapAt,
      });
    }
    if (rows.length) await db.insert(swapOrders).values(rows).onConflictDoNothing();
    walletPaid.push({
      swapRecordIds: plans.filter((p) => p.fromWallet).map((p) => swapIds[p.i]!),
      operator: DEMO_REFUNDERS[merchant] ?? '',
    });
    gatewayRefunded.push({
      swapRecordIds: plans.filter((p) => p.viaDemoGateway && p.status === 'REFUNDED').map((p) => swapIds[p.i]!),
      operator: DEMO_REFUNDERS[merchant] ?? '',
    });
  }
  await db.execute(
    sql`update ${swapOrders} set order_no = (case kind when 'kwh' then 'KO' else 'TO' end) || to_char(created_at at time zone 'UTC', 'YYYYMMDD') || lpad(id::text, 6, '0') where order_no like 'DEMO-%'`,
  );
  // Once numbered: their wallet movements name them.
  for (const { swapRecordIds, operator } of walletPaid) await payDemoOrdersFromWallets(db, swapRecordIds, operator);
  for (const { swapRecordIds, operator } of gatewayRefunded) await refundDemoOrdersThroughGateway(db, swapRecordIds, operator);
}

/** The refunds the demo's gateway took of the refunded demo orders it was paid (each order's payments list one). */
async function refundDemoOrdersThroughGateway(db: Db, swapRecordIds: number[], operator: string): Promise<void> {
  if (swapRecordIds.length === 0) return;
  const rows = await db.select().from(swapOrders).where(inArray(swapOrders.swapRecordId, swapRecordIds));
  await recordDemoGatewayRefunds(db, rows, (row) => row.amount, operator);
}

/**
 * Pays the demo orders of these swap records from their customers' wallets, as the swap path does
 * (a PAYMENT movement naming the order, gateway WALLET), and gives a refunded one back (a REFUND
 * movement, as staff's "Refund to wallet" does). An order the wallet cannot pay keeps its gateway;
 * a refunded one of those is counted completed instead, since only a wallet's payment is refunded.
 */
async function payDemoOrdersFromWallets(db: Db, swapRecordIds: number[], operator: string): Promise<void> {
  const rows = await db.select().from(swapOrders).where(inArray(swapOrders.swapRecordId, swapRecordIds)).orderBy(swapOrders.paidAt);
  for (const row of rows) {
    const charge = {
      merchantId: row.merchantId,
      customerId: await customerNumberOf(db, row.customerId),
      amount: row.amount,
      currency: row.currency,
      reference: row.orderNo,
    };
    const moved = await payFromWallet(db, { ...charge, at: row.paidAt! }).catch(() => null);
    if (!moved) {
      if (row.status === 'REFUNDED')
        await db
          .update(swapOrders)
          .set({ status: 'COMPLETED', refundedAt: null, completedAt: new Date(row.paidAt!.getTime() + 24 * HOUR) })
          .where(eq(swapOrders.id, row.id));
      continue;
    }
    await db
      .update(swapOrders)
      .set({ paymentGateway: WALLET_GATEWAY, transactionId: walletTransactionId(moved.id) })
      .where(eq(swapOrders.id, row.id));
    if (row.status === 'REFUNDED')
      await refundToWallet(db, { ...charge, operatorName: operator, remark: 'Swap cabinet out of order', at: row.refundedAt! });
  }
}
