import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appendDeviceLog } from '../device-log/index.js';
import { batteryLogLine } from './battery.binding.js';
import { batteries } from './battery.table.js';

/**
 * What a swap at a cabinet reads and changes of battery rows, inside the swap module's transaction
 * (docs/architecture.md, "What an entry exports instead of its tables").
 */

const SWAP_FIELDS = {
  id: batteries.id,
  number: batteries.number,
  soc: batteries.soc,
  merchantId: batteries.merchantId,
  scrapStatus: batteries.scrapStatus,
  returnStatus: batteries.returnStatus,
  distributionStatus: batteries.distributionStatus,
  swapLockedUntil: batteries.swapLockedUntil,
  swapRequestId: batteries.swapRequestId,
};

/** What a swap decides on about a battery. */
export type SwapBattery = Pick<typeof batteries.$inferSelect, keyof typeof SWAP_FIELDS>;

/** A battery by id, as a swap decides on it; undefined when there is none. */
export async function swapBatteryById(db: Db, id: number): Promise<SwapBattery | undefined> {
  const [battery] = await db.select(SWAP_FIELDS).from(batteries).where(eq(batteries.id, id));
  return battery;
}

/** The battery with this number, locked for the rest of the transaction (a hand-out decides on it); undefined when not registered. */
export async function lockSwapBattery(tx: Db, number: string): Promise<SwapBattery | undefined> {
  const [battery] = await tx.select(SWAP_FIELDS).from(batteries).where(eq(batteries.number, number)).for('update');
  return battery;
}

/** The owners of the registered batteries among these numbers (null: platform stock). */
export async function batteryOwners(db: Db, numbers: string[]): Promise<{ number: string; merchantId: number | null }[]> {
  if (numbers.length === 0) return [];
  return db
    .select({ number: batteries.number, merchantId: batteries.merchantId })
    .from(batteries)
    .where(inArray(batteries.number, numbers));
}

/** Marks the battery mid-swap for the request until the given time. */
export async function holdForSwap(tx: Db, id: number, until: Date, requestId: string): Promise<void> {
  await tx.update(batteries).set({ swapLockedUntil: until, swapRequestId: requestId }).where(eq(batteries.id, id));
}

/**
 * The swap is over: the owner's batteries with these numbers, or held for the request, are no longer
 * mid-swap (another owner's stay: they may be mid-swap in their own cabinet). Answers their numbers.
 */
export async function endSwapHolds(tx: Db, merchantId: number | null, numbers: string[], requestId: string | undefined): Promise<string[]> {
  const held: SQL[] = [
    ...(numbers.length ? [inArray(batteries.number, numbers)] : []),
    ...(requestId ? [eq(batteries.swapRequestId, requestId)] : []),
  ];
  if (held.length === 0) return [];
  const owned = merchantId === null ? isNull(batteries.merchantId) : eq(batteries.merchantId, merchantId);
  const released = await tx
    .update(batteries)
    .set({ swapLockedUntil: null, swapRequestId: null })
    .where(and(or(...held), owned))
    .returning({ number: batteries.number });
  return released.map((row) => row.number);
}

/**
 * A battery a cabinet reported in a swap takes the charge reported; one that went into the cabinet
 * no longer names a vehicle; its log tells where it went (handed out by, or returned into, the
 * cabinet's compartment). Answers its id (undefined when the number is not registered).
 */
export async function recordSwappedBattery(
  tx: Db,
  number: string,
  soc: number,
  wentIn: boolean,
  place: { cabinet: string; compartment: number },
  at: Date,
): Promise<number | undefined> {
  const [row] = await tx
    .update(batteries)
    .set({ soc, ...(wentIn ? { vehicleId: null } : {}), updatedAt: new Date() })
    .where(eq(batteries.number, number))
    .returning({ id: batteries.id, merchantId: batteries.merchantId });
  if (row) await appendDeviceLog(tx, batteryLogLine(row, wentIn ? 'deviceLogSwappedIn' : 'deviceLogSwappedOut', place, at));
  return row?.id;
}

/**
 * Marks the batteries as being returned (an open asset application names them) or no longer: a
 * cabinet never hands out a battery being returned (docs/operation-centre.md, "Applications").
 */
export async function setBatteriesReturning(tx: Db, ids: number[], returning: boolean): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(batteries)
    .set({ returnStatus: returning ? 'RETURNING' : 'NONE', updatedAt: new Date() })
    .where(inArray(batteries.id, ids));
}
