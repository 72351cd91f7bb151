import { and, asc, eq, inArray, isNotNull, like, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import type { ListJoin } from '../../app/list.js';
import { prefixPattern } from '../../app/pagination.js';
import { qualified } from '../../app/sql.js';
import { deviceScope } from '../device-registry/index.js';
import { cabinetCompartments, cabinets } from './cabinet.table.js';

/**
 * What other modules use to refer to a cabinet without reading its tables (docs/architecture.md,
 * "What an entry exports instead of its tables"): joins and subqueries inside the caller's query.
 */

/** The cabinet a row names, joined to it (every such row names one), with the columns the caller selects. */
export function cabinetJoin(cabinetId: PgColumn) {
  return { join: { table: cabinets, on: eq(cabinets.id, cabinetId) } satisfies ListJoin, number: cabinets.number };
}

/** Rows whose cabinet's number starts with this prefix: the cabinets' ids as an `in (…)` condition (the number prefix index). */
export function atCabinetNumberPrefix(db: Db, cabinetId: PgColumn, number: string): SQL {
  return inArray(
    cabinetId,
    db
      .select({ id: cabinets.id })
      .from(cabinets)
      .where(like(cabinets.number, prefixPattern(number))),
  );
}

/** Whether a cabinet is of this type, read inside the caller's query (a type in use stays). */
export function cabinetsOfTypeExist(typeId: Column | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${cabinets} where ${qualified(cabinets.typeId)} = ${qualified(typeId)})`;
}

/** Every compartment holding a battery, with its cabinet's owner, by cabinet id and compartment index. */
export function occupiedCompartments(db: Db) {
  return db
    .select({
      cabinetId: cabinets.id,
      merchantId: cabinets.merchantId,
      index: cabinetCompartments.index,
      state: cabinetCompartments.state,
      batteryId: cabinetCompartments.batteryId,
    })
    .from(cabinetCompartments)
    .innerJoin(cabinets, eq(cabinets.id, cabinetCompartments.cabinetId))
    .where(isNotNull(cabinetCompartments.batteryId))
    .orderBy(asc(cabinets.id), asc(cabinetCompartments.index));
}

/** The cabinet with this number, as its own device message names it (no tenant: the cabinet speaks for itself). */
export async function cabinetByNumber(db: Db, number: string): Promise<{ id: number; merchantId: number | null } | undefined> {
  const [cabinet] = await db.select({ id: cabinets.id, merchantId: cabinets.merchantId }).from(cabinets).where(eq(cabinets.number, number));
  return cabinet;
}

/** The cabinet with this number the caller may see (another tenant's is not found), for a change in the caller's transaction. */
export async function visibleCabinetByNumber(db: Db, ctx: Pick<Ctx, 'principal'>, number: string) {
  const [cabinet] = await db
    .select({ id: cabinets.id, number: cabinets.number, merchantId: cabinets.merchantId, scrapStatus: cabinets.scrapStatus })
    .from(cabinets)
    .where(and(eq(cabinets.number, number), deviceScope(ctx, cabinets.merchantId)));
  return cabinet;
}

/** The numbers of these cabinets. */
export async function cabinetNumbers(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ number: cabinets.number }).from(cabinets).where(inArray(cabinets.id, ids));
  return rows.map((row) => row.number);
}

const slot = (cabinetId: number, index: number) => and(eq(cabinetCompartments.cabinetId, cabinetId), eq(cabinetCompartments.index, index));

/** A compartment of the cabinet, locked for the rest of the caller's transaction; undefined when the cabinet has none of that index. */
export async function lockCompartment(tx: Db, cabinetId: number, index: number) {
  const [compartment] = await tx.select().from(cabinetCompartments).where(slot(cabinetId, index)).for('update');
  return compartment;
}

/** The battery a compartment holds (null when empty); undefined when the cabinet has none of that index. */
export async function compartmentBatteryId(db: Db, cabinetId: number, index: number): Promise<number | null | undefined> {
  const [compartment] = await db
    .select({ batteryId: cabinetCompartments.batteryId })
    .from(cabinetCompartments)
    .where(slot(cabinetId, index));
  return compartment?.batteryId;
}

/** A swap took a battery out of the compartment: the slot is empty, and no compartment names the battery any more. */
export async function takeOutOfCompartment(tx: Db, cabinetId: number, index: number, batteryId: number | undefined): Promise<void> {
  if (batteryId !== undefined)
    await tx.update(cabinetCompartments).set({ batteryId: null }).where(eq(cabinetCompartments.batteryId, batteryId));
  await tx
    .update(cabinetCompartments)
    .set({ batteryId: null, state: 'EMPTY', inPlace: false, batteryLock: 'UNLOCKED', chargerSwitch: 'OFF' })
    .where(slot(cabinetId, index));
}

/**
 * A swap put a battery into the compartment (null: a pack the server does not know): it leaves any
 * other compartment it was last seen in, and is locked in this one, charging unless full.
 */
export async function putIntoCompartment(tx: Db, cabinetId: number, index: number, batteryId: number | null, full: boolean): Promise<void> {
  if (batteryId !== null) await tx.update(cabinetCompartments).set({ batteryId: null }).where(eq(cabinetCompartments.batteryId, batteryId));
  await tx
    .update(cabinetCompartments)
    .set({ batteryId, state: full ? 'FULL' : 'SWAPPABLE', inPlace: true, batteryLock: 'LOCKED', chargerSwitch: full ? 'OFF' : 'ON' })
    .where(slot(cabinetId, index));
}
