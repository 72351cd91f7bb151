import { and, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import {
  AUTHORIZE_REFUSALS,
  messageText,
  type AuthorizeRefusal,
  type AuthorizeRequest,
  type AuthorizeResult,
  type SwapEvent,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { batteries } from '../battery/battery.table.js';
import { cabinetCompartments, cabinets } from '../cabinet/cabinet.table.js';
import { vehicles } from '../vehicle/vehicle.table.js';
import { appointments, swapRecords } from './swap.table.js';

/** How long an authorized hand-out holds the battery (mid-swap) when the cabinet never reports the swap. */
export const SWAP_AUTHORIZATION_SECONDS = 300;
/** A returned battery at or above this charge shows as full. */
const FULL_SOC = 95;

/**
 * Records one swap event. A redelivered event (same cabinet and event id) changes nothing. On a
 * succeeded swap the battery out leaves its compartment, the battery in takes its compartment with
 * its charge, and the reservation of the compartment taken from is used; any other result moves
 * nothing. Answers the battery numbers that changed (null when the cabinet is not registered).
 */
export async function applySwapEvent(db: Db, cabinetNumber: string, event: SwapEvent): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [cabinet] = await tx
      .select({ id: cabinets.id, merchantId: cabinets.merchantId })
      .from(cabinets)
      .where(eq(cabinets.number, cabinetNumber));
    if (!cabinet) return null;
    const [record] = await tx
      .insert(swapRecords)
      .values({
        cabinetId: cabinet.id,
        eventId: event.eventId,
        requestId: event.requestId ?? null,
        batteryInNumber: event.batteryIn?.number ?? null,
        batteryInCompartment: event.batteryIn?.compartment ?? null,
        batteryInSoc: event.batteryIn?.soc ?? null,
        batteryOutNumber: event.batteryOut?.number ?? null,
        batteryOutCompartment: event.batteryOut?.compartment ?? null,
        batteryOutSoc: event.batteryOut?.soc ?? null,
        customer: event.customer ?? null,
        startedAt: new Date(event.startedAt),
        endedAt: new Date(event.endedAt),
        result: event.result,
        failureCode: event.failureCode ?? null,
        merchantId: cabinet.merchantId,
      })
      .onConflictDoNothing({ target: [swapRecords.cabinetId, swapRecords.eventId] })
      .returning({ id: swapRecords.id });
    if (!record) return [];
    const numbers = [event.batteryIn?.number, event.batteryOut?.number].filter((n): n is string => n !== undefined);
    // Whatever the result, the swap is over: the batteries are no longer mid-swap, nor the one the
    // authorization held (a failed swap may name no battery at all).
    const held = [
      ...(numbers.length ? [inArray(batteries.number, numbers)] : []),
      ...(event.requestId ? [eq(batteries.swapRequestId, event.requestId)] : []),
    ];
    const released = held.length
      ? await tx
          .update(batteries)
          .set({ swapLockedUntil: null, swapRequestId: null })
          .where(or(...held))
          .returning({ number: batteries.number })
      : [];
    for (const { number } of released) if (!numbers.includes(number)) numbers.push(number);
    // A failed or aborted swap moves nothing here: the cabinet's next state report says where the
    // packs are (a pack may have gone in before the hand-out failed).
    if (event.result !== 'SUCCEEDED' || !event.batteryIn || !event.batteryOut) return numbers;
    const { batteryIn, batteryOut } = event;
    const slot = (index: number) => and(eq(cabinetCompartments.cabinetId, cabinet.id), eq(cabinetCompartments.index, index));
    const [outRow] = await tx
      .update(batteries)
      .set({ soc: batteryOut.soc, updatedAt: new Date() })
      .where(eq(batteries.number, batteryOut.number))
      .returning({ id: batteries.id });
    if (outRow) await tx.update(cabinetCompartments).set({ batteryId: null }).where(eq(cabinetCompartments.batteryId, outRow.id));
    await tx
      .update(cabinetCompartments)
      .set({ batteryId: null, state: 'EMPTY', inPlace: false, batteryLock: 'UNLOCKED', chargerSwitch: 'OFF' })
      .where(slot(batteryOut.compartment));
    const [inRow] = await tx
      .update(batteries)
      .set({ soc: batteryIn.soc, vehicleId: null, updatedAt: new Date() })
      .where(eq(batteries.number, batteryIn.number))
      .returning({ id: batteries.id });
    if (inRow) {
      // A pack sits in one place: released from wherever it was last seen, slot or vehicle.
      await tx.update(cabinetCompartments).set({ batteryId: null }).where(eq(cabinetCompartments.batteryId, inRow.id));
      await tx.update(vehicles).set({ battery1Id: null, updatedAt: new Date() }).where(eq(vehicles.battery1Id, inRow.id));
      await tx.update(vehicles).set({ battery2Id: null, updatedAt: new Date() }).where(eq(vehicles.battery2Id, inRow.id));
    }
    await tx
      .update(cabinetCompartments)
      .set({
        batteryId: inRow?.id ?? null,
        state: batteryIn.soc >= FULL_SOC ? 'FULL' : 'SWAPPABLE',
        inPlace: true,
        batteryLock: 'LOCKED',
        chargerSwitch: batteryIn.soc >= FULL_SOC ? 'OFF' : 'ON',
      })
      .where(slot(batteryIn.compartment));
    const [used] = await tx
      .update(appointments)
      .set({ status: 'USED', closedAt: new Date(event.endedAt), swapId: record.id })
      .where(
        and(
          eq(appointments.cabinetId, cabinet.id),
          eq(appointments.compartment, batteryOut.compartment),
          eq(appointments.status, 'RESERVED'),
        ),
      )
      .returning({ id: appointments.id });
    if (used) await tx.update(swapRecords).set({ appointmentId: used.id }).where(eq(swapRecords.id, record.id));
    return numbers;
  });
}

