import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  addMoney,
  DEVICE_ORDER_KINDS,
  deviceOrderApi,
  type DeviceOrderRecord,
  type DeviceOrderStatus,
  type DeviceOrderType,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { PaymentConfig } from '../../app/config.js';
import { DEMO_ORDER_GATEWAYS, DEMO_ORDER_STATES, demoHistoryMoments, insertChunks, type DemoContext } from '../../db/demo.js';
import { fieldColumns, type CsvColumn } from '../../app/csv.js';
import { serve } from '../../app/route.js';
import { allCities } from '../area/index.js';
import { freeBatteriesOf, setBatteryHolder } from '../battery/index.js';
import { customersOf } from '../customer/index.js';
import { DEMO_GATEWAY, DEMO_REFUNDERS, recordDemoGatewayRefunds } from '../payment/index.js';
import { findTypeOfKind } from '../device-type/index.js';
import { findBasePrice } from '../price/index.js';
import { enabledBatteryPrice } from '../price-setting/index.js';
import { bindVehicleToCustomer, freeVehiclesOf } from '../vehicle/index.js';
import { deviceOrders } from './device-order.table.js';
import {
  cancelDeviceOrder,
  deviceOrderDetail,
  deviceOrderLists,
  handOverDevice,
  placeDeviceOrder,
  refundDeviceOrder,
} from './device-order.service.js';

export { markDeviceOrderPaid, startDeviceOrderPayment, tellDeviceOrderProductOrders, timeOutDeviceOrders } from './device-order.service.js';
export { batteryOrderPayable, vehicleOrderPayable } from './device-order.payable.js';
export { saleFigureFacts } from './device-order.figures.js';

/** Whether an order names the city (read on an index leading with it would need one; a city holds few orders a day). */
export async function deviceOrdersNameCity(db: Db, cityId: number): Promise<boolean> {
  const [row] = await db.select({ id: deviceOrders.id }).from(deviceOrders).where(eq(deviceOrders.cityId, cityId)).limit(1);
  return row !== undefined;
}

const CSV_COLUMNS: CsvColumn<DeviceOrderRecord>[] = fieldColumns(
  [
    'orderNo',
    'merchantName',
    'customerNumber',
    'customerName',
    'orderType',
    'deviceNumber',
    'cityName',
    'status',
    'source',
    'currency',
    'price',
    'deposit',
    'totalAmount',
    'paymentGateway',
    'transactionId',
    'paidAt',
    'handedOverAt',
    'cancelledAt',
    'refundedAt',
    'createdAt',
  ],
  { status: 'deviceOrder.status' },
);

/** Order centre → Vehicle orders and Battery orders (/order/<kind>/list, /order/<kind>/detail/:id/:type). */
export function registerDeviceOrderRoutes(app: FastifyInstance, options: { payments: PaymentConfig }): void {
  for (const kind of DEVICE_ORDER_KINDS) {
    const api = deviceOrderApi[kind];
    const list = deviceOrderLists[kind];
    serve(app, api.search, ({ input, ctx }) => list.search(ctx, input));
    serve(app, api.detail, ({ input, ctx }) => deviceOrderDetail(ctx, kind, input.id, input.type));
    serve(app, api.add, ({ input, ctx }) => placeDeviceOrder(ctx, kind, input));
    serve(app, api.handOver, ({ input, ctx }) => handOverDevice(ctx, kind, input.id));
    serve(app, api.cancel, ({ input, ctx }) => cancelDeviceOrder(ctx, kind, input.id));
    serve(app, api.refund, ({ input, ctx, req }) => refundDeviceOrder(ctx, kind, input.id, options.payments, req.log));
    serve(app, api.export, ({ input, ctx, reply }) =>
      list.sendExport(reply, ctx, input, { filename: `${kind}-orders.csv`, columns: CSV_COLUMNS }),
    );
  }
}

const DEMO_CITIES: Record<string, string[]> = { 'Demo Agent': ['Central Jakarta', 'South Jakarta'], 'Siam Swap Direct': ['Pathum Wan'] };
const SOURCES = ['MINI_PROGRAM', 'IOS', 'ANDROID'] as const;
const DAY = 24 * 3600_000;

