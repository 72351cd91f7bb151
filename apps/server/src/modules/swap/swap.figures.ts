import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cabinetJoin } from '../cabinet/index.js';
import type { FigureFact } from '../dashboard/index.js';
import { swapRecords } from './swap.table.js';

/**
 * The succeeded swaps by merchant, cabinet and hour started, read from the swap records: what the
 * dashboard's rollups count, for rebuilding them (the demo, docs/dashboard.md "Upkeep"). The cabinet's
 * station is the one it stands in now.
 */
export async function swapFigureFacts(db: Db): Promise<FigureFact[]> {
  const cabinet = cabinetJoin(swapRecords.cabinetId);
  const hour = sql<string>`to_char(${swapRecords.startedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00')`;
  const rows = await db
    .select({
      merchantId: swapRecords.merchantId,
      cabinetId: swapRecords.cabinetId,
      stationId: cabinet.stationId,
      hour,
      swaps: sql<number>`count(*)::int`,
    })
    .from(swapRecords)
    .innerJoin(cabinet.join.table, cabinet.join.on)
    .where(and(eq(swapRecords.result, 'SUCCEEDED')))
    .groupBy(swapRecords.merchantId, swapRecords.cabinetId, cabinet.stationId, hour);
  return rows.map((row) => ({
    merchantId: row.merchantId,
    at: new Date(`${row.hour}Z`),
    cabinet: { id: row.cabinetId, stationId: row.stationId },
    swaps: row.swaps,
  }));
}
