import { and, desc, eq, gte, inArray, like, lte, or, type SQL } from 'drizzle-orm';
import { SWAP_RECORD_FAILURE_MESSAGES, messageText, type Page, type SwapRecord, type SwapSearch } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { countAll, orderBy, pageWindow, prefixPattern, toPage } from '../../app/pagination.js';
import { EXPORT_MAX_ROWS } from '../../app/csv.js';
import { merchants } from '../merchant/merchant.table.js';
import { cabinets } from '../cabinet/cabinet.table.js';
import { batteries } from '../battery/battery.table.js';
import { deviceScope } from '../device/index.js';
import { swapRecords } from './swap.table.js';

function filters(ctx: Ctx, query: Omit<SwapSearch, 'current' | 'size' | 'sort'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [deviceScope(ctx, swapRecords.merchantId)];
  if (query.cabinetNumber)
    conditions.push(
      inArray(
        swapRecords.cabinetId,
        ctx.db
          .select({ id: cabinets.id })
          .from(cabinets)
          .where(like(cabinets.number, prefixPattern(query.cabinetNumber))),
      ),
    );
  if (query.batteryNumber) {
    const pattern = prefixPattern(query.batteryNumber);
    conditions.push(or(like(swapRecords.batteryInNumber, pattern), like(swapRecords.batteryOutNumber, pattern)));
  }
  if (query.cabinetId) conditions.push(eq(swapRecords.cabinetId, query.cabinetId));
  if (query.batteryId) {
    // Records keep the numbers as reported: the battery's current number finds them.
    const number = ctx.db.select({ number: batteries.number }).from(batteries).where(eq(batteries.id, query.batteryId));
    conditions.push(or(inArray(swapRecords.batteryInNumber, number), inArray(swapRecords.batteryOutNumber, number)));
  }
  if (query.customer) conditions.push(eq(swapRecords.customer, query.customer));
  if (query.result) conditions.push(eq(swapRecords.result, query.result));
  if (query.startedFrom) conditions.push(gte(swapRecords.startedAt, new Date(query.startedFrom)));
  if (query.startedTo) conditions.push(lte(swapRecords.startedAt, new Date(query.startedTo)));
  return and(...conditions);
}

const SORTABLE = { id: swapRecords.id, startedAt: swapRecords.startedAt };
/** Latest swap first: the (…, started_at, id) indexes serve the order. */
const DEFAULT_ORDER = [desc(swapRecords.startedAt)];

interface Row {
  swap: typeof swapRecords.$inferSelect;
  cabinetNumber: string;
  merchantName: string | null;
}

function present(ctx: Ctx, { swap: s, ...joined }: Row): SwapRecord {
  const { requestId: _request, ...fields } = s;
  return {
    ...fields,
    ...joined,
    startedAt: s.startedAt.toISOString(),
    endedAt: s.endedAt.toISOString(),
    durationSeconds: Math.round((s.endedAt.getTime() - s.startedAt.getTime()) / 1000),
    failureMessage: s.failureCode ? messageText(SWAP_RECORD_FAILURE_MESSAGES[s.failureCode], ctx.lang) : null,
    createdAt: s.createdAt.toISOString(),
  };
}

function joined(ctx: Ctx) {
  return ctx.db
    .select({ swap: swapRecords, cabinetNumber: cabinets.number, merchantName: merchants.name })
    .from(swapRecords)
    .innerJoin(cabinets, eq(cabinets.id, swapRecords.cabinetId))
    .leftJoin(merchants, eq(merchants.id, swapRecords.merchantId));
}

/** One query for the page (ids picked on the swap table, then joined), one for the total. */
export async function searchSwaps(ctx: Ctx, query: SwapSearch): Promise<Page<SwapRecord>> {
  const where = filters(ctx, query);
  const order = orderBy(query.sort, SORTABLE, DEFAULT_ORDER, swapRecords.id);
  const { limit, offset } = pageWindow(query);
  const pageIds = ctx.db
    .select({ id: swapRecords.id })
    .from(swapRecords)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const rows: Row[] = await joined(ctx)
    .where(inArray(swapRecords.id, pageIds))
    .orderBy(...order);
  const [count] = await ctx.db.select({ total: countAll }).from(swapRecords).where(where);
  return toPage(
    rows.map((row) => present(ctx, row)),
    count?.total ?? 0,
    query,
  );
}

export async function exportSwaps(ctx: Ctx, query: SwapSearch): Promise<SwapRecord[]> {
  const rows: Row[] = await joined(ctx)
    .where(filters(ctx, query))
    .orderBy(...orderBy(query.sort, SORTABLE, DEFAULT_ORDER, swapRecords.id))
    .limit(EXPORT_MAX_ROWS);
  return rows.map((row) => present(ctx, row));
}

/** Another tenant's swap answers "swap record does not exist". */
export async function swapDetail(ctx: Ctx, id: number): Promise<SwapRecord> {
  const [row] = await joined(ctx).where(and(eq(swapRecords.id, id), deviceScope(ctx, swapRecords.merchantId)));
  if (!row) throw new AppError('swapMissing');
  return present(ctx, row);
}

export const SWAP_CSV_FIELDS: (keyof SwapRecord)[] = [
  'id',
  'cabinetNumber',
  'eventId',
  'batteryInNumber',
  'batteryInCompartment',
  'batteryInSoc',
  'batteryOutNumber',
  'batteryOutCompartment',
  'batteryOutSoc',
  'customer',
  'startedAt',
  'endedAt',
  'durationSeconds',
  'result',
  'failureMessage',
  'merchantName',
];