/**
 * Demo vehicle and battery orders of the two demo merchants over the last three months, once, in
 * every state and type, priced as an order would be (vehicles by their base price, batteries by the
 * enabled battery price in the merchant's demo city); a handed-over sale's vehicle is bound and sold;
 * a refunded order was paid through the demo's gateway and refunded there before its hand-over (its
 * payments list the refund).
 */
export async function seedDemoDeviceOrders(db: Db, demo: DemoContext): Promise<void> {
  const [any] = await db.select({ id: deviceOrders.id }).from(deviceOrders).limit(1);
  if (any) return;
  const cities = Object.fromEntries((await allCities(db)).map((city) => [city.name, city.id]));
  const now = Date.now();
  let serial = 0;
  for (const [merchant, gateways] of Object.entries(DEMO_ORDER_GATEWAYS)) {
    const names = DEMO_CITIES[merchant] ?? [];
    const merchantId = demo.merchantIds[merchant];
    const cityIds = names.map((name) => cities[name]).filter((id) => id !== undefined);
    const cityId = cityIds[0];
    if (merchantId === undefined || cityId === undefined) continue;
    const customers = (await customersOf(db, merchantId)).filter((c) => c.deletion === 'NORMAL' && c.restriction === 'UNRESTRICTED');
    if (customers.length === 0) continue;
    const rows: (typeof deviceOrders.$inferInsert)[] = [];
    const sold: { vehicleId: number; customerId: number; sale: boolean }[] = [];
    const held: { batteryId: number; customerId: number }[] = [];
    const vehicles = (await freeVehiclesOf(db, merchantId, null, 60)).filter((v) => v.saleStatus === 'UNSOLD' && v.saleMode !== 'NEITHER');
    let made = 0;
    for (const [i, vehicle] of vehicles.entries()) {
      if (made === 21) break;
      // The types the vehicle's sale mode offers, starting from a different one each time, priced where the merchant has a price.
      const offered = (['SALE', 'LEASE', 'LEASE_TO_OWN'] as const).filter((type) =>
        type === 'SALE' ? vehicle.saleMode !== 'RENT_ONLY' : vehicle.saleMode !== 'SALE_ONLY',
      );
      let priced: { orderType: DeviceOrderType; cityId: number; base: Awaited<ReturnType<typeof findBasePrice>> } | null = null;
      for (let k = 0; k < offered.length && !priced; k++) {
        const orderType = offered[(i + k) % offered.length]!;
        const compartments = (await findTypeOfKind(db, 'vehicle', vehicle.typeId))?.batteryCompartments ?? 1;
        for (const candidate of cityIds) {
          const base = await findBasePrice(db, {
            merchantId,
            operationType: orderType,
            vehicleTypeId: vehicle.typeId,
            batteryCount: compartments,
            cityId: candidate,
          }).catch(() => null);
          if (base) {
            priced = { orderType, cityId: candidate, base };
            break;
          }
        }
      }
      if (!priced) continue;
      const { orderType, base } = priced;
      const sale = orderType === 'SALE';
      const price = sale ? base.price : base.rent;
      const deposit = sale ? '0.00' : base.deposit;
      const status = DEMO_ORDER_STATES[made % DEMO_ORDER_STATES.length]!;
      const customer = customers[(made * 5) % customers.length]!;
      rows.push(
        demoRow(
          'vehicle',
          merchantId,
          priced.cityId,
          customer.id,
          vehicle,
          orderType,
          status,
          base.currency,
          price,
          deposit,
          gateways,
          now - (85 - made * 4) * DAY,
          ++serial,
        ),
      );
      if (status === 'COMPLETED') sold.push({ vehicleId: vehicle.id, customerId: customer.id, sale });
      made++;
    }
    for (const [i, battery] of (await freeBatteriesOf(db, merchantId, 14)).entries()) {
      const price = await enabledBatteryPrice(db, merchantId, battery.typeId, cityId);
      if (!price) continue;
      const status = DEMO_ORDER_STATES[(i + 3) % DEMO_ORDER_STATES.length]!;
      const customer = customers[(i * 11 + 3) % customers.length]!;
      if (status === 'COMPLETED') held.push({ batteryId: battery.id, customerId: customer.id });
      rows.push(
        demoRow(
          'battery',
          merchantId,
          cityId,
          customer.id,
          battery,
          'LEASE',
          status,
          price.currency,
          price.rentPerCycle,
          price.deposit,
          gateways,
          now - (80 - i * 5) * DAY,
          ++serial,
        ),
      );
    }
    rows.push(...saleHistory(rows, customers, gateways, now, merchantId, () => ++serial));
    await insertChunks(rows, (part) => db.insert(deviceOrders).values(part));
    for (const { vehicleId, customerId, sale } of sold) await bindVehicleToCustomer(db, vehicleId, customerId, sale);
    const refunded = await db
      .select()
      .from(deviceOrders)
      .where(and(eq(deviceOrders.merchantId, merchantId), eq(deviceOrders.status, 'REFUNDED')));
    await recordDemoGatewayRefunds(db, refunded, (row) => row.totalAmount, DEMO_REFUNDERS[merchant] ?? '');
    // A handed-over battery lease: the customer holds the battery (its page and the customer's show it).
    for (const { batteryId, customerId } of held) await setBatteryHolder(db, batteryId, customerId);
  }
}

