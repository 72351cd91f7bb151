import { and, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { columnSpan, hourAt, utcHour, type FigureSource } from '../dashboard/index.js';
import { deviceOrders } from './device-order.table.js';

/** Vehicles and batteries sold (orders paid) by merchant and hour paid: what the dashboard's rollups count, for rebuilding them. */
export const saleFigureFacts: FigureSource = {
  span: (db: Db) => columnSpan(db, deviceOrders.paidAt),
  facts: (db, from, to) => saleFacts(db, from, to),
};

async function saleFacts(db: Db, from: Date, to: Date) {
  const hour = utcHour(deviceOrders.paidAt);
  const rows = await db
    .select({ merchantId: deviceOrders.merchantId, kind: deviceOrders.kind, hour, sold: sql<number>`count(*)::int` })
    .from(deviceOrders)
    .where(and(isNotNull(deviceOrders.paidAt), gte(deviceOrders.paidAt, from), lt(deviceOrders.paidAt, to)))
    .groupBy(deviceOrders.merchantId, deviceOrders.kind, hour);
  return rows.map((row) => ({
    merchantId: row.merchantId,
    at: hourAt(row.hour),
    ...(row.kind === 'vehicle' ? { vehiclesSold: row.sold } : { batteriesSold: row.sold }),
  }));
}
