import { sql } from 'drizzle-orm';
import type { DeviceKind } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { CountedDevice } from '../device-registry/index.js';

/**
 * Locks the stock_count rows an update of these devices will touch (their counters before and
 * after the change), creating missing ones, in key order. The triggers otherwise take the counters
 * row by row in table order, so two opposing stock moves (one in, one out) could each hold the
 * counter the other needs and PostgreSQL would abort one as a deadlock. Call after the devices are
 * locked and before they are updated, inside the same transaction.
 */
export async function lockStockCounters(
  tx: Db,
  kind: DeviceKind,
  devices: readonly CountedDevice[],
  change: Partial<Omit<CountedDevice, 'merchantId'>> & { merchantId?: number | null },
): Promise<void> {
  const keys = new Map<string, [number, number, string, string]>();
  for (const device of devices) {
    const after = { ...device, ...change };
    for (const d of [device, after]) {
      const key: [number, number, string, string] = [d.typeId, d.merchantId ?? 0, d.stockStatus, d.scrapStatus];
      keys.set(key.join('\u0000'), key);
    }
  }
  if (keys.size === 0) return;
  const values = sql.join(
    [...keys.values()].map(
      ([typeId, merchantKey, stock, scrap]) => sql`(${typeId}::int, ${merchantKey}::int, ${stock}::text, ${scrap}::text)`,
    ),
    sql`, `,
  );
  // ON CONFLICT DO UPDATE locks an existing row; ORDER BY makes every writer take them in one order.
  await tx.execute(sql`
    insert into stock_count as c (kind, type_id, merchant_key, stock_status, scrap_status, n)
    select ${kind}, k.type_id, k.merchant_key, k.stock_status, k.scrap_status, 0
    from (values ${values}) as k(type_id, merchant_key, stock_status, scrap_status)
    order by k.type_id, k.merchant_key, k.stock_status, k.scrap_status
    on conflict (kind, type_id, merchant_key, stock_status, scrap_status) do update set n = c.n`);
}
