import { and, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cabinetJoin } from '../cabinet/index.js';
import { columnSpan, factFields, type FigureSource } from '../dashboard/index.js';
import { swapOrders } from './swap-order.table.js';

/** The energy of energy orders by merchant, cabinet and hour of the swap: what the dashboard's rollups count, for rebuilding them. */
export const energyFigureFacts: FigureSource = {
  span: (db: Db) => columnSpan(db, swapOrders.swapAt, isNotNull(swapOrders.energyKwh)),
  facts: (db, from, to) => energyFacts(db, from, to),
};

function energyFacts(db: Db, from: Date, to: Date) {
  const cabinet = cabinetJoin(swapOrders.cabinetId);
  const { fields, groupBy } = factFields({
    at: swapOrders.swapAt,
    merchantId: swapOrders.merchantId,
    cabinet: { id: swapOrders.cabinetId, stationId: cabinet.stationId },
    counters: { energyKwh: sql`sum(${swapOrders.energyKwh})` },
  });
  return db
    .select(fields)
    .from(swapOrders)
    .innerJoin(cabinet.join.table, cabinet.join.on)
    .where(and(isNotNull(swapOrders.energyKwh), gte(swapOrders.swapAt, from), lt(swapOrders.swapAt, to)))
    .groupBy(...groupBy);
}
