import { and, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cabinetJoin } from '../cabinet/index.js';
import { columnSpan, hourAt, utcHour, type FigureSource } from '../dashboard/index.js';
import { swapOrders } from './swap-order.table.js';

/** The energy of energy orders by merchant, cabinet and hour of the swap: what the dashboard's rollups count, for rebuilding them. */
export const energyFigureFacts: FigureSource = {
  span: (db: Db) => columnSpan(db, swapOrders.swapAt, isNotNull(swapOrders.energyKwh)),
  facts: (db, from, to) => energyFacts(db, from, to),
};

async function energyFacts(db: Db, from: Date, to: Date) {
  const cabinet = cabinetJoin(swapOrders.cabinetId);
  const hour = utcHour(swapOrders.swapAt);
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
    at: hourAt(row.hour),
    cabinet: { id: row.cabinetId, stationId: row.stationId },
    energyKwh: Number(row.energy),
  }));
}
