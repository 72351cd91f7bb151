import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cabinetJoin } from '../cabinet/index.js';
import { columnSpan, factFields, type FigureSource } from '../dashboard/index.js';
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

function swapFacts(db: Db, from: Date, to: Date) {
  const cabinet = cabinetJoin(swapRecords.cabinetId);
  const { fields, groupBy } = factFields({
    at: swapRecords.startedAt,
    merchantId: swapRecords.merchantId,
    cabinet: { id: swapRecords.cabinetId, stationId: cabinet.stationId },
    counters: { swaps: sql`count(*)::int` },
  });
  return db
    .select(fields)
    .from(swapRecords)
    .innerJoin(cabinet.join.table, cabinet.join.on)
    .where(and(eq(swapRecords.result, 'SUCCEEDED'), gte(swapRecords.startedAt, from), lt(swapRecords.startedAt, to)))
    .groupBy(...groupBy);
}
