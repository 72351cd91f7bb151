import { and, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { figureSpan, type FigureSource } from '../dashboard/index.js';
import { deviceOrders } from './device-order.table.js';

/** Vehicles and batteries sold (orders paid) by merchant and hour paid: what the dashboard's rollups count, for rebuilding them. */
export const saleFigureFacts: FigureSource = {
  span: async (db: Db) => {
    const [row] = await db
      .select({
        first: sql<number | null>`extract(epoch from min(${deviceOrders.paidAt}))::float8`,
        last: sql<number | null>`extract(epoch from max(${deviceOrders.paidAt}))::float8`,
      })
      .from(deviceOrders);
    return figureSpan(row);
  },
  facts: (db, from, to) => saleFacts(db, from, to),
};

async function saleFacts(db: Db, from: Date, to: Date) {
  const hour = sql<string>`to_char(${deviceOrders.paidAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00')`;
  const rows = await db
    .select({ merchantId: deviceOrders.merchantId, kind: deviceOrders.kind, hour, sold: sql<number>`count(*)::int` })
    .from(deviceOrders)
    .where(and(isNotNull(deviceOrders.paidAt), gte(deviceOrders.paidAt, from), lt(deviceOrders.paidAt, to)))
    .groupBy(deviceOrders.merchantId, deviceOrders.kind, hour);
  return rows.map((row) => ({
    merchantId: row.merchantId,
    at: new Date(`${row.hour}Z`),
    ...(row.kind === 'vehicle' ? { vehiclesSold: row.sold } : { batteriesSold: row.sold }),
  }));
}
