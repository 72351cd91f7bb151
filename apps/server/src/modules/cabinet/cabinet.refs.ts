import { asc, eq, inArray, isNotNull, like, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import type { ListJoin } from '../../app/list.js';
import { prefixPattern } from '../../app/pagination.js';
import { qualified } from '../../app/sql.js';
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
