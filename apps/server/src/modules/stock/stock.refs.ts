import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { stockBatches, stockCounts } from './stock.table.js';

/**
 * What other modules ask of the stock records without reading its tables (docs/architecture.md,
 * "What an entry exports instead of its tables"); each takes the caller's transaction.
 */

/** Whether a stock move names devices of this type (the type then stays, as history). */
export async function typeHasStockHistory(tx: Db, typeId: number): Promise<boolean> {
  const [batch] = await tx.select({ id: stockBatches.id }).from(stockBatches).where(eq(stockBatches.typeId, typeId)).limit(1);
  return batch !== undefined;
}

/** Drops the stock counters of a type that has no devices (they all hold 0), before the type goes. */
export async function removeStockCountsOfType(tx: Db, typeId: number): Promise<void> {
  await tx.delete(stockCounts).where(eq(stockCounts.typeId, typeId));
}
