import { and, asc, desc, eq, gte, ilike, like, lte, sql, type SQL } from 'drizzle-orm';
import type {
  DeviceKind,
  Page,
  StockBatchDetail,
  StockBatchDetailQuery,
  StockBatchRecord,
  StockBatchSearch,
  StockSummaryRecord,
  StockSummarySearch,
} from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { notFound } from '../../app/errors.js';
import { countAll, likePattern, orderBy, pageWindow, prefixPattern, toPage } from '../../app/pagination.js';
import { EXPORT_MAX_ROWS } from '../../app/csv.js';
import { keysetChunks, keysetOrder } from '../../app/keyset.js';
import { merchants } from '../merchant/merchant.table.js';
import { deviceTypes } from '../device-type/device-type.table.js';
import { stockBatchItems, stockBatches, stockCounts } from './stock.table.js';

/** Merchant staff see the batches of their own devices; platform staff see all. */
function batchScope(ctx: Pick<Ctx, 'principal'>): SQL | undefined {
  const own = ctx.principal.merchantId;
  return own === null ? undefined : eq(stockBatches.merchantId, own);
}

function batchFilters(ctx: Ctx, kind: DeviceKind, query: Omit<StockBatchSearch, 'current' | 'size' | 'sort'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(stockBatches.kind, kind), batchScope(ctx)];
  if (query.number) conditions.push(like(stockBatches.number, prefixPattern(query.number)));
  if (query.direction) conditions.push(eq(stockBatches.direction, query.direction));
  if (query.typeId) conditions.push(eq(stockBatches.typeId, query.typeId));
  if (query.operatorName) conditions.push(ilike(stockBatches.operatorName, likePattern(query.operatorName)));
  if (query.from) conditions.push(gte(stockBatches.createdAt, new Date(query.from)));
  if (query.to) conditions.push(lte(stockBatches.createdAt, new Date(query.to)));
  return and(...conditions);
}

const batchColumns = {
  batch: stockBatches,
  typeCode: deviceTypes.code,
  typeName: deviceTypes.name,
  merchantName: merchants.name,
};

interface BatchRow {
  batch: typeof stockBatches.$inferSelect;
  typeCode: string | null;
  typeName: string | null;
  merchantName: string | null;
}

function presentBatch({ batch, ...joined }: BatchRow): StockBatchRecord {
  return { ...batch, ...joined, createdAt: batch.createdAt.toISOString() };
}

function batchesJoined(ctx: Ctx) {
  return ctx.db
    .select(batchColumns)
    .from(stockBatches)
    .leftJoin(deviceTypes, eq(deviceTypes.id, stockBatches.typeId))
    .leftJoin(merchants, eq(merchants.id, stockBatches.merchantId));
}

const BATCH_SORTABLE = { number: stockBatches.number, createdAt: stockBatches.createdAt, quantity: stockBatches.quantity };

export async function searchStockBatches(ctx: Ctx, kind: DeviceKind, query: StockBatchSearch): Promise<Page<StockBatchRecord>> {
  const where = batchFilters(ctx, kind, query);
  const { limit, offset } = pageWindow(query);
  const rows: BatchRow[] = await batchesJoined(ctx)
    .where(where)
    .orderBy(...orderBy(query.sort, BATCH_SORTABLE, [], stockBatches.id))
    .limit(limit)
    .offset(offset);
  const [count] = await ctx.db.select({ n: countAll }).from(stockBatches).where(where);
  return toPage(rows.map(presentBatch), count?.n ?? 0, query);
}

/** Every batch of the filter in the list's order, in keyset chunks (streamed to the CSV). */
export function exportStockBatchChunks(ctx: Ctx, kind: DeviceKind, query: StockBatchSearch): AsyncGenerator<StockBatchRecord[]> {
  return keysetChunks({
    table: stockBatches,
    id: stockBatches.id,
    order: keysetOrder(query.sort, BATCH_SORTABLE),
    where: batchFilters(ctx, kind, query),
    max: EXPORT_MAX_ROWS,
    fetch: async (where, order, limit) =>
      (
        (await batchesJoined(ctx)
          .where(where)
          .orderBy(...order)
          .limit(limit)) as BatchRow[]
      ).map(presentBatch),
    idOf: (row) => row.id,
  });
}

/** A batch of the kind the caller may see, or "record does not exist". */
export async function stockBatchById(ctx: Ctx, kind: DeviceKind, id: number): Promise<StockBatchRecord> {
  const [row] = await batchesJoined(ctx).where(and(eq(stockBatches.id, id), eq(stockBatches.kind, kind), batchScope(ctx)));
  if (!row) throw notFound();
  return presentBatch(row);
}

