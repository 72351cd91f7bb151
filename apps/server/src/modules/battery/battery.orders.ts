import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { lockUsableDevices } from '../device-registry/index.js';
import { BATTERY_KIND } from './battery.kind.js';
import { batteries } from './battery.table.js';

/**
 * What an order needs of a battery it hands over (docs/orders.md): found among the batteries the
 * caller sees (another tenant's number answers "does not exist"), locked, refused when scrapped or
 * mid-swap; answered with its owner, type and the vehicle holding it.
 */
export async function lockBatteryForOrder(tx: Db, ctx: Ctx, number: string) {
  const [device] = await lockUsableDevices(tx, ctx, BATTERY_KIND, { numbers: [number] });
  const [row] = await tx
    .select({
      id: batteries.id,
      number: batteries.number,
      merchantId: batteries.merchantId,
      typeId: batteries.typeId,
      vehicleId: batteries.vehicleId,
      holderCustomerId: batteries.holderCustomerId,
    })
    .from(batteries)
    .where(eq(batteries.id, device!.id));
  return row!;
}

/** Batteries of a merchant in no vehicle, held by nobody and not scrapped, in number order: what the demo orders lease. */
export async function freeBatteriesOf(db: Db, merchantId: number, limit: number) {
  return db
    .select({ id: batteries.id, number: batteries.number, typeId: batteries.typeId })
    .from(batteries)
    .where(
      and(
        eq(batteries.merchantId, merchantId),
        isNull(batteries.vehicleId),
        isNull(batteries.holderCustomerId),
        eq(batteries.scrapStatus, 'NORMAL'),
      ),
    )
    .orderBy(asc(batteries.number))
    .limit(limit);
}

/** A battery order's hand-over: the customer holds the battery from now (docs/orders.md, "Vehicle and battery orders"). */
export async function setBatteryHolder(tx: Db, batteryId: number, customerId: number): Promise<void> {
  await tx.update(batteries).set({ holderCustomerId: customerId, updatedAt: new Date() }).where(eq(batteries.id, batteryId));
}

/** The order holding the battery ended (terminated, or a lease completed): the customer no longer holds it. */
export async function releaseBatteryHolder(tx: Db, batteryIds: number[], customerId: number): Promise<void> {
  if (batteryIds.length === 0) return;
  await tx
    .update(batteries)
    .set({ holderCustomerId: null, updatedAt: new Date() })
    .where(and(inArray(batteries.id, batteryIds), eq(batteries.holderCustomerId, customerId)));
}

/**
 * A succeeded swap took in a held battery and handed out another: the holder holds the one handed
 * out from now, the one taken in is held by nobody. One statement, and none when the battery taken
 * in has no holder.
 */
export async function passBatteryHolder(tx: Db, inId: number, outId: number): Promise<void> {
  if (inId === outId) return;
  const holder = tx.select({ holder: batteries.holderCustomerId }).from(batteries).where(eq(batteries.id, inId));
  await tx
    .update(batteries)
    .set({
      holderCustomerId: sql`case when ${batteries.id} = ${outId} then (${holder}) else null end`,
      updatedAt: new Date(),
    })
    .where(
      and(
        inArray(batteries.id, [inId, outId]),
        sql`exists (select 1 from ${batteries} held where held.id = ${inId} and held.holder_customer_id is not null)`,
      ),
    );
}

/** The batteries a customer holds (the customer's page), by number. */
export async function batteriesHeldBy(db: Db, customerId: number, limit: number): Promise<{ id: number; number: string }[]> {
  return db
    .select({ id: batteries.id, number: batteries.number })
    .from(batteries)
    .where(and(eq(batteries.holderCustomerId, customerId), isNotNull(batteries.holderCustomerId)))
    .orderBy(asc(batteries.number))
    .limit(limit);
}
