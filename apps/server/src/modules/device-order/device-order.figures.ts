import { isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { FigureFact } from '../dashboard/index.js';
import { deviceOrders } from './device-order.table.js';

/** Vehicles and batteries sold (orders paid) by merchant and hour paid: what the dashboard's rollups count, for rebuilding them. */
export async function saleFigureFacts(db: Db): Promise<FigureFact[]> {
  const hour = sql<string>`to_char(${deviceOrders.paidAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00')`;
  const rows = await db
    .select({ merchantId: deviceOrders.merchantId, kind: deviceOrders.kind, hour, sold: sql<number>`count(*)::int` })
    .from(deviceOrders)
    .where(isNotNull(deviceOrders.paidAt))
    .groupBy(deviceOrders.merchantId, deviceOrders.kind, hour);
  return rows.map((row) => ({
    merchantId: row.merchantId,
    at: new Date(`${row.hour}Z`),
    ...(row.kind === 'vehicle' ? { vehiclesSold: row.sold } : { batteriesSold: row.sold }),
  }));
}
