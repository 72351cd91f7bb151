import { and, eq, lte, ne, sql } from 'drizzle-orm';
import {
  AUTHORIZE_REFUSALS,
  messageText,
  type AuthorizeRefusal,
  type AuthorizeRequest,
  type AuthorizeResult,
  type SwapEvent,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import {
  batteryIdOf,
  batteryOwners,
  endSwapHolds,
  holdForSwap,
  lockSwapBattery,
  passBatteryHolder,
  pointBatteriesAtVehicles,
  recordSwappedBattery,
} from '../battery/index.js';
import {
  cabinetByNumber,
  cabinetNumbers,
  cabinetStationId,
  compartmentBatteryId,
  putIntoCompartment,
  takeOutOfCompartment,
} from '../cabinet/index.js';
import { countFigures } from '../dashboard/index.js';
import { customerIdByNumber } from '../customer/index.js';
import { dropBatteriesFromVehicles, putSwappedBattery, servedVehicle } from '../vehicle/index.js';
import { recordAnonymousAudit } from '../audit-log/index.js';
import { appointments, swapRecords } from './swap.table.js';

/** A device message refused for naming batteries of another owner: kept in the audit log, under the cabinet's tenant. */
export async function auditDeviceRefusal(
  db: Db,
  cabinet: { number: string; merchantId: number | null },
  changes: { channel: string; batteries: string[] } & Record<string, unknown>,
): Promise<void> {
  await recordAnonymousAudit(
    db,
    { username: cabinet.number, accountId: null, merchantId: cabinet.merchantId, ip: '' },
    { action: 'cabinet.refused', objectType: 'cabinet', objectId: cabinet.number, changes, success: false },
  );
}

/**
 * Registered batteries among the numbers that the cabinet's owner does not own: a cabinet handles
 * only batteries of its own owner, a merchant's cabinet its merchant's, a platform cabinet (no
 * merchant) the platform's own stock (docs/device-protocol.md, "Batteries a cabinet may handle").
 */
async function otherOwners(db: Db, merchantId: number | null, numbers: string[]): Promise<string[]> {
  const rows = await batteryOwners(db, numbers);
  return rows.filter((row) => row.merchantId !== merchantId).map((row) => row.number);
}

/** What a swap event did: the batteries whose records changed, and those refused as another owner's. */
export interface SwapOutcome {
  changed: string[];
  refused: string[];
}

/**
 * Told of each swap recorded, in its transaction, with the result as recorded (a refused one as
 * FAILED): the external systems queue their webhooks this way (docs/operation-centre.md).
 */
export type SwapRecorded = (
  tx: Db,
  cabinet: { id: number; number: string; merchantId: number | null },
  swap: RecordedSwap,
) => Promise<unknown>;

/** A swap as recorded: its event, with the result and failure the record keeps. */
export interface RecordedSwap {
  /** The swap record's id. */
  id: number;
  eventId: string;
  /** The customer as the cabinet read it. */
  customer: string | null;
  /** The meter readings of the charge of the pack handed out, when the cabinet sent them. */
  meter: { startKwh: number; endKwh: number } | null;
  result: string;
  failureCode: string | null;
  batteryIn: { number: string; compartment: number; soc: number } | null;
  batteryOut: { number: string; compartment: number; soc: number } | null;
  startedAt: string;
  endedAt: string;
}

/** How long an authorized hand-out holds the battery (mid-swap) when the cabinet never reports the swap. */
export const SWAP_AUTHORIZATION_SECONDS = 300;
/** A returned battery at or above this charge shows as full. */
const FULL_SOC = 95;

/**
 * Records one swap event. A redelivered event (same cabinet and event id) changes nothing. On a
 * succeeded swap the battery out leaves its compartment, the battery in takes its compartment with
 * its charge, and the reservation of the compartment taken from is used; any other result moves
 * nothing. An event naming a battery of another owner is recorded as failed (BATTERY_OTHER_OWNER),
 * moves nothing and touches no battery of that owner. The record names the vehicle served (the
 * owner's vehicle holding the returned pack, else the one whose number is the customer); after a
 * succeeded swap that vehicle holds the pack handed out where the returned one was. The record
 * keeps the customer number as read and refers to the owner's customer of that number, if any.
 * Null when the cabinet is not registered.
 */
export async function applySwapEvent(
  db: Db,
  cabinetNumber: string,
  event: SwapEvent,
  recorded?: SwapRecorded,
): Promise<SwapOutcome | null> {
  return db.transaction(async (tx) => {
    const cabinet = await cabinetByNumber(tx, cabinetNumber);
    if (!cabinet) return null;
    const named = [event.batteryIn?.number, event.batteryOut?.number].filter((n): n is string => n !== undefined);
    const refused = await otherOwners(tx, cabinet.merchantId, named);
    const vehicle = refused.length
      ? null
      : await servedVehicle(tx, cabinet.merchantId, event.batteryIn ? batteryIdOf(event.batteryIn.number) : null, event.customer ?? null);
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
        // The owner's customer of that number (a platform cabinet's swaps name none).
        customerId: event.customer && cabinet.merchantId !== null ? customerIdByNumber(cabinet.merchantId, event.customer) : null,
        startedAt: new Date(event.startedAt),
        endedAt: new Date(event.endedAt),
        ...(refused.length
          ? { result: 'FAILED' as const, failureCode: 'BATTERY_OTHER_OWNER' as const }
          : { result: event.result, failureCode: event.failureCode ?? null }),
        vehicleId: vehicle?.id ?? null,
        merchantId: cabinet.merchantId,
      })
      .onConflictDoNothing({ target: [swapRecords.cabinetId, swapRecords.eventId] })
      .returning({ id: swapRecords.id });
    if (!record) return { changed: [], refused: [] };
    // The dashboard counts a succeeded swap in the hour it started, in this transaction (docs/dashboard.md).
    if (!refused.length && event.result === 'SUCCEEDED')
      await countFigures(tx, [
        {
          merchantId: cabinet.merchantId,
          at: new Date(event.startedAt),
          cabinet: { id: cabinet.id, stationId: await cabinetStationId(tx, cabinet.id) },
          swaps: 1,
        },
      ]);
    await recorded?.(
      tx,
      { id: cabinet.id, number: cabinetNumber, merchantId: cabinet.merchantId },
      {
        id: record.id,
        eventId: event.eventId,
        customer: event.customer ?? null,
        meter: event.meter ?? null,
        batteryIn: event.batteryIn ?? null,
        batteryOut: event.batteryOut ?? null,
        startedAt: event.startedAt,
        endedAt: event.endedAt,
        ...(refused.length
          ? { result: 'FAILED', failureCode: 'BATTERY_OTHER_OWNER' }
          : { result: event.result, failureCode: event.failureCode ?? null }),
      },
    );
    if (refused.length)
      await auditDeviceRefusal(
        tx,
        { number: cabinetNumber, merchantId: cabinet.merchantId },
        { channel: 'event', eventId: event.eventId, result: event.result, batteries: refused },
      );
    const numbers = named.filter((n) => !refused.includes(n));
    // Whatever the result, the swap is over: the batteries are no longer mid-swap, nor the one the
    // authorization held (a failed swap may name no battery at all). Only the owner's own: another
    // owner's battery may be mid-swap in its own cabinet.
    const released = await endSwapHolds(tx, cabinet.merchantId, numbers, event.requestId);
    for (const number of released) if (!numbers.includes(number)) numbers.push(number);
    // A failed or aborted swap moves nothing here: the cabinet's next state report says where the
    // packs are (a pack may have gone in before the hand-out failed). A refused one moves nothing at all.
    if (refused.length || event.result !== 'SUCCEEDED' || !event.batteryIn || !event.batteryOut) return { changed: numbers, refused };
    const { batteryIn, batteryOut } = event;
    const at = new Date();
    const place = (compartment: number) => ({ cabinet: cabinetNumber, compartment });
    const outId = await recordSwappedBattery(tx, batteryOut.number, batteryOut.soc, false, place(batteryOut.compartment), at);
    await takeOutOfCompartment(tx, cabinet.id, batteryOut.compartment, outId);
    const inId = await recordSwappedBattery(tx, batteryIn.number, batteryIn.soc, true, place(batteryIn.compartment), at);
    // A pack sits in one place: released from wherever it was last seen, slot or vehicle.
    if (inId !== undefined) await dropBatteriesFromVehicles(tx, [inId]);
    if (vehicle?.slot && outId !== undefined) {
      await putSwappedBattery(tx, vehicle, outId);
      await pointBatteriesAtVehicles(tx, [[outId, vehicle.id]]);
    }
    // A held pack brought back: its holder leaves with the pack handed out.
    if (inId !== undefined && outId !== undefined) await passBatteryHolder(tx, inId, outId);
    await putIntoCompartment(tx, cabinet.id, batteryIn.compartment, inId ?? null, batteryIn.soc >= FULL_SOC);
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
    return { changed: numbers, refused };
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
 * Decides whether the cabinet may hand out the battery (not while it is being returned,
 * not when unassigned, not scrapped, not mid-swap elsewhere, not from a compartment held for
 * another customer; and only its owner's batteries, handed out or brought back). Granting marks
 * the battery mid-swap. Null when the cabinet is not registered.
 */
export async function authorizeHandout(db: Db, cabinetNumber: string, request: AuthorizeRequest): Promise<AuthorizeResult | null> {
  return db.transaction(async (tx) => {
    const cabinet = await cabinetByNumber(tx, cabinetNumber);
    if (!cabinet) return null;
    // Before any other rule (and any lock), so nothing about another owner's battery is told or held.
    const refused = await otherOwners(tx, cabinet.merchantId, [
      request.batteryNumber,
      ...(request.batteryInNumber ? [request.batteryInNumber] : []),
    ]);
    if (refused.length) {
      await auditDeviceRefusal(
        tx,
        { number: cabinetNumber, merchantId: cabinet.merchantId },
        { channel: 'authorize', requestId: request.requestId, batteries: refused },
      );
      return refusal(request, 'BATTERY_OTHER_OWNER');
    }
    const battery = await lockSwapBattery(tx, request.batteryNumber);
    if (!battery) return refusal(request, 'BATTERY_UNKNOWN');
    if (battery.scrapStatus === 'SCRAPPED') return refusal(request, 'BATTERY_SCRAPPED');
    if (battery.returnStatus === 'RETURNING') return refusal(request, 'BATTERY_RETURNING');
    if (battery.distributionStatus !== 'ASSIGNED') return refusal(request, 'BATTERY_UNASSIGNED');
    const now = new Date();
    const midSwap = battery.swapLockedUntil !== null && battery.swapLockedUntil > now;
    if (midSwap && battery.swapRequestId !== request.requestId) return refusal(request, 'BATTERY_MID_SWAP');
    const inCompartment = await compartmentBatteryId(tx, cabinet.id, request.compartment);
    if (inCompartment !== battery.id) return refusal(request, 'BATTERY_NOT_IN_COMPARTMENT');
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
    await holdForSwap(tx, battery.id, expiresAt, request.requestId);
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
  return cabinetNumbers(db, [...new Set(expired.map((row) => row.cabinetId))]);
}
