import { desc, like, sql } from 'drizzle-orm';
import type { StockBatchRecord, StockDirection, StockMove } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { recordAudit } from '../audit-log/index.js';
import { chunks, lockDevices, lockStockCounters, refuseScrapped, type DeviceKindDef } from '../device-registry/index.js';
import { stockBatchItems, stockBatches } from './stock.table.js';
import { stockBatchById } from './stock.query.js';

/** Any fixed key: batch numbering is serialized across server instances for the transaction only. */
const BATCH_NUMBER_LOCK = 7_320_001;

/** SB + UTC date + daily sequence: SB20261121-0001. Call inside the transaction that inserts the batch. */
async function nextBatchNumber(tx: Db, now: Date): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BATCH_NUMBER_LOCK})`);
  const prefix = `SB${now.toISOString().slice(0, 10).replaceAll('-', '')}-`;
  const [last] = await tx
    .select({ number: stockBatches.number })
    .from(stockBatches)
    .where(like(stockBatches.number, `${prefix}%`))
    .orderBy(desc(stockBatches.id))
    .limit(1);
  const sequence = last ? Number(last.number.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(sequence).padStart(4, '0')}`;
}

/** The one value every row shares, or null when they differ. */
function shared<T>(values: T[]): T | null {
  const first = values[0];
  return first !== undefined && values.every((value) => value === first) ? first : null;
}

/**
 * POST /stock/<kind>/in and /out: every number in one transaction, recorded as one batch, or
 * nothing at all. Out refuses a device already out ("repeatOutOfStock") or scrapped; in refuses a
 * device already in ("repeatInStock"). The refusal lists the numbers at fault.
 */
export async function moveStock(ctx: Ctx, def: DeviceKindDef, direction: StockDirection, body: StockMove): Promise<StockBatchRecord> {
  const numbers = [...new Set(body.numbers)];
  const id = await ctx.db.transaction(async (tx) => {
    const rows = await lockDevices(tx, ctx, def, { numbers });
    const already = rows.filter((row) => row.stockStatus === direction).map((row) => row.number);
    if (already.length)
      throw new AppError(direction === 'OUTSTOCK' ? 'repeatOutOfStock' : 'repeatInStock', undefined, { numbers: already });
    if (direction === 'OUTSTOCK') refuseScrapped(rows);
    const ids = rows.map((row) => row.id);
    await lockStockCounters(tx, def.kind, rows, { stockStatus: direction });
    await def.setStockStatus(tx, ids, direction);
    const now = new Date();
    const [batch] = await tx
      .insert(stockBatches)
      .values({
        number: await nextBatchNumber(tx, now),
        kind: def.kind,
        direction,
        typeId: shared(rows.map((row) => row.typeId)),
        quantity: rows.length,
        operatorId: ctx.principal.id,
        operatorName: ctx.principal.username,
        merchantId: shared(rows.map((row) => row.merchantId)),
        remark: body.remark,
        createdAt: now,
      })
      .returning({ id: stockBatches.id, number: stockBatches.number });
    for (const part of chunks(rows, 1000)) {
      await tx
        .insert(stockBatchItems)
        .values(part.map((row) => ({ batchId: batch!.id, deviceId: row.id, deviceNumber: row.number, typeId: row.typeId })));
    }
    await recordAudit(tx, ctx, {
      action: `stock.${def.kind}.${direction === 'INSTOCK' ? 'in' : 'out'}`,
      objectType: 'stockBatch',
      objectId: batch!.id,
      changes: { number: batch!.number, quantity: rows.length, numbers, remark: body.remark },
    });
    return batch!.id;
  });
  return stockBatchById(ctx, def.kind, id);
}
