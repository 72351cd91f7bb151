import { and, asc, desc, eq, gte, ilike, like, lte, sql, type SQL } from 'drizzle-orm';
import {
  stockApi,
  type DeviceKind,
  type Page,
  type StockBatchDetail,
  type StockBatchDetailQuery,
  type StockBatchRecord,
  type StockSummaryRecord,
  type StockSummarySearch,
} from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { countAll, likePattern, pageWindow, prefixPattern, toPage } from '../../app/pagination.js';
import { EXPORT_MAX_ROWS } from '../../app/csv.js';
import { defineList } from '../../app/list.js';
import { merchantJoin } from '../merchant/index.js';
import { deviceTypeJoin } from '../device-type/index.js';
import { stockBatchItems, stockBatches, stockCounts } from './stock.table.js';

/** Merchant staff see the batches of their own devices; platform staff see all. */
function batchScope(ctx: Pick<Ctx, 'principal'>): SQL | undefined {
  const own = ctx.principal.merchantId;
  return own === null ? undefined : eq(stockBatches.merchantId, own);
}

interface BatchRow {
  batch: typeof stockBatches.$inferSelect;
  typeCode: string | null;
  typeName: string | null;
  merchantName: string | null;
}

// A batch's type (a removed type leaves none) and owner, joined from their own modules.
const type = deviceTypeJoin(stockBatches.typeId, { left: true });
const merchant = merchantJoin(stockBatches.merchantId);

/** The stock records (batches) of one device kind. */
function stockRecordList(kind: DeviceKind) {
  return defineList({
    endpoint: stockApi[kind].recordSearch,
    table: stockBatches,
    id: stockBatches.id,
    select: { batch: stockBatches, typeCode: type.code, typeName: type.name, merchantName: merchant.name },
    joins: [type.join, merchant.join],
    scope: (ctx) => and(eq(stockBatches.kind, kind), batchScope(ctx)),
    filters: {
      number: (number) => like(stockBatches.number, prefixPattern(number)),
      direction: (direction) => eq(stockBatches.direction, direction),
      typeId: (typeId) => eq(stockBatches.typeId, typeId),
      operatorName: {
        where: (name) => ilike(stockBatches.operatorName, likePattern(name)),
        unindexed:
          'Part of a name, in any case: no btree serves it. One batch is one stock move of up to 1,000 devices, so batches are few; the scan stops after a page.',
      },
      from: (from) => gte(stockBatches.createdAt, new Date(from)),
      to: (to) => lte(stockBatches.createdAt, new Date(to)),
    },
    count: 'exact',
    present: ({ batch, ...joined }: BatchRow): StockBatchRecord => ({ ...batch, ...joined, createdAt: batch.createdAt.toISOString() }),
  });
}

export const stockRecordLists = {
  vehicle: stockRecordList('vehicle'),
  battery: stockRecordList('battery'),
  cabinet: stockRecordList('cabinet'),
};

/** A batch of the kind the caller may see, or "record does not exist". */
export function stockBatchById(ctx: Ctx, kind: DeviceKind, id: number): Promise<StockBatchRecord> {
  return stockRecordLists[kind].detail(ctx, id);
}

/** The batch and one page of its devices (a batch holds up to 1,000). */
export async function stockBatchDetail(ctx: Ctx, kind: DeviceKind, query: StockBatchDetailQuery): Promise<StockBatchDetail> {
  const batch = await stockBatchById(ctx, kind, query.id);
  const { limit, offset } = pageWindow(query);
  const itemType = deviceTypeJoin(stockBatchItems.typeId);
  const items = await ctx.db
    .select({
      deviceId: stockBatchItems.deviceId,
      number: stockBatchItems.deviceNumber,
      typeId: stockBatchItems.typeId,
      typeCode: itemType.code,
      typeName: itemType.name,
    })
    .from(stockBatchItems)
    .innerJoin(itemType.join.table, itemType.join.on)
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
  const groupType = deviceTypeJoin(groups.typeId);
  const owner = merchantJoin(groups.merchantKey);
  const rows = await ctx.db
    .select({
      typeId: groups.typeId,
      typeCode: groupType.code,
      typeName: groupType.name,
      merchantKey: groups.merchantKey,
      merchantName: owner.name,
      inStock: groups.inStock,
      outStock: groups.outStock,
      scrapped: groups.scrapped,
      total: groups.total,
    })
    .from(groups)
    .innerJoin(groupType.join.table, groupType.join.on)
    .leftJoin(owner.join.table, owner.join.on)
    .orderBy(asc(groupType.code), sql`${owner.name} nulls first`, desc(groups.total))
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
