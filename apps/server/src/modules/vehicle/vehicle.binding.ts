import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { vehicles } from './vehicle.table.js';

/** No vehicle holds these batteries any more (they are scrapped): their compartments are empty. */
export async function dropBatteriesFromVehicles(tx: Db, batteryIds: number[]): Promise<void> {
  await tx.update(vehicles).set({ battery1Id: null, updatedAt: new Date() }).where(inArray(vehicles.battery1Id, batteryIds));
  await tx.update(vehicles).set({ battery2Id: null, updatedAt: new Date() }).where(inArray(vehicles.battery2Id, batteryIds));
}

/** The vehicle a swap served, and the compartment that held the pack it returned (null when found by its number). */
export interface ServedVehicle {
  id: number;
  slot: 'battery1Id' | 'battery2Id' | null;
}

/**
 * The vehicle a swap served (docs/device-protocol.md, "Swap event"): the vehicle of the cabinet's
 * owner that holds the returned pack (`batteryIn`, a subquery of its id) at that moment, else the
 * owner's vehicle whose number the cabinet read as the customer. Null when neither names one.
 */
export async function servedVehicle(
  tx: Db,
  merchantId: number | null,
  batteryIn: SQL | null,
  customer: string | null,
): Promise<ServedVehicle | null> {
  const owner = merchantId === null ? isNull(vehicles.merchantId) : eq(vehicles.merchantId, merchantId);
  if (batteryIn) {
    const [held] = await tx
      .select({ id: vehicles.id, first: sql<boolean>`coalesce(${vehicles.battery1Id} = ${batteryIn}, false)` })
      .from(vehicles)
      .where(and(owner, or(eq(vehicles.battery1Id, batteryIn), eq(vehicles.battery2Id, batteryIn))))
      .limit(1);
    if (held) return { id: held.id, slot: held.first ? 'battery1Id' : 'battery2Id' };
  }
  if (customer) {
    const [named] = await tx
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(owner, eq(vehicles.number, customer)))
      .limit(1);
    if (named) return { id: named.id, slot: null };
  }
  return null;
}

/** After a swap the pack handed out rides in the compartment the returned pack left (the battery's side is the caller's). */
export async function putSwappedBattery(tx: Db, vehicle: ServedVehicle, batteryId: number): Promise<void> {
  if (!vehicle.slot) return;
  await dropBatteriesFromVehicles(tx, [batteryId]);
  await tx
    .update(vehicles)
    .set({ [vehicle.slot]: batteryId, updatedAt: new Date() })
    .where(eq(vehicles.id, vehicle.id));
}
