import { sql, type SQL } from 'drizzle-orm';
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
