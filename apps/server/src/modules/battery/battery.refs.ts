import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { batteries } from './battery.table.js';

/**
 * What other modules read of batteries without reading the table (docs/architecture.md,
 * "Boundaries").
 */

/** Number, charge and distribution status of the batteries with these ids (one query). */
export async function batteriesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: batteries.id, number: batteries.number, soc: batteries.soc, distributionStatus: batteries.distributionStatus })
    .from(batteries)
    .where(inArray(batteries.id, ids));
}
