import { and, eq, inArray, like } from 'drizzle-orm';
import {
  addMoney,
  deviceOrderApi,
  DEVICE_ORDER_PAYMENT_HOURS,
  DEVICE_ORDER_STEPS,
  DEVICE_ORDER_TYPES_OF,
  normalizeMoney,
  type DeviceOrderAdd,
  type DeviceOrderKind,
  type DeviceOrderRecord,
} from '@swap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { PaymentConfig } from '../../app/config.js';
import type { Ctx } from '../../app/context.js';
import { AppError, isUniqueViolation, notFound } from '../../app/errors.js';
import { handOver } from '../../app/hand-over.js';
import { defineList } from '../../app/list.js';
import { orderKind, orderRecordOf, type ListedOrder } from '../../app/order-kind.js';
import { chosenAgent } from '../../app/owned-records.js';
import { prefixPattern } from '../../app/pagination.js';
import { fieldInvalid } from '../../app/policy.js';
import { areaNameOf, cityExists } from '../area/index.js';
import { recordAudit } from '../audit-log/index.js';
import { countFigures } from '../dashboard/index.js';
import { lockBatteryForOrder, releaseBatteryHolder, setBatteryHolder } from '../battery/index.js';
import { assertCustomerOf } from '../customer/index.js';
import { findTypeOfKind } from '../device-type/index.js';
import { findBasePrice } from '../price/index.js';
import { enabledBatteryPrice } from '../price-setting/index.js';
import { bindVehicleToCustomer, lockVehicleForOrder, takeVehicleBack } from '../vehicle/index.js';
import { deviceOrders } from './device-order.table.js';

type Row = typeof deviceOrders.$inferSelect;

/** The order-kind kit over vehicle and battery orders (docs/orders.md, "One kit for the order kinds"). */
export const deviceOrderKind = orderKind({
  table: deviceOrders,
  kinds: { vehicle: { prefix: 'VO', audit: 'vehicleOrder' }, battery: { prefix: 'BO', audit: 'batteryOrder' } },
  steps: DEVICE_ORDER_STEPS,
  amountDue: (row) => row.totalAmount,
  // The dashboard counts the sale in the hour it was paid (docs/dashboard.md).
  paid: (tx, row, at) =>
    countFigures(tx, [{ merchantId: row.merchantId, at, ...(row.kind === 'vehicle' ? { vehiclesSold: 1 } : { batteriesSold: 1 }) }]),
});
const scopeOf = deviceOrderKind.scope;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function present(listed: ListedOrder<Row> & { cityName: string | null }): DeviceOrderRecord {
  const { order: o, cityName } = listed;
  return {
    ...orderRecordOf(listed),
    orderType: o.orderType,
    deviceId: o.deviceId,
    deviceNumber: o.deviceNumber,
    cityId: o.cityId,
    cityName,
    price: normalizeMoney(o.price),
    deposit: normalizeMoney(o.deposit),
    totalAmount: normalizeMoney(o.totalAmount),
    source: o.source,
    handedOverAt: iso(o.handedOverAt),
  };
}

/** Order centre → Vehicle orders or Battery orders, newest first (docs/orders.md). */
function listOf(kind: DeviceOrderKind) {
  const { join, ...list } = deviceOrderKind.list;
  return defineList({
    ...list,
    endpoint: deviceOrderApi[kind].search,
    select: { ...list.select, cityName: areaNameOf(deviceOrders.cityId) },
    joins: [join],
    scope: scopeOf(kind),
    filters: {
      ...deviceOrderKind.filters,
      deviceNumber: (number) => like(deviceOrders.deviceNumber, prefixPattern(number)),
      orderType: (type) => eq(deviceOrders.orderType, type),
    },
    present,
  });
}

export const deviceOrderLists = { vehicle: listOf('vehicle'), battery: listOf('battery') };

/** One order of the kind and type the address names; another type, kind or tenant answers "does not exist". */
export async function deviceOrderDetail(ctx: Ctx, kind: DeviceOrderKind, id: number, type: string): Promise<DeviceOrderRecord> {
  const order = await deviceOrderLists[kind].detail(ctx, id);
  if (order.orderType !== type) throw notFound();
  return order;
}

/** The amounts of a vehicle order: the merchant's base price for the type of order, the vehicle's type and the city. */
async function vehicleTerms(tx: Db, merchantId: number, typeId: number, orderType: string, cityId: number) {
  const type = await findTypeOfKind(tx, 'vehicle', typeId);
  const base = await findBasePrice(tx, {
    merchantId,
    operationType: orderType,
    vehicleTypeId: typeId,
    batteryCount: type?.batteryCompartments ?? 1,
    cityId,
  });
  const sale = orderType === 'SALE';
  const price = normalizeMoney(sale ? base.price : base.rent);
  const deposit = sale ? '0.00' : normalizeMoney(base.deposit);
  return { price, deposit, currency: base.currency };
}