/** The batch and one page of its devices (a batch holds up to 1,000). */
export async function stockBatchDetail(ctx: Ctx, kind: DeviceKind, query: StockBatchDetailQuery): Promise<StockBatchDetail> {
  const batch = await stockBatchById(ctx, kind, query.id);
  const { limit, offset } = pageWindow(query);
  const items = await ctx.db
    .select({
      deviceId: stockBatchItems.deviceId,
      number: stockBatchItems.deviceNumber,
      typeId: stockBatchItems.typeId,
      typeCode: deviceTypes.code,
      typeName: deviceTypes.name,
    })
    .from(stockBatchItems)
    .innerJoin(deviceTypes, eq(deviceTypes.id, stockBatchItems.typeId))
    .where(eq(stockBatchItems.batchId, batch.id))
    .orderBy(asc(stockBatchItems.deviceNumber))
    .limit(limit)
    .offset(offset);
  return { batch, items: toPage(items, batch.quantity, query) };
}

/**
 * In and out counts per type and owner from stock_count (a handful of rows kept by triggers),
 * never a GROUP BY over the device table.
 */
function summaryGroups(ctx: Ctx, kind: DeviceKind, query: Omit<StockSummarySearch, 'current' | 'size' | 'sort'>) {
  const own = ctx.principal.merchantId;
  const owner = query.merchantId ?? null;
  const where = and(
    eq(stockCounts.kind, kind),
    own === null ? undefined : eq(stockCounts.merchantKey, own),
    owner === null ? undefined : eq(stockCounts.merchantKey, owner),
    query.typeId ? eq(stockCounts.typeId, query.typeId) : undefined,
  );
  return ctx.db
    .select({
      typeId: sql<number>`${stockCounts.typeId}`.as('type_id'),
      merchantKey: sql<number>`${stockCounts.merchantKey}`.as('merchant_key'),
      inStock: sql<number>`coalesce(sum(${stockCounts.n}) filter (where ${stockCounts.stockStatus} = 'INSTOCK'), 0)::int`.as('in_stock'),
      outStock: sql<number>`coalesce(sum(${stockCounts.n}) filter (where ${stockCounts.stockStatus} = 'OUTSTOCK'), 0)::int`.as('out_stock'),
      scrapped: sql<number>`coalesce(sum(${stockCounts.n}) filter (where ${stockCounts.scrapStatus} = 'SCRAPPED'), 0)::int`.as('scrapped'),
      total: sql<number>`sum(${stockCounts.n})::int`.as('total'),
    })
    .from(stockCounts)
    .where(where)
    .groupBy(stockCounts.typeId, stockCounts.merchantKey)
    .having(sql`sum(${stockCounts.n}) > 0`)
    .as('groups');
}

async function summaryRows(
  ctx: Ctx,
  kind: DeviceKind,
  query: StockSummarySearch,
  window: { limit: number; offset: number },
): Promise<StockSummaryRecord[]> {
  const groups = summaryGroups(ctx, kind, query);
  const rows = await ctx.db
    .select({
      typeId: groups.typeId,
      typeCode: deviceTypes.code,
      typeName: deviceTypes.name,
      merchantKey: groups.merchantKey,
      merchantName: merchants.name,
      inStock: groups.inStock,
      outStock: groups.outStock,
      scrapped: groups.scrapped,
      total: groups.total,
    })
    .from(groups)
    .innerJoin(deviceTypes, eq(deviceTypes.id, groups.typeId))
    .leftJoin(merchants, eq(merchants.id, groups.merchantKey))
    .orderBy(asc(deviceTypes.code), sql`${merchants.name} nulls first`, desc(groups.total))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(({ merchantKey, ...row }) => ({ ...row, merchantId: merchantKey === 0 ? null : merchantKey }));
}

export async function stockSummary(ctx: Ctx, kind: DeviceKind, query: StockSummarySearch): Promise<Page<StockSummaryRecord>> {
  const rows = await summaryRows(ctx, kind, query, pageWindow(query));
  const groups = summaryGroups(ctx, kind, query);
  const [count] = await ctx.db.select({ n: countAll }).from(groups);
  return toPage(rows, count?.n ?? 0, query);
}

export async function exportStockSummary(ctx: Ctx, kind: DeviceKind, query: StockSummarySearch): Promise<StockSummaryRecord[]> {
  return summaryRows(ctx, kind, query, { limit: EXPORT_MAX_ROWS, offset: 0 });
}
