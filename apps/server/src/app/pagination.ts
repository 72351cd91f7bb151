import { asc, desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { EndpointDef, Page, PageQuery, SortColumnOf } from '@swap/contracts';

/** limit/offset of a page query. */
export function pageWindow(query: Pick<PageQuery, 'current' | 'size'>): { limit: number; offset: number } {
  return { limit: query.size, offset: (query.current - 1) * query.size };
}

export function toPage<T>(records: T[], total: number, query: Pick<PageQuery, 'current' | 'size'>): Page<T> {
  return { records, total, current: query.current, size: query.size, pages: Math.ceil(total / query.size) };
}

/**
 * The columns behind a list's declared sort columns: exactly those (a column the declaration does
 * not name is refused before the query runs, see docs/api.md "Strict input").
 */
export type SortColumns<E extends EndpointDef> = Record<SortColumnOf<E>, PgColumn | SQL>;

/**
 * ORDER BY from the client's sort, limited to the columns a list allows (never raw input into SQL),
 * with a stable tiebreaker so pages never repeat or skip rows.
 */
export function orderBy(sort: PageQuery['sort'], allowed: Record<string, PgColumn | SQL>, fallback: SQL[], tiebreaker: PgColumn): SQL[] {
  const column = sort ? allowed[sort.field] : undefined;
  if (!column) return [...fallback, desc(tiebreaker)];
  return [sort?.order === 'ascend' ? asc(column) : desc(column), desc(tiebreaker)];
}

export const countAll = sql<number>`count(*)::int`;

/** `%text%` for ILIKE, with the pattern characters of the user's text escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Rows where any of the columns holds the text, in any case (a list's keyword filter). */
export function anyContains(columns: readonly PgColumn[], text: string): SQL | undefined {
  const pattern = likePattern(text);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** `text%` for LIKE: a prefix match that a text_pattern_ops index serves. */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