/**
 * Places a vehicle or battery order for a customer of the merchant (docs/orders.md, "Vehicle and
 * battery orders"): the customer usable (7000, 7001, 7005), the type offered for the kind (7150), the
 * device one the caller sees (3003), not scrapped (3010), the merchant's (7054), not sold (7152),
 * held by nobody and in no other open order (7151), a battery outside any vehicle (7153); the price
 * from the operation centre: a vehicle's base price (4009, 4001) and its sale mode (7058), a battery's
 * enabled battery price in the city (7154). The device row is locked first, and a unique index keeps
 * one open order per device under any race.
 */
export async function placeDeviceOrder(ctx: Ctx, kind: DeviceOrderKind, input: DeviceOrderAdd): Promise<DeviceOrderRecord> {
  if (!DEVICE_ORDER_TYPES_OF[kind].includes(input.orderType))
    throw new AppError('deviceOrderTypeNotOffered', undefined, { field: 'orderType' });
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const merchantId = await chosenAgent(ctx, input.merchantId, tx);
      const owner = await assertCustomerOf(tx, merchantId, input.customerNumber, { unrestricted: true, field: 'customerNumber' });
      if (!(await cityExists(tx, input.cityId))) throw fieldInvalid(ctx, 'cityId');
      const field = { field: 'deviceNumber' };
      let device: { id: number; number: string };
      let terms: { price: string; deposit: string; currency: Row['currency'] };
      if (kind === 'vehicle') {
        const vehicle = await lockVehicleForOrder(tx, ctx, input.deviceNumber);
        const named = { number: vehicle.number };
        if (vehicle.merchantId !== merchantId) throw new AppError('orderVehicleOtherMerchant', named, field);
        if (vehicle.saleStatus === 'SOLD') throw new AppError('deviceOrderVehicleSold', named, field);
        if (vehicle.boundUserId !== null) throw new AppError('deviceOrderDeviceTaken', named, field);
        const offered =
          input.orderType === 'SALE'
            ? vehicle.saleMode === 'SALE_ONLY' || vehicle.saleMode === 'RENT_OR_SALE'
            : vehicle.saleMode === 'RENT_ONLY' || vehicle.saleMode === 'RENT_OR_SALE';
        if (!offered) throw new AppError('orderVehicleNotOffered', named, field);
        device = vehicle;
        terms = await vehicleTerms(tx, merchantId, vehicle.typeId, input.orderType, input.cityId);
      } else {
        const battery = await lockBatteryForOrder(tx, ctx, input.deviceNumber);
        const named = { number: battery.number };
        if (battery.merchantId !== merchantId) throw new AppError('orderVehicleOtherMerchant', named, field);
        if (battery.vehicleId !== null) throw new AppError('deviceOrderBatteryInVehicle', named, field);
        if (battery.holderCustomerId !== null) throw new AppError('deviceOrderDeviceTaken', named, field);
        const price = await enabledBatteryPrice(tx, merchantId, battery.typeId, input.cityId);
        if (!price) throw new AppError('deviceOrderNoBatteryPrice', undefined, { field: 'cityId' });
        device = battery;
        terms = { price: price.rentPerCycle, deposit: price.deposit, currency: price.currency };
      }
      const [open] = await tx
        .select({ id: deviceOrders.id })
        .from(deviceOrders)
        .where(
          and(
            eq(deviceOrders.kind, kind),
            eq(deviceOrders.deviceId, device.id),
            inArray(deviceOrders.status, ['REGISTERED', 'IN_PROGRESS', 'PAID']),
          ),
        );
      if (open) throw new AppError('deviceOrderDeviceTaken', { number: device.number }, field);
      const now = new Date();
      const { id: orderId, orderNo } = await deviceOrderKind.nextOrder(tx, kind, now);
      const totalAmount = addMoney(terms.price, terms.deposit);
      await tx.insert(deviceOrders).values({
        id: orderId,
        orderNo,
        kind,
        orderType: input.orderType,
        merchantId,
        customerId: owner.id,
        deviceId: device.id,
        deviceNumber: device.number,
        cityId: input.cityId,
        currency: terms.currency,
        price: terms.price,
        deposit: terms.deposit,
        totalAmount,
        source: input.source,
        createdAt: now,
      });
      const audit = kind === 'vehicle' ? 'vehicleOrder' : 'batteryOrder';
      await recordAudit(tx, ctx, {
        action: `${audit}.add`,
        objectType: audit,
        objectId: orderId,
        changes: { orderNo, customerNumber: input.customerNumber, deviceNumber: device.number, orderType: input.orderType, totalAmount },
      });
      return orderId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('deviceOrderDeviceTaken', { number: input.deviceNumber }, { field: 'deviceNumber' });
    throw error;
  }
  return deviceOrderLists[kind].detail(ctx, id);
}

