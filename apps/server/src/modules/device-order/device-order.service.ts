import { and, eq, inArray, like, lte, gte, sql, type SQL } from 'drizzle-orm';
import {
  addMoney,
  deviceOrderApi,
  deviceStepAllowed,
  DEVICE_ORDER_PAYMENT_HOURS,
  DEVICE_ORDER_TYPES_OF,
  normalizeMoney,
  type DeviceOrderAdd,
  type DeviceOrderKind,
  type DeviceOrderRecord,
  type DeviceOrderStep,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError, isUniqueViolation, notFound } from '../../app/errors.js';
import { defineList } from '../../app/list.js';
import { chosenAgent } from '../../app/owned-records.js';
import { prefixPattern } from '../../app/pagination.js';
import { fieldInvalid } from '../../app/policy.js';
import { areaNameOf, cityExists } from '../area/index.js';
import { recordAudit } from '../audit-log/index.js';
import { lockBatteryForOrder } from '../battery/index.js';
import { assertCustomerOf, customerIdsByNumber, customerJoin } from '../customer/index.js';
import { findTypeOfKind } from '../device-type/index.js';
import { merchantNameOf } from '../merchant/index.js';
import { findBasePrice } from '../price/index.js';
import { enabledBatteryPrice } from '../price-setting/index.js';
import { bindVehicleToCustomer, lockVehicleForOrder } from '../vehicle/index.js';
import { deviceOrders } from './device-order.table.js';

type Row = typeof deviceOrders.$inferSelect;
const AUDIT = { vehicle: 'vehicleOrder', battery: 'batteryOrder' } as const;
const PREFIX = { vehicle: 'VO', battery: 'BO' } as const;

const scopeOf =
  (kind: DeviceOrderKind) =>
  (ctx: Pick<Ctx, 'principal'>): SQL | undefined =>
    and(eq(deviceOrders.kind, kind), ctx.principal.merchantId === null ? undefined : eq(deviceOrders.merchantId, ctx.principal.merchantId));

const iso = (date: Date | null) => date?.toISOString() ?? null;

interface Listed {
  order: Row;
  merchantName: string | null;
  cityName: string | null;
  customerNumber: string;
  givenName: string;
  familyName: string;
}

function present({ order: o, merchantName, cityName, customerNumber, givenName, familyName }: Listed): DeviceOrderRecord {
  return {
    id: o.id,
    orderNo: o.orderNo,
    kind: o.kind,
    orderType: o.orderType,
    merchantId: o.merchantId,
    merchantName,
    customerId: o.customerId,
    customerNumber,
    customerName: `${givenName} ${familyName}`.trim(),
    deviceId: o.deviceId,
    deviceNumber: o.deviceNumber,
    cityId: o.cityId,
    cityName,
    currency: o.currency,
    price: normalizeMoney(o.price),
    deposit: normalizeMoney(o.deposit),
    totalAmount: normalizeMoney(o.totalAmount),
    source: o.source,
    status: o.status,
    paymentGateway: o.paymentGateway,
    transactionId: o.transactionId,
    paidAt: iso(o.paidAt),
    handedOverAt: iso(o.handedOverAt),
    cancelledAt: iso(o.cancelledAt),
    createdAt: o.createdAt.toISOString(),
  };
}

const customer = customerJoin(deviceOrders.customerId);

