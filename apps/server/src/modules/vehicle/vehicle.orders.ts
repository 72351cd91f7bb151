import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { lockUsableDevices } from '../device-registry/index.js';
import { appendDeviceLog } from '../device-log/index.js';
import { VEHICLE_KIND } from './vehicle.kind.js';
import { vehicles } from './vehicle.table.js';

/**
 * What an order needs of a vehicle it hands over (docs/orders.md): the vehicle is found among those the
 * caller sees (another tenant's number answers "does not exist"), locked, and refused when scrapped.
 */
export async function lockVehicleForOrder(tx: Db, ctx: Ctx, number: string) {
  const [device] = await lockUsableDevices(tx, ctx, VEHICLE_KIND, { numbers: [number] });
  const [row] = await tx
    .select({
      id: vehicles.id,
      number: vehicles.number,
      merchantId: vehicles.merchantId,
      typeId: vehicles.typeId,
      boundUserId: vehicles.boundUserId,
      saleMode: vehicles.saleMode,
      saleStatus: vehicles.saleStatus,
      battery1Id: vehicles.battery1Id,
    })
    .from(vehicles)
    .where(eq(vehicles.id, device!.id));
  return row!;
}

/** The vehicle is the customer's now (its bound user); sold or not as the order says. */
export async function bindVehicleToCustomer(tx: Db, vehicleId: number, customerId: number, sold?: boolean): Promise<void> {
  const [before] =
    sold === undefined ? [] : await tx.select({ saleStatus: vehicles.saleStatus }).from(vehicles).where(eq(vehicles.id, vehicleId));
  const [after] = await tx
    .update(vehicles)
    .set({ boundUserId: customerId, ...(sold === undefined ? {} : { saleStatus: sold ? 'SOLD' : 'UNSOLD' }), updatedAt: new Date() })
    .where(eq(vehicles.id, vehicleId))
    .returning({ merchantId: vehicles.merchantId, saleStatus: vehicles.saleStatus });
  // A sale through an order is written to the vehicle's log as a sale by hand is (docs/device-protocol.md, "Device log").
  if (before && after && before.saleStatus !== after.saleStatus)
    await appendDeviceLog(tx, {
      kind: 'state',
      deviceKind: 'vehicle',
      deviceId: vehicleId,
      merchantId: after.merchantId,
      text: after.saleStatus === 'SOLD' ? 'deviceLogSold' : 'deviceLogUnsold',
    });
}

/**
 * The customer a merchant's vehicle with this number is bound to (docs/orders.md, "Transfer and
 * energy orders": a cabinet that read the vehicle's number charges its customer); null when the
 * merchant has no such vehicle or it is bound to nobody.
 */
export async function boundCustomerOfVehicle(db: Db, merchantId: number, number: string): Promise<number | null> {
  const [row] = await db
    .select({ customerId: vehicles.boundUserId })
    .from(vehicles)
    .where(and(eq(vehicles.merchantId, merchantId), eq(vehicles.number, number)))
    .limit(1);
  return row?.customerId ?? null;
}

/** The vehicle is no longer the customer's (an order ended): it stays with its merchant, bound to nobody. */
export async function unbindVehicleFromCustomer(tx: Db, vehicleId: number, customerId: number): Promise<void> {
  await tx
    .update(vehicles)
    .set({ boundUserId: null, updatedAt: new Date() })
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.boundUserId, customerId)));
}

/**
 * A refunded order's vehicle comes back (docs/orders.md, "Refunds"): bound to nobody and unsold (a
 * sale undone is written to its log as a sale by hand is). Only while the order's customer holds it
 * or nobody does (a product order that rode it since let it go when it ended).
 */
export async function takeVehicleBack(tx: Db, vehicleId: number, customerId: number): Promise<void> {
  const [before] = await tx
    .select({ saleStatus: vehicles.saleStatus })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), or(eq(vehicles.boundUserId, customerId), isNull(vehicles.boundUserId))));
  if (!before) return;
  const [after] = await tx
    .update(vehicles)
    .set({ boundUserId: null, saleStatus: 'UNSOLD', updatedAt: new Date() })
    .where(eq(vehicles.id, vehicleId))
    .returning({ merchantId: vehicles.merchantId });
  if (after && before.saleStatus === 'SOLD')
    await appendDeviceLog(tx, {
      kind: 'state',
      deviceKind: 'vehicle',
      deviceId: vehicleId,
      merchantId: after.merchantId,
      text: 'deviceLogUnsold',
    });
}

/** Vehicles of a merchant (of a type, when given) bound to nobody and not scrapped, in number order: what the demo orders hand over. */
export async function freeVehiclesOf(db: Db, merchantId: number, typeId: number | null, limit: number) {
  return db
    .select({
      id: vehicles.id,
      number: vehicles.number,
      typeId: vehicles.typeId,
      battery1Id: vehicles.battery1Id,
      saleMode: vehicles.saleMode,
      saleStatus: vehicles.saleStatus,
    })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.merchantId, merchantId),
        typeId === null ? undefined : eq(vehicles.typeId, typeId),
        isNull(vehicles.boundUserId),
        eq(vehicles.scrapStatus, 'NORMAL'),
      ),
    )
    .orderBy(asc(vehicles.number))
    .limit(limit);
}
