import { eq, isNull, or, sql } from 'drizzle-orm';
import type { Currency } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { currencyConfigs } from './currency.table.js';

/**
 * What other modules use to know a tenant's currency without reading its table (docs/architecture.md,
 * "What an entry exports instead of its tables").
 */

/** The merchant's currency: its own setting, else the platform default (IDR if none was ever set). */
export async function merchantCurrency(db: Db, merchantId: number): Promise<Currency> {
  const [row] = await db
    .select({ currency: currencyConfigs.currency })
    .from(currencyConfigs)
    .where(or(eq(currencyConfigs.merchantId, merchantId), isNull(currencyConfigs.merchantId)))
    .orderBy(sql`${currencyConfigs.merchantId} is null`)
    .limit(1);
  return row?.currency ?? 'IDR';
}