/**
 * Hands a paid order's device over, in one transaction with the order locked first: a vehicle is
 * bound to the customer and, sold, marked SOLD (leased, it stays unsold); a battery's holder becomes
 * the customer; the order is COMPLETED.
 * Of two hand-overs at once one hands over, the other is refused (7050).
 */
export async function handOverDevice(ctx: Ctx, kind: DeviceOrderKind, id: number): Promise<DeviceOrderRecord> {
  await deviceOrderKind.staffStep(ctx, kind, id, 'handOver', async (tx, row, now) => {
    if (kind === 'vehicle') await bindVehicleToCustomer(tx, row.deviceId, row.customerId, row.orderType === 'SALE');
    // A battery is held by the customer from now (its page and the customer's show it).
    else await setBatteryHolder(tx, row.deviceId, row.customerId);
    return { set: { handedOverAt: now }, changes: { deviceNumber: row.deviceNumber } };
  });
  return deviceOrderLists[kind].detail(ctx, id);
}

/** Cancels an unpaid order: the device is free for another order. */
export async function cancelDeviceOrder(ctx: Ctx, kind: DeviceOrderKind, id: number): Promise<DeviceOrderRecord> {
  await deviceOrderKind.cancel(ctx, kind, id);
  return deviceOrderLists[kind].detail(ctx, id);
}

/**
 * What the product order module tells this one (docs/architecture.md, "No two modules import each
 * other": the product orders' job reads this module): the number of the running product order a
 * vehicle is bound to, if any.
 */
const productOrders = handOver<{ runningOrderOfVehicle: (db: Db, vehicleId: number) => Promise<string | null> }>(
  "The product order module's answers about vehicles in running orders",
);
/** Called once by the module registry with the product order module's answers. */
export const tellDeviceOrderProductOrders = productOrders.tell;

/**
 * Staff refund a paid order, before or after its hand-over (docs/orders.md, "Refunds"), the way it
 * was paid (the order-kind kit's refund). A handed-over device comes back when the order is
 * refunded: a vehicle is bound to nobody and unsold, a battery held by nobody. A vehicle a running
 * product order holds is refused (7236) until that order ends.
 */
export async function refundDeviceOrder(
  ctx: Ctx,
  kind: DeviceOrderKind,
  id: number,
  payments: PaymentConfig,
  log: FastifyBaseLogger,
): Promise<DeviceOrderRecord> {
  await deviceOrderKind.refund(ctx, kind, id, payments, log, {
    amount: (row) => row.totalAmount,
    takeBack: async (tx, row) => {
      if (row.status !== 'COMPLETED' || kind !== 'vehicle') return;
      const held = await productOrders.get().runningOrderOfVehicle(tx, row.deviceId);
      if (held !== null) throw new AppError('orderRefundDeviceInProductOrder', { number: row.deviceNumber, orderNo: held });
    },
    refunded: async (tx, row) => {
      if (row.status !== 'COMPLETED') return {};
      if (kind === 'vehicle') await takeVehicleBack(tx, row.deviceId, row.customerId);
      else await releaseBatteryHolder(tx, [row.deviceId], row.customerId);
      return { changes: { deviceNumber: row.deviceNumber } };
    },
  });
  return deviceOrderLists[kind].detail(ctx, id);
}

/** The overdue and expiry job's part (docs/orders.md): unpaid orders older than DEVICE_ORDER_PAYMENT_HOURS are TIMEOUT_CANCELLED. */
export function timeOutDeviceOrders(tx: Db, now: Date): Promise<number> {
  return deviceOrderKind.timeOut(tx, now, DEVICE_ORDER_PAYMENT_HOURS);
}

/** Marks a vehicle or battery order paid in the caller's transaction (the payment callback's): its total amount (7059), unpaid (7050). */
export const markDeviceOrderPaid = deviceOrderKind.markPaid;
/** The customer began paying (the payment's first answer): REGISTERED becomes IN_PROGRESS; once only. */
export const startDeviceOrderPayment = deviceOrderKind.startPayment;
