import { and, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cabinetJoin } from '../cabinet/index.js';
import { figureSpan, type FigureSource } from '../dashboard/index.js';
import { swapOrders } from './swap-order.table.js';

/** The energy of energy orders by merchant, cabinet and hour of the swap: what the dashboard's rollups count, for rebuilding them. */
export const energyFigureFacts: FigureSource = {
  span: async (db: Db) => {
    const [row] = await db
      .select({
        first: sql<number | null>`extract(epoch from min(${swapOrders.swapAt}))::float8`,
        last: sql<number | null>`extract(epoch from max(${swapOrders.swapAt}))::float8`,
      })
      .from(swapOrders)
      .where(isNotNull(swapOrders.energyKwh));
    return figureSpan(row);
  },
  facts: (db, from, to) => energyFacts(db, from, to),
};

async function energyFacts(db: Db, from: Date, to: Date) {
  const cabinet = cabinetJoin(swapOrders.cabinetId);
  const hour = sql<string>`to_char(${swapOrders.swapAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00')`;
  const rows = await db
    .select({
      merchantId: swapOrders.merchantId,
      cabinetId: swapOrders.cabinetId,
      stationId: cabinet.stationId,
      hour,
      energy: sql<string>`sum(${swapOrders.energyKwh})::text`,
    })
    .from(swapOrders)
    .innerJoin(cabinet.join.table, cabinet.join.on)
    .where(and(isNotNull(swapOrders.energyKwh), gte(swapOrders.swapAt, from), lt(swapOrders.swapAt, to)))
    .groupBy(swapOrders.merchantId, swapOrders.cabinetId, cabinet.stationId, hour);
  return rows.map((row) => ({
    merchantId: row.merchantId,
    at: new Date(`${row.hour}Z`),
    cabinet: { id: row.cabinetId, stationId: row.stationId },
    energyKwh: Number(row.energy),
  }));
}