/** Order centre → Vehicle orders or Battery orders, newest first (docs/orders.md). */
function listOf(kind: DeviceOrderKind) {
  return defineList({
    endpoint: deviceOrderApi[kind].search,
    table: deviceOrders,
    id: deviceOrders.id,
    select: {
      order: deviceOrders,
      merchantName: merchantNameOf(deviceOrders.merchantId),
      cityName: areaNameOf(deviceOrders.cityId),
      customerNumber: customer.customerNumber,
      givenName: customer.givenName,
      familyName: customer.familyName,
    },
    joins: [customer.join],
    scope: scopeOf(kind),
    filters: {
      orderNo: (number) => like(deviceOrders.orderNo, prefixPattern(number)),
      customerNumber: (number, ctx) => inArray(deviceOrders.customerId, customerIdsByNumber(ctx.db, number, ctx.principal.merchantId)),
      deviceNumber: (number) => like(deviceOrders.deviceNumber, prefixPattern(number)),
      orderType: (type) => eq(deviceOrders.orderType, type),
      status: (status) => eq(deviceOrders.status, status),
      merchantId: (merchantId) => eq(deviceOrders.merchantId, merchantId),
      createdFrom: (from) => gte(deviceOrders.createdAt, new Date(from)),
      createdTo: (to) => lte(deviceOrders.createdAt, new Date(to)),
    },
    defaultOrder: () => ({ column: deviceOrders.createdAt, direction: 'desc' }),
    count: 'capped',
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
      const next = await tx.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('device_order', 'id'))::int as id`);
      const orderId = (next as { rows: { id: number }[] }).rows[0]!.id;
      const now = new Date();
      const orderNo = `${PREFIX[kind]}${now.toISOString().slice(0, 10).replaceAll('-', '')}${String(orderId).padStart(6, '0')}`;
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
      await recordAudit(tx, ctx, {
        action: `${AUDIT[kind]}.add`,
        objectType: AUDIT[kind],
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

async function lockOrder(tx: Db, ctx: Pick<Ctx, 'principal'>, kind: DeviceOrderKind, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(deviceOrders)
    .where(and(eq(deviceOrders.id, id), scopeOf(kind)(ctx)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

function refuseStep(step: DeviceOrderStep, row: Row): void {
  if (!deviceStepAllowed(step, row.status)) throw new AppError('orderStepRefused', { status: row.status });
}

/**
 * Hands a paid order's device over, in one transaction with the order locked first: a vehicle is
 * bound to the customer and, sold, marked SOLD (leased, it stays unsold); the order is COMPLETED.
 * Of two hand-overs at once one hands over, the other is refused (7050).
 */
export async function handOverDevice(ctx: Ctx, kind: DeviceOrderKind, id: number): Promise<DeviceOrderRecord> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, ctx, kind, id);
    refuseStep('handOver', row);
    if (kind === 'vehicle') await bindVehicleToCustomer(tx, row.deviceId, row.customerId, row.orderType === 'SALE');
    const now = new Date();
    await tx.update(deviceOrders).set({ status: 'COMPLETED', handedOverAt: now, updatedAt: now }).where(eq(deviceOrders.id, id));
    await recordAudit(tx, ctx, {
      action: `${AUDIT[kind]}.handOver`,
      objectType: AUDIT[kind],
      objectId: id,
      changes: { orderNo: row.orderNo, deviceNumber: row.deviceNumber, status: { from: row.status, to: 'COMPLETED' } },
    });
  });
  return deviceOrderLists[kind].detail(ctx, id);
}

/** Cancels an unpaid order: the device is free for another order. */
export async function cancelDeviceOrder(ctx: Ctx, kind: DeviceOrderKind, id: number): Promise<DeviceOrderRecord> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, ctx, kind, id);
    refuseStep('cancel', row);
    const now = new Date();
    await tx.update(deviceOrders).set({ status: 'CANCELLED', cancelledAt: now, updatedAt: now }).where(eq(deviceOrders.id, id));
    await recordAudit(tx, ctx, {
      action: `${AUDIT[kind]}.cancel`,
      objectType: AUDIT[kind],
      objectId: id,
      changes: { orderNo: row.orderNo, status: { from: row.status, to: 'CANCELLED' } },
    });
  });
  return deviceOrderLists[kind].detail(ctx, id);
}

/**
 * Marks a vehicle or battery order paid, inside the caller's transaction (the payment callback's):
 * the amount must be the order's total (7059), the order unpaid (7050). The same gateway transaction
 * again changes nothing (`applied` false).
 */
export async function markDeviceOrderPaid(
  db: Db,
  payment: { orderId: number; paymentGateway: string; transactionId: string; amount: string; at?: Date },
): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(deviceOrders).where(eq(deviceOrders.id, payment.orderId)).for('update');
    if (!row) throw notFound();
    if (row.status === 'PAID' && row.paymentGateway === payment.paymentGateway && row.transactionId === payment.transactionId)
      return { applied: false };
    refuseStep('pay', row);
    if (!/^\d{1,11}(\.\d{1,2})?$/.test(payment.amount) || normalizeMoney(payment.amount) !== normalizeMoney(row.totalAmount)) {
      throw new AppError('orderPaymentInvalid');
    }
    const at = payment.at ?? new Date();
    await tx
      .update(deviceOrders)
      .set({
        status: 'PAID',
        paymentGateway: payment.paymentGateway,
        transactionId: payment.transactionId,
        paidAt: at,
        updatedAt: new Date(),
      })
      .where(eq(deviceOrders.id, row.id));
    return { applied: true };
  });
}

/** The customer began paying (the payment's first answer): REGISTERED becomes IN_PROGRESS; once only. */
export async function startDeviceOrderPayment(db: Db, orderId: number): Promise<{ applied: boolean }> {
  const rows = await db
    .update(deviceOrders)
    .set({ status: 'IN_PROGRESS', updatedAt: new Date() })
    .where(and(eq(deviceOrders.id, orderId), eq(deviceOrders.status, 'REGISTERED')))
    .returning({ id: deviceOrders.id });
  return { applied: rows.length > 0 };
}

/** The overdue and expiry job's part (docs/orders.md): unpaid orders older than DEVICE_ORDER_PAYMENT_HOURS are TIMEOUT_CANCELLED. */
export async function timeOutDeviceOrders(tx: Db, now: Date): Promise<number> {
  const rows = await tx
    .update(deviceOrders)
    .set({ status: 'TIMEOUT_CANCELLED', cancelledAt: now, updatedAt: now })
    .where(
      and(
        inArray(deviceOrders.status, ['REGISTERED', 'IN_PROGRESS']),
        lte(deviceOrders.createdAt, new Date(now.getTime() - DEVICE_ORDER_PAYMENT_HOURS * 3600_000)),
      ),
    )
    .returning({ id: deviceOrders.id });
  return rows.length;
}
