import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** Rows per chunk of a streamed export: one index range scan each, a few hundred kilobytes in memory. */
export const EXPORT_CHUNK = 2000;

/** A list's order as keyset paging sees it: one optional sort column, then id descending (the tiebreaker of every list). */
export interface KeysetOrder {
  column?: PgColumn | undefined;
  direction: 'asc' | 'desc';
}

/** The keyset order of a list's sort: the client's allowed column, else the list's default column, else id alone. */
export function keysetOrder(
  sort: { field: string; order: 'ascend' | 'descend' } | undefined,
  allowed: Record<string, PgColumn>,
  fallback?: KeysetOrder,
): KeysetOrder {
  const column = sort ? allowed[sort.field] : undefined;
  if (column) return { column, direction: sort?.order === 'ascend' ? 'asc' : 'desc' };
  return fallback ?? { direction: 'desc' };
}

/**
 * Every row of a filtered list in chunks, walking the list's order by keyset (the last row's sort
 * value and id) instead of an offset, so each chunk costs the same however deep the export is.
 * The last row's sort value is read back by id inside the query, which keeps its full precision
 * (timestamps have microseconds that a JavaScript Date loses).
 */
export async function* keysetChunks<R>(options: {
  table: PgTable;
  id: PgColumn;
  order: KeysetOrder;
  where: SQL | undefined;
  /** Most rows in all; the walk stops there. */
  max: number;
  chunk?: number;
  fetch: (where: SQL | undefined, orderBy: SQL[], limit: number) => Promise<R[]>;
  idOf: (row: R) => number;
}): AsyncGenerator<R[]> {
  const { table, id, order, max } = options;
  const size = options.chunk ?? EXPORT_CHUNK;
  const orderBy = order.column ? [order.direction === 'asc' ? asc(order.column) : desc(order.column), desc(id)] : [desc(id)];
  let sent = 0;
  let lastId: number | undefined;
  while (sent < max) {
    let after: SQL | undefined;
    if (lastId !== undefined) {
      if (!order.column) after = lt(id, lastId);
      else {
        const last = sql`(select ${order.column} from ${table} where ${eq(id, lastId)})`;
        after =
          order.direction === 'desc'
            ? sql`(${order.column}, ${id}) < (${last}, ${lastId})`
            : or(gt(order.column, last), and(eq(order.column, last), lt(id, lastId)));
      }
    }
    const rows = await options.fetch(and(options.where, after), orderBy, Math.min(size, max - sent));
    if (rows.length === 0) return;
    yield rows;
    sent += rows.length;
    if (rows.length < size) return;
    lastId = options.idOf(rows[rows.length - 1]!);
  }
}
