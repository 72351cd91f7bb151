import { and, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { columnSpan, factFields, type FigureSource } from '../dashboard/index.js';
import { deviceOrders } from './device-order.table.js';

/** Vehicles and batteries sold (orders paid) by merchant and hour paid: what the dashboard's rollups count, for rebuilding them. */
export const saleFigureFacts: FigureSource = {
  span: (db: Db) => columnSpan(db, deviceOrders.paidAt),
  facts: (db, from, to) => saleFacts(db, from, to),
};

function saleFacts(db: Db, from: Date, to: Date) {
  const { fields, groupBy } = factFields({
    at: deviceOrders.paidAt,
    merchantId: deviceOrders.merchantId,
    counters: {
      vehiclesSold: sql`count(*) filter (where ${deviceOrders.kind} = 'vehicle')`,
      batteriesSold: sql`count(*) filter (where ${deviceOrders.kind} <> 'vehicle')`,
    },
  });
  return db
    .select(fields)
    .from(deviceOrders)
    .where(and(isNotNull(deviceOrders.paidAt), gte(deviceOrders.paidAt, from), lt(deviceOrders.paidAt, to)))
    .groupBy(...groupBy);
}
