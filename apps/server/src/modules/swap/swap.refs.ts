import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { swapRecords } from './swap.table.js';

/**
 * What other modules use to read swap records without their table (docs/architecture.md, "What an
 * entry exports instead of its tables"): the succeeded swaps a vehicle was served per calendar day
 * of `timeZone` between the instants `from` (included) and `to` (excluded), as a query of `day`
 * (date) and `swaps`, for the caller's statement. Served by swap_record_vehicle_started_idx.
 */
export function vehicleSwapDays(vehicleId: number, from: SQL, to: SQL, timeZone: string): SQL {
  return sql`select (${swapRecords.startedAt} at time zone ${timeZone})::date as day, count(*)::int as swaps
    from ${swapRecords}
    where ${swapRecords.vehicleId} = ${vehicleId} and ${swapRecords.result} = 'SUCCEEDED'
      and ${swapRecords.startedAt} >= ${from} and ${swapRecords.startedAt} < ${to}
    group by 1`;
}

/**
 * The cabinets with at least `atLeast` failed swaps started since `since`, with their count: what a
 * business alarm rule on failed swaps reads (docs/alarms.md, "Business rules"). Served by
 * swap_record_started_idx (the window is minutes to hours of swaps).
 */
export function swapFailuresByCabinet(db: Db, since: Date, atLeast: number): Promise<{ cabinetId: number; failures: number }[]> {
  return db
    .select({ cabinetId: swapRecords.cabinetId, failures: sql<number>`count(*)::int` })
    .from(swapRecords)
    .where(and(gte(swapRecords.startedAt, since), eq(swapRecords.result, 'FAILED')))
    .groupBy(swapRecords.cabinetId)
    .having(sql`count(*) >= ${atLeast}`);
}
