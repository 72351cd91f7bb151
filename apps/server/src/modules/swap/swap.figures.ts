import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cabinetJoin } from '../cabinet/index.js';
import { columnSpan, hourAt, utcHour, type FigureSource } from '../dashboard/index.js';
import { swapRecords } from './swap.table.js';

/**
 * The succeeded swaps by merchant, cabinet and hour started, read from the swap records: what the
 * dashboard's rollups count, for rebuilding them (the demo, docs/dashboard.md "Upkeep"). The cabinet's
 * station is the one it stands in now. Read a window of start times at a time.
 */
export const swapFigureFacts: FigureSource = {
  span: (db: Db) => columnSpan(db, swapRecords.startedAt, eq(swapRecords.result, 'SUCCEEDED')),
  facts: (db, from, to) => swapFacts(db, from, to),
};

async function swapFacts(db: Db, from: Date, to: Date) {
  const cabinet = cabinetJoin(swapRecords.cabinetId);
  const hour = utcHour(swapRecords.startedAt);
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
    .where(and(eq(swapRecords.result, 'SUCCEEDED'), gte(swapRecords.startedAt, from), lt(swapRecords.startedAt, to)))
    .groupBy(swapRecords.merchantId, swapRecords.cabinetId, cabinet.stationId, hour);
  return rows.map((row) => ({
    merchantId: row.merchantId,
    at: hourAt(row.hour),
    cabinet: { id: row.cabinetId, stationId: row.stationId },
    swaps: row.swaps,
  }));
}
