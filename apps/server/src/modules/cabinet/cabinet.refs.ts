import { asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cabinetCompartments, cabinets } from './cabinet.table.js';

/**
 * What other modules read of cabinets without reading the tables (docs/architecture.md,
 * "Boundaries").
 */

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
