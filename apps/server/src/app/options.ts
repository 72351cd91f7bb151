import { and, asc, ilike, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { OptionsQuery } from '@swap/contracts';
import type { Db } from '../db/client.js';
import { likePattern } from './pagination.js';

/**
 * What an options call reads (docs/api.md, "Options calls"): the table, the row's name, the
 * columns answered (the row's id among them) and the caller's scope (a merchant's staff their
 * merchant's rows only).
 */
export interface OptionsSource<S extends SelectedFields & { id: PgColumn }> {
  table: PgTable;
  /** What the keyword looks for and the rows are ordered by. */
  name: PgColumn;
  select: S;
  /** The rows the caller may choose; undefined: every row. */
  scope: SQL | undefined;
  /** How the keyword is looked for when the name is not read as stored (a text shown translated); the name holds it by default. */
  keyword?: (keyword: string) => SQL | undefined;
}

/**
 * The answer of an options call: the rows named by `ids` the caller may see (so a saved value keeps
 * its label), then up to `limit` rows whose name holds the keyword (any case), by name; each row
 * once. Another tenant's ids answer nothing, as unknown ones do.
 */
export async function answerOptions<S extends SelectedFields & { id: PgColumn }>(
  db: Db,
  source: OptionsSource<S>,
  query: OptionsQuery,
): Promise<SelectResultFields<S>[]> {
  // The columns are the caller's own (S); the rows are typed by them below.
  const columns = source.select as Record<string, PgColumn>;
  const id = source.select.id;
  const read = (where: SQL | undefined, limit: number) =>
    db.select(columns).from(source.table).where(and(source.scope, where)).orderBy(asc(source.name), asc(id)).limit(limit);
  const ids = query.ids?.length ? query.ids : null;
  const named = ids ? await read(inArray(id, ids), ids.length) : [];
  const keyword = !query.keyword
    ? undefined
    : source.keyword
      ? source.keyword(query.keyword)
      : ilike(source.name, likePattern(query.keyword));
  const found = await read(and(keyword, ids ? notInArray(id, ids) : undefined), query.limit);
  return [...named, ...found] as SelectResultFields<S>[];
}