function refusal(request: AuthorizeRequest, reason: AuthorizeRefusal): AuthorizeResult {
  return {
    requestId: request.requestId,
    ts: new Date().toISOString(),
    allowed: false,
    reason,
    message: messageText(AUTHORIZE_REFUSALS[reason], 'en'),
  };
}

/**
 * Decides whether the cabinet may hand out the battery (spec §4: not while it is being returned,
 * not when unassigned, not scrapped, not mid-swap elsewhere, not from a compartment held for
 * another customer). Granting marks the battery mid-swap. Null when the cabinet is not registered.
 */
export async function authorizeHandout(db: Db, cabinetNumber: string, request: AuthorizeRequest): Promise<AuthorizeResult | null> {
  return db.transaction(async (tx) => {
    const [cabinet] = await tx.select({ id: cabinets.id }).from(cabinets).where(eq(cabinets.number, cabinetNumber));
    if (!cabinet) return null;
    const [battery] = await tx.select().from(batteries).where(eq(batteries.number, request.batteryNumber)).for('update');
    if (!battery) return refusal(request, 'BATTERY_UNKNOWN');
    if (battery.scrapStatus === 'SCRAPPED') return refusal(request, 'BATTERY_SCRAPPED');
    if (battery.returnStatus === 'RETURNING') return refusal(request, 'BATTERY_RETURNING');
    if (battery.distributionStatus !== 'ASSIGNED') return refusal(request, 'BATTERY_UNASSIGNED');
    const now = new Date();
    const midSwap = battery.swapLockedUntil !== null && battery.swapLockedUntil > now;
    if (midSwap && battery.swapRequestId !== request.requestId) return refusal(request, 'BATTERY_MID_SWAP');
    const [slot] = await tx
      .select({ batteryId: cabinetCompartments.batteryId })
      .from(cabinetCompartments)
      .where(and(eq(cabinetCompartments.cabinetId, cabinet.id), eq(cabinetCompartments.index, request.compartment)));
    if (!slot || slot.batteryId !== battery.id) return refusal(request, 'BATTERY_NOT_IN_COMPARTMENT');
    const [heldForOther] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.cabinetId, cabinet.id),
          eq(appointments.compartment, request.compartment),
          eq(appointments.status, 'RESERVED'),
          sql`${appointments.expiresAt} > ${now}`,
          ne(appointments.customer, request.customer),
        ),
      );
    if (heldForOther) return refusal(request, 'COMPARTMENT_RESERVED');
    const expiresAt = midSwap ? battery.swapLockedUntil! : new Date(now.getTime() + SWAP_AUTHORIZATION_SECONDS * 1000);
    await tx.update(batteries).set({ swapLockedUntil: expiresAt, swapRequestId: request.requestId }).where(eq(batteries.id, battery.id));
    return { requestId: request.requestId, ts: now.toISOString(), allowed: true, expiresAt: expiresAt.toISOString() };
  });
}

/** Reservations past their time are closed as EXPIRED; answers the cabinets whose compartments were freed. */
export async function expireAppointments(db: Db, now = new Date()): Promise<string[]> {
  const expired = await db
    .update(appointments)
    .set({ status: 'EXPIRED', closedAt: sql`${appointments.expiresAt}` })
    .where(and(eq(appointments.status, 'RESERVED'), lte(appointments.expiresAt, now)))
    .returning({ cabinetId: appointments.cabinetId });
  const ids = [...new Set(expired.map((row) => row.cabinetId))];
  if (ids.length === 0) return [];
  const rows = await db.select({ number: cabinets.number }).from(cabinets).where(inArray(cabinets.id, ids));
  return rows.map((row) => row.number);
}