/**
 * Three months of handed-over vehicle and battery leases (a few a day) made from the merchant's priced
 * demo orders, so the dashboard's sales trends are full (docs/dashboard.md, "Demo"). Leases: the
 * devices were returned since, so they stay free for the other demo orders.
 */
function saleHistory(
  priced: (typeof deviceOrders.$inferInsert)[],
  customers: { id: number }[],
  gateways: readonly string[],
  now: number,
  merchantId: number,
  serial: () => number,
): (typeof deviceOrders.$inferInsert)[] {
  const templates = priced.filter((row) => row.orderType !== 'SALE');
  if (templates.length === 0) return [];
  return demoHistoryMoments(now, { min: 1, max: 3, seed: merchantId * 31 + 5 }).map((paidAt, i) => {
    const template = templates[(i * 7) % templates.length]!;
    const created = new Date(paidAt.getTime() - 40 * 60_000);
    const next = serial();
    return {
      ...template,
      orderNo: `${template.kind === 'vehicle' ? 'VO' : 'BO'}${created.toISOString().slice(0, 10).replaceAll('-', '')}${String(900000 + next)}`,
      customerId: customers[(i * 13) % customers.length]!.id,
      source: SOURCES[next % 3]!,
      status: 'COMPLETED',
      paymentGateway: gateways[next % 2]!,
      transactionId: `TX${merchantId}D${created.getTime()}${next}`,
      paidAt,
      handedOverAt: new Date(Math.min(paidAt.getTime() + 2 * 3600_000, now - 60_000)),
      cancelledAt: null,
      createdAt: created,
    };
  });
}

function demoRow(
  kind: 'vehicle' | 'battery',
  merchantId: number,
  cityId: number,
  customerId: number,
  device: { id: number; number: string },
  orderType: DeviceOrderType,
  status: DeviceOrderStatus,
  currency: (typeof deviceOrders.$inferInsert)['currency'],
  price: string,
  deposit: string,
  gateways: readonly string[],
  at: number,
  serial: number,
): typeof deviceOrders.$inferInsert {
  const created = new Date(status === 'REGISTERED' || status === 'IN_PROGRESS' ? Date.now() - (serial % 6) * 3600_000 - 60_000 : at);
  const paid = status === 'PAID' || status === 'COMPLETED' || status === 'REFUNDED';
  return {
    orderNo: `${kind === 'vehicle' ? 'VO' : 'BO'}${created.toISOString().slice(0, 10).replaceAll('-', '')}${String(900000 + serial)}`,
    kind,
    orderType,
    merchantId,
    customerId,
    deviceId: device.id,
    deviceNumber: device.number,
    cityId,
    currency,
    price,
    deposit,
    totalAmount: addMoney(price, deposit),
    source: SOURCES[serial % 3]!,
    status,
    ...(paid
      ? {
          paymentGateway: status === 'REFUNDED' ? DEMO_GATEWAY : gateways[serial % 2]!,
          transactionId: `TX${merchantId}D${created.getTime()}${serial}`,
          paidAt: new Date(created.getTime() + 3600_000),
        }
      : {}),
    ...(status === 'COMPLETED' ? { handedOverAt: new Date(created.getTime() + DAY) } : {}),
    ...(status === 'REFUNDED' ? { refundedAt: new Date(created.getTime() + 5 * 3600_000) } : {}),
    ...(status === 'CANCELLED' || status === 'TIMEOUT_CANCELLED' ? { cancelledAt: new Date(created.getTime() + DAY) } : {}),
    createdAt: created,
  };
}
