import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { CabinetState } from '@swap/contracts';
import type { Db } from '../db/client.js';
import { batteries } from '../modules/battery/index.js';
import { cabinetCompartments, cabinets } from '../modules/cabinet/index.js';

/**
 * Persists the latest state a device reports (telemetry goes in batches: telemetry-ingest.ts). Each function answers whether the device is
 * registered (a row was updated), so the gateway can log "cabinet not registered" and drop.
 */

/** Online with its compartments, or offline (last will). `reportedAt` is when the server may say it last heard the cabinet. */
export async function applyCabinetState(db: Db, number: string, state: CabinetState, reportedAt: Date): Promise<boolean> {
  if (!state.online) {
    const updated = await db
      .update(cabinets)
      .set({ online: false, updatedAt: new Date() })
      .where(eq(cabinets.number, number))
      .returning({ id: cabinets.id });
    return updated.length > 0;
  }
  return db.transaction(async (tx) => {
    const [cabinet] = await tx
      .update(cabinets)
      .set({ online: true, lastReportAt: reportedAt, updatedAt: new Date() })
      .where(eq(cabinets.number, number))
      .returning({ id: cabinets.id });
    if (!cabinet) return false;
    const numbers = state.compartments.flatMap((c) => (c.batteryNumber ? [c.batteryNumber] : []));
    const known = numbers.length
      ? await tx.select({ id: batteries.id, number: batteries.number }).from(batteries).where(inArray(batteries.number, numbers))
      : [];
    const idOf = new Map(known.map((b) => [b.number, b.id]));
    // A battery sits in one slot: a pack that moved here is released from where it was last reported.
    if (known.length)
      await tx
        .update(cabinetCompartments)
        .set({ batteryId: null })
        .where(and(inArray(cabinetCompartments.batteryId, [...idOf.values()]), ne(cabinetCompartments.cabinetId, cabinet.id)));
    // Slots first emptied, then filled, so a pack moving between slots of this cabinet never collides.
    await tx.update(cabinetCompartments).set({ batteryId: null }).where(eq(cabinetCompartments.cabinetId, cabinet.id));
    for (const { index, batteryNumber, ...fields } of state.compartments) {
      await tx
        .update(cabinetCompartments)
        .set({ ...fields, batteryId: batteryNumber ? (idOf.get(batteryNumber) ?? null) : null })
        .where(and(eq(cabinetCompartments.cabinetId, cabinet.id), eq(cabinetCompartments.index, index)));
    }
    return true;
  });
}

/** Cabinets silent for longer than the timeout go offline (a lost link that left no last will). */
export async function markSilentCabinetsOffline(db: Db, timeoutMs: number): Promise<number> {
  const cutoff = new Date(Date.now() - timeoutMs);
  const updated = await db
    .update(cabinets)
    .set({ online: false, updatedAt: new Date() })
    .where(and(sql`${cabinets.online}`, lt(cabinets.lastReportAt, cutoff)))
    .returning({ id: cabinets.id });
  return updated.length;
}
