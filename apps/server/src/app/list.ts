import {
  and,
  asc,
  Column,
  desc,
  eq,
  getTableColumns,
  getTableName,
  inArray,
  is,
  lt,
  sql,
  SQL,
  Table,
  type DriverValueDecoder,
} from 'drizzle-orm';
import { PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { COUNT_EXACT_LIMIT, type EndpointDef, type MessageKey, type Page, type ParsedInputOf } from '@swap/contracts';
import { embeddedCopy, postgresTextRows, type Db } from '../db/client.js';
import type { Ctx } from './context.js';
import { EXPORT_MAX_ROWS, csvPieces, csvPiecesRead, csvShowOf, sendCsvStream, type CsvColumn, type CsvReader } from './csv.js';
import { AppError } from './errors.js';
import { SENT } from './route.js';

/**
 * One list capability: a list is declared once (its table and joins, tenant scope, filters,
 * sortable columns and presenter) and its search, streamed CSV export and detail read come from
 * that declaration. See docs/api.md, "Declaring a list".
 */

/** Rows per chunk of a streamed export: one index range scan each, a few hundred kilobytes in memory. */
export const EXPORT_CHUNK = 2000;

/** A filter: the condition for the value the caller sent (absent, null and '' do not filter). */
export type FilterWhere<V> = (value: V, ctx: Ctx) => SQL | undefined;

export interface FilterSpec<V> {
  where: FilterWhere<V>;
  /**
   * Why this filter may read rows no index narrows, for the whole filter or per value (an enum's
   * common value found at once walking the list order, a small table). The index test accepts the
   * filter, or those values, only with a reason written here.
   */
  unindexed?: string | Partial<Record<string, string>>;
  /** Values the index test tries; by default each value of an enum, or one sample of the schema's type. */
  examples?: readonly V[];
}

/** A filter, or 'parent' for a query field that names the parent record (the `parent` condition reads it). */
export type Filter<V> = FilterWhere<V> | FilterSpec<V> | 'parent';

type QueryOf<E extends EndpointDef> = ParsedInputOf<E>;
type FilterKey<Q> = Exclude<keyof Q, 'current' | 'size' | 'sort'>;
type SortQuery = { sort?: { field: string; order: 'ascend' | 'descend' } | undefined; current: number; size: number };

/** A join of the list's rows: inner unless `left`. */
export interface ListJoin {
  table: PgTable;
  on: SQL;
  left?: boolean;
}

/** The column (or expression) a list is ordered by before its id (always last, descending). */
export interface ListOrder {
  column: PgColumn | SQL;
  direction: 'asc' | 'desc';
}

type Selection = Record<string, unknown>;

export interface ListDeclaration<E extends EndpointDef, Row, Rec, More, C extends 'exact' | 'capped'> {
  /** The list's search endpoint: its filter schema and its sortable columns (`sortable`). */
  endpoint: E;
  table: PgTable;
  id: PgColumn;
  /** The row's selection (base table and joined columns) and its joins. */
  select: Selection;
  joins?: ListJoin[];
  /** The caller's tenant: merchant staff see their merchant's rows only. Fixed conditions (a kind) go here too. */
  scope: (ctx: Ctx) => SQL | undefined;
  /**
   * The parent record a list belongs to (a cabinet's command history): checked visible to the
   * caller (throws its "does not exist" otherwise) and answered as the condition on the list.
   */
  parent?: (ctx: Ctx, query: QueryOf<E>) => Promise<SQL>;
  /** One entry per filter of the query schema. */
  filters: { [K in FilterKey<QueryOf<E>>]-?: Filter<NonNullable<QueryOf<E>[K]>> };
  /** Sortable columns that are neither a column of the table nor a field of the selection, by name. */
  sortColumns?: Record<string, PgColumn | SQL>;
  /** The order without a (known) sort; id descending follows it, and alone it is the default. */
  defaultOrder?: (query: QueryOf<E>) => ListOrder | undefined;
  /** 'exact': count(*); 'capped': exact up to COUNT_EXACT_LIMIT, else an estimate (`totalExact` false). */
  count: C;
  /** Data for a page of rows read in one query more (an account's roles); the presenter receives it. */
  more?: (ctx: Ctx, ids: number[]) => Promise<More>;
  present: (row: Row, ctx: Ctx, more: More) => Rec;
  /** The message of a detail read that finds nothing the caller may see (default: record does not exist). */
  missing?: MessageKey;
  /**
   * The presenter only reshapes the row (spreads the table's row and the joined columns, writes
   * times as ISO strings): a CSV column of a selected column may then be read from the stored row
   * itself, without decoding the row into a record (docs/scaling.md, "Export"). Fields the
   * presenter computes or rewrites are named here; an export with such a column (or a column with
   * its own `value`) reads records as before, unless `computed` gives its SQL.
   */
  rawExport?: {
    presented: readonly string[];
    /**
     * Fields the presenter computes, each as an SQL expression of the list's selection and joins that
     * gives the very value the record holds for this caller (a JSON value: text, number, boolean, null
     * or an array); raw-export tests compare the file with the records' CSV byte for byte.
     */
    computed?: (ctx: Ctx) => Partial<Record<string, SQL>>;
  };
}

export type ListPage<Rec, C extends 'exact' | 'capped'> = C extends 'capped' ? Page<Rec> & { totalExact: boolean } : Page<Rec>;

export interface ExportOptions<Rec> {
  filename: string;
  columns: CsvColumn<Rec>[];
  /** Hears the filter (paging left out), how many rows went out and whether the download ran to the end. */
  done?: (filter: Record<string, unknown>, rows: number, complete: boolean) => Promise<void>;
}

export interface List<E extends EndpointDef, Row, Rec, C extends 'exact' | 'capped'> {
  declaration: ListDeclaration<E, Row, Rec, unknown, C>;
  /** The filters' condition (scope and parent included), for the index test and callers that count. */
  where: (ctx: Ctx, query: QueryOf<E>) => Promise<SQL | undefined>;
  /** One page and the total (capped or exact, as declared). */
  search: (ctx: Ctx, query: QueryOf<E>) => Promise<ListPage<Rec, C>>;
  /** Every row of the filter in the list's order (at most EXPORT_MAX_ROWS), in keyset chunks. */
  exportChunks: (ctx: Ctx, query: QueryOf<E>) => AsyncGenerator<Rec[]>;
  /** The filter's CSV as text pieces, read as sendExport reads it (stored rows where the list allows; the bench times it). */
  exportPieces: (ctx: Ctx, query: QueryOf<E>, columns: CsvColumn<Rec>[], counted?: (rows: number) => void) => AsyncGenerator<string>;
  /** Whether an export of these columns reads stored rows (`rawExport`) rather than records. */
  readsStoredRows: (ctx: Ctx, columns: CsvColumn<Rec>[]) => boolean;
  /** Streams the filter as CSV; the first chunk is read before the answer starts, so a failure still answers as JSON. */
  sendExport: (reply: FastifyReply, ctx: Ctx, query: QueryOf<E>, options: ExportOptions<Rec>) => Promise<typeof SENT>;
  /** One record by id within the caller's scope; otherwise the declared "does not exist". */
  detail: (ctx: Ctx, id: number) => Promise<Rec>;
}

/** Every declared list (the index test walks them). */
export const declaredLists: List<EndpointDef, unknown, unknown, 'exact' | 'capped'>[] = [];

const ROW_ID = '__listId';

function isTableColumn(column: PgColumn | SQL, table: PgTable): column is PgColumn {
  return is(column, Column) && column.table === table;
}

/** Renders statements the way every database of the product does (no casing option). */
const dialect = new PgDialect();

/** A statement's value as text, as PostgreSQL reads it in a literal (what a driver sends for it). */
function paramText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (Array.isArray(value)) {
    const item = (v: unknown): string =>
      v === null || v === undefined ? 'NULL' : Array.isArray(v) ? paramText(v)! : `"${paramText(v)!.replace(/["\\]/g, '\\$&')}"`;
    return `{${value.map(item).join(',')}}`;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * The total of a large list in one round trip (docs/scaling.md, "How a device list page is read"):
 * the database's `capped_total` (migration 0070) takes the planner's estimate first (EXPLAIN, no
 * execution). Far above COUNT_EXACT_LIMIT the estimate is the answer, so a broad filter over 1 M
 * rows never counts. Otherwise it counts at most COUNT_EXACT_LIMIT + 1 rows in the same call: exact
 * below the cap, else the larger of estimate and cap. The statement goes as text with its values
 * apart, each sent as text the way the driver sends it, and quoted by the database.
 */
export async function cappedCount(db: Db, table: PgTable, where: SQL | undefined): Promise<{ total: number; exact: boolean }> {
  const statement = dialect.sqlToQuery(sql`select 1 from ${table}${where ? sql` where ${where}` : sql``}`);
  const values = sql.join(
    statement.params.map((value) => sql`${sql.param(paramText(value))}::text`),
    sql`, `,
  );
  const result: unknown = await db.execute(
    sql`select estimate, counted from capped_total(${statement.sql}, array[${values}]::text[], ${COUNT_EXACT_LIMIT})`,
  );
  const row = (result as { rows: { estimate: number | null; counted: number | null }[] }).rows[0];
  const estimate = row?.estimate ?? null;
  const n = row?.counted ?? null;
  if (n === null) return { total: Math.round(estimate ?? 0), exact: false };
  if (n <= COUNT_EXACT_LIMIT) return { total: n, exact: true };
  return { total: Math.max(Math.round(estimate ?? n), n), exact: false };
}

function filterWhere<V>(filter: Filter<V>): FilterWhere<V> | undefined {
  if (filter === 'parent') return undefined;
  return typeof filter === 'function' ? filter : filter.where;
}

/**
 * Keyset condition "after the last row" for order (column, id desc). The last row's sort value is
 * read back by id inside the query, which keeps its full precision (timestamps have microseconds a
 * JavaScript Date loses). A nullable or joined column is compared null-aware (PostgreSQL puts nulls
 * first descending and last ascending).
 */
function afterLast(order: ListOrder | undefined, id: PgColumn, lastId: number, last: SQL, notNull: boolean): SQL | undefined {
  if (!order) return lt(id, lastId);
  const col = order.column;
  const tie = sql`(${col} = ${last} and ${id} < ${lastId})`;
  if (notNull) return order.direction === 'desc' ? sql`(${col}, ${id}) < (${last}, ${lastId})` : sql`(${col} > ${last} or ${tie})`;
  if (order.direction === 'desc')
    return sql`((${last}) is null and (${col} is not null or (${col} is null and ${id} < ${lastId}))) or ((${last}) is not null and (${col} < ${last} or ${tie}))`;
  return sql`((${last}) is null and ${col} is null and ${id} < ${lastId}) or ((${last}) is not null and (${col} > ${last} or ${tie} or ${col} is null))`;
}

interface RawPlan {
  /** The row as one JSON array: its id, then one value per column. */
  row: SQL.Aliased<string>;
  /** The same values one by one, and how each one's COPY text reads as its JSON array value (the embedded database). */
  values: SQL[];
  fromCopy: FromCopy[];
  readers: CsvReader<unknown[]>[];
}

/** A value's text as COPY writes it (unescaped, not null), read as json_build_array gives it to JSON.parse. */
type FromCopy = (text: string) => unknown;

const copyText: FromCopy = (text) => text;
const copyInteger: FromCopy = (text) => Number(text);
// json_build_array writes a float that is no JSON number (NaN, Infinity, -Infinity) as text.
const copyFloat: FromCopy = (text) => (text === 'NaN' || text === 'Infinity' || text === '-Infinity' ? text : Number(text));
const copyBoolean: FromCopy = (text) => text === 't';
const copyJson: FromCopy = (text) => JSON.parse(text) as unknown;

const digitsAt = (text: string, from: number, to: number): number => {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + text.charCodeAt(i) - 48;
  return n;
};
/**
 * An instant COPY writes in UTC (`2026-03-01 10:11:12.999999`) as milliseconds since the epoch,
 * floored as the JSON array's `floor(extract(epoch …) * 1000)`: PostgreSQL's numeric arithmetic on
 * every time cost more than the rest of the row's text.
 */
const copyInstant: FromCopy = (text) => {
  if (text.length < 19 || text.charCodeAt(4) !== 45 || text.charCodeAt(10) !== 32) {
    if (text === 'infinity') return 'Infinity';
    return text === '-infinity' ? '-Infinity' : Number.NaN;
  }
  const year = digitsAt(text, 0, 4);
  const ms = text.length > 20 ? digitsAt(`${text.slice(20, 23)}00`, 0, 3) : 0;
  const date = new Date(
    Date.UTC(
      2000,
      digitsAt(text, 5, 7) - 1,
      digitsAt(text, 8, 10),
      digitsAt(text, 11, 13),
      digitsAt(text, 14, 16),
      digitsAt(text, 17, 19),
      ms,
    ),
  );
  date.setUTCFullYear(year);
  return date.getTime();
};

interface StoredKind {
  /** The column's value inside the row's JSON array. */
  select: (column: PgColumn) => SQL;
  /** The column's value in a COPY of the row, when it differs from `select`'s. */
  copySelect?: (column: PgColumn) => SQL;
  /** That value's COPY text read as the JSON array holds it. */
  fromCopy: FromCopy;
  /** The record's value of that JSON value, when it differs (the presenter writes times as ISO strings). */
  value?: (stored: unknown, show: string | undefined) => unknown;
}

const asIs = (fromCopy: FromCopy): StoredKind => ({ select: (column) => sql`${column}`, fromCopy });
// Exact numbers as the driver answers them (text), not as JSON numbers (28.50 would read 28.5).
const asText: StoredKind = { select: (column) => sql`${column}::text`, fromCopy: copyText };

const STORED_KINDS: Record<string, StoredKind> = {
  PgText: asIs(copyText),
  PgVarchar: asIs(copyText),
  PgChar: asIs(copyText),
  PgEnumColumn: asIs(copyText),
  PgInteger: asIs(copyInteger),
  PgSmallInt: asIs(copyInteger),
  PgSerial: asIs(copyInteger),
  PgReal: asIs(copyFloat),
  PgDoublePrecision: asIs(copyFloat),
  PgBoolean: asIs(copyBoolean),
  PgJsonb: asIs(copyJson),
  PgJson: asIs(copyJson),
  PgNumeric: asText,
  PgBigInt53: asText,
  PgBigSerial53: asText,
  PgDateString: asText,
  // Milliseconds since the epoch, the instant as a JavaScript Date holds it (the record's ISO string is to the millisecond).
  PgTimestamp: {
    select: (column) => sql`floor(extract(epoch from ${column}) * 1000)::float8`,
    copySelect: (column) =>
      (column as PgColumn & { withTimezone?: boolean }).withTimezone ? sql`${column} at time zone 'UTC'` : sql`${column}`,
    fromCopy: copyInstant,
    value: (stored, show) => (stored === null ? null : show === 'time' ? stored : new Date(stored as number).toISOString()),
  },
};

const COPY_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** One line of COPY's text format (tab between fields, `\N` null, backslash escapes) read as the row's JSON array. */
function copyRow(line: string, fromCopy: FromCopy[]): unknown[] {
  const fields = line.split('\t');
  const row = new Array<unknown>(fields.length);
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (field === '\\N') row[i] = null;
    else row[i] = fromCopy[i]!(field.includes('\\') ? field.replace(/\\(.)/gs, (_, c: string) => COPY_ESCAPES[c] ?? c) : field);
  }
  return row;
}

/** Not a value COPY's statement can carry as a literal (the chunk is then read with parameters). */
const NO_LITERAL = new Error('no literal for this value');

/**
 * A statement with its parameters written in as quoted literals, each the text the driver sends for
 * it (a literal of unknown type, read by its context as a parameter is); undefined when a value has
 * no such text here (COPY takes no parameters).
 */
class LiteralDialect extends PgDialect {
  override escapeParam(_num: number, value?: unknown): string {
    let text: string;
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'string') text = value;
    else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') text = String(value);
    else if (value instanceof Date) text = value.toISOString();
    else throw NO_LITERAL;
    if (text.includes('\0')) throw NO_LITERAL;
    return `'${text.replaceAll("'", "''")}'`;
  }
}
const literalDialect = new LiteralDialect();

function withLiterals(statement: SQL): string | undefined {
  try {
    return literalDialect.sqlToQuery(statement).sql;
  } catch (error) {
    if (error === NO_LITERAL) return undefined;
    throw error;
  }
}

/** Where the page statement's condition goes when its fixed part is rendered once. */
const CONDITION_MARK = '/*list condition*/';

/** One selected value of a list's row: where it goes in the row and how its driver value is read. */
interface RowField {
  /** The field's name, and the nested object it sits in (a whole table selected as `battery: batteries`). */
  name: string;
  group: string | undefined;
  decoder: DriverValueDecoder<unknown, unknown>;
  /**
   * The first column of a nested object whose columns all come from one left-joined table: null, the
   * object is null (no row joined), as the query builder reads it.
   */
  nullsGroup: boolean;
}

/**
 * The page statement of a list, its selection, table and joins rendered once (docs/scaling.md, "How
 * a device list page is read"): each call renders only its condition and order, and reads the rows
 * as arrays, each value decoded as the query builder decodes it and set once in the row.
 */
interface PageStatement {
  head: SQL;
  fields: RowField[];
  /** The index of the list's id in the array row. */
  idAt: number;
}

// An expression's decoder (`sql\`…\`.mapWith(…)`; by default the value as the driver answers it).
const decoderOf = (expression: SQL) => (expression as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;

/** The selection's values in the order the query builder selects them. */
function rowFields(selection: Selection, leftJoined: ReadonlySet<string>, group?: string): RowField[] {
  const fields: RowField[] = [];
  for (const [name, field] of Object.entries(selection)) {
    if (is(field, Column)) fields.push({ name, group, decoder: field, nullsGroup: false });
    else if (is(field, SQL)) fields.push({ name, group, decoder: decoderOf(field), nullsGroup: false });
    else if (is(field, SQL.Aliased)) fields.push({ name, group, decoder: decoderOf(field.sql), nullsGroup: false });
    else if (group !== undefined) throw new Error(`list selection: "${group}.${name}" nests too deep`);
    else {
      const nested = is(field, Table) ? (getTableColumns(field) as Selection) : (field as Selection);
      const inner = rowFields(nested, leftJoined, name);
      const columns = Object.values(nested).filter((value) => is(value, Column));
      const tables = new Set(columns.map((column) => getTableName(column.table)));
      const first = inner[Object.values(nested).indexOf(columns[0])];
      if (first && tables.size === 1 && leftJoined.has(getTableName(columns[0]!.table))) first.nullsGroup = true;
      fields.push(...inner);
    }
  }
  return fields;
}

/** The row of an array of driver values, as the query builder maps it (the value at `skip` left out). */
function rowOf(fields: RowField[], values: unknown[], skip: number): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  let emptyGroups: string[] | undefined;
  for (let i = 0; i < fields.length; i++) {
    if (i === skip) continue;
    const field = fields[i]!;
    const raw = values[i];
    const value = raw === null ? null : field.decoder.mapFromDriverValue(raw);
    if (field.group === undefined) row[field.name] = value;
    else {
      const node = (row[field.group] ??= {}) as Record<string, unknown>;
      node[field.name] = value;
      if (field.nullsGroup && value === null) (emptyGroups ??= []).push(field.group);
    }
  }
  if (emptyGroups) for (const group of emptyGroups) row[group] = null;
  return row;
}

/** Declares a list; see ListDeclaration. */
export function defineList<E extends EndpointDef, Row, Rec, C extends 'exact' | 'capped', More = undefined>(
  decl: ListDeclaration<E, Row, Rec, More, C>,
): List<E, Row, Rec, C> {
  const { table, id } = decl;
  const tableColumns = getTableColumns(table) as Record<string, PgColumn>;
  const sortable = new Map<string, PgColumn | SQL>();
  for (const name of decl.endpoint.sortable ?? []) {
    const column = decl.sortColumns?.[name] ?? tableColumns[name] ?? (decl.select[name] as PgColumn | SQL | undefined);
    if (!column) throw new Error(`${decl.endpoint.path}: sortable "${name}" is no column of the list`);
    sortable.set(name, column);
  }
  const selection = { ...decl.select, [ROW_ID]: id };

  function joined<Q>(query: Q & { leftJoin: unknown }) {
    let q = query as unknown as {
      leftJoin(t: PgTable, on: SQL): typeof q;
      innerJoin(t: PgTable, on: SQL): typeof q;
    };
    for (const join of decl.joins ?? []) q = join.left ? q.leftJoin(join.table, join.on) : q.innerJoin(join.table, join.on);
    return q as unknown as Q;
  }
  const rowsQuery = (ctx: Ctx) => joined(ctx.db.select(selection).from(table).$dynamic());

  // The page statement's fixed part, rendered on first use; null when it holds parameters (a join's
  // condition with a value), then the query builder renders the whole statement each time.
  let pageStatement: PageStatement | null | undefined;
  function pageStatementOf(ctx: Ctx): PageStatement | null {
    if (pageStatement !== undefined) return pageStatement;
    const rendered = rowsQuery(ctx).where(sql.raw(CONDITION_MARK)).toSQL();
    if (rendered.params.length > 0 || !rendered.sql.endsWith(CONDITION_MARK)) return (pageStatement = null);
    const leftJoined = new Set((decl.joins ?? []).filter((join) => join.left).map((join) => getTableName(join.table)));
    const fields = rowFields(selection, leftJoined);
    return (pageStatement = {
      head: sql.raw(rendered.sql.slice(0, -CONDITION_MARK.length)),
      fields,
      idAt: fields.findIndex((field) => field.name === ROW_ID && field.group === undefined),
    });
  }

  /** The rows of a condition in the list's order, each row with its id apart. */
  async function readRows(ctx: Ctx, condition: SQL, orderBy: SQL[]): Promise<{ rows: Row[]; ids: number[] }> {
    const statement = pageStatementOf(ctx);
    if (!statement) {
      const rows = rowsQuery(ctx).where(condition);
      const raw = (await (orderBy.length > 0 ? rows.orderBy(...orderBy) : rows)) as Record<string, unknown>[];
      return { rows: raw.map(({ [ROW_ID]: _id, ...row }) => row as Row), ids: raw.map((row) => row[ROW_ID] as number) };
    }
    const order = orderBy.length > 0 ? sql` order by ${sql.join(orderBy, sql`, `)}` : sql``;
    const query = dialect.sqlToQuery(sql`${statement.head}${condition}${order}`);
    const values = await ctx.db._.session.prepareQuery(query, undefined, undefined, true, (rows) => rows).execute();
    const { fields, idAt } = statement;
    const rows: Row[] = [];
    const ids: number[] = [];
    for (const array of values as unknown[][]) {
      rows.push(rowOf(fields, array, idAt) as Row);
      ids.push(fields[idAt]!.decoder.mapFromDriverValue(array[idAt]) as number);
    }
    return { rows, ids };
  }

  async function where(ctx: Ctx, query: QueryOf<E>): Promise<SQL | undefined> {
    const conditions: (SQL | undefined)[] = [decl.scope(ctx)];
    if (decl.parent) conditions.push(await decl.parent(ctx, query));
    const values = query as Record<string, unknown>;
    for (const [name, filter] of Object.entries(decl.filters) as [string, Filter<unknown>][]) {
      const value = values[name];
      const condition = filterWhere(filter);
      if (condition && value !== undefined && value !== null && value !== '') conditions.push(condition(value, ctx));
    }
    return and(...conditions);
  }

  function orderOf(query: QueryOf<E>): ListOrder | undefined {
    const sort = (query as SortQuery).sort;
    const column = sort ? sortable.get(sort.field) : undefined;
    if (column) return { column, direction: sort?.order === 'ascend' ? 'asc' : 'desc' };
    return decl.defaultOrder?.(query);
  }

  const orderSql = (order: ListOrder | undefined): SQL[] =>
    order ? [order.direction === 'asc' ? asc(order.column) : desc(order.column), desc(id)] : [desc(id)];

  async function presentAll(ctx: Ctx, raw: Record<string, unknown>[]): Promise<Rec[]> {
    return present(
      ctx,
      raw.map(({ [ROW_ID]: _id, ...row }) => row as Row),
      raw.map((row) => row[ROW_ID] as number),
    );
  }

  async function present(ctx: Ctx, rows: Row[], ids: number[]): Promise<Rec[]> {
    const more = decl.more ? await decl.more(ctx, ids) : (undefined as More);
    return rows.map((row) => decl.present(row, ctx, more));
  }

  async function count(ctx: Ctx, condition: SQL | undefined): Promise<{ total: number; exact: boolean }> {
    if (decl.count === 'capped') return cappedCount(ctx.db, table, condition);
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(condition);
    return { total: row?.n ?? 0, exact: true };
  }

  // Keyset chunks: the next chunk starts after the last row's sort value and id, so each chunk
  // costs the same however deep the export is, and no statement holds a snapshot for the whole download.
  // The next chunk is asked for as soon as a chunk arrives, so the database reads it while this one
  // is written (one statement in flight at a time; docs/scaling.md, "Export").
  async function* keysetChunks<R>(
    ctx: Ctx,
    query: QueryOf<E>,
    read: (where: SQL | undefined, orderBy: SQL[], limit: number) => Promise<R[]>,
    idOf: (row: R) => number,
  ): AsyncGenerator<R[]> {
    const condition = await where(ctx, query);
    const order = orderOf(query);
    const orderBy = orderSql(order);
    const notNull = order ? isTableColumn(order.column, table) && order.column.notNull : true;
    const chunkAfter = (lastId: number | undefined, limit: number): Promise<R[]> => {
      let after: SQL | undefined;
      if (lastId !== undefined) {
        const last = order
          ? sql`(${joined(
              ctx.db
                .select({ v: order.column as PgColumn })
                .from(table)
                .$dynamic(),
            ).where(eq(id, lastId))})`
          : sql``;
        after = afterLast(order, id, lastId, last, notNull);
      }
      return read(and(condition, after), orderBy, limit);
    };
    let sent = 0;
    let limit = Math.min(EXPORT_CHUNK, EXPORT_MAX_ROWS);
    let next = chunkAfter(undefined, limit);
    for (;;) {
      const raw = await next;
      if (raw.length === 0) return;
      sent += raw.length;
      const more = raw.length === limit && sent < EXPORT_MAX_ROWS;
      if (more) {
        limit = Math.min(EXPORT_CHUNK, EXPORT_MAX_ROWS - sent);
        next = chunkAfter(idOf(raw[raw.length - 1]!), limit);
        // A reader that stops early (the client hung up) leaves this chunk unread: its failure is nobody's.
        next.catch(() => undefined);
      }
      yield raw;
      if (!more) return;
    }
  }

  /**
   * The stored-row reading of an export's columns, when every column is a selected column the
   * presenter leaves as stored (`rawExport`). Each row comes back as one JSON array (the row's id,
   * then one value per column: times as epoch milliseconds, exact numbers as text), parsed at once:
   * the drivers decode one field per row instead of one per column, and no record is built.
   * Undefined when the export must read records.
   */
  function rawPlan<T>(ctx: Ctx, columns: CsvColumn<T>[]): RawPlan | undefined {
    if (!decl.rawExport) return undefined;
    const presented = new Set(decl.rawExport.presented);
    const computed = decl.rawExport.computed?.(ctx) ?? {};
    const values: SQL[] = [sql`${id}`];
    // The same values for COPY (a computed one as its JSON, as json_build_array writes it) and how each one's text reads.
    const copied: SQL[] = [sql`${id}`];
    const fromCopy: FromCopy[] = [copyInteger];
    const readers: CsvReader<unknown[]>[] = [];
    for (const column of columns) {
      if (column.value) return undefined;
      const expression = computed[column.field];
      if (expression) {
        const at = values.length;
        values.push(expression);
        copied.push(sql`to_json(${expression})`);
        fromCopy.push(copyJson);
        readers.push({ read: (row) => row[at], show: csvShowOf(column) });
        continue;
      }
      if (presented.has(column.field)) return undefined;
      const stored = selectedColumn(column.field);
      const kind = stored ? STORED_KINDS[stored.columnType] : undefined;
      if (!stored || !kind) return undefined;
      const at = values.length;
      values.push(kind.select(stored));
      copied.push((kind.copySelect ?? kind.select)(stored));
      fromCopy.push(kind.fromCopy);
      const show = csvShowOf(column);
      readers.push({ read: kind.value ? (row) => kind.value!(row[at], show) : (row) => row[at], show });
    }
    return { row: sql<string>`json_build_array(${sql.join(values, sql`, `)})::text`.as('r'), values: copied, fromCopy, readers };
  }

  function selectedColumn(field: string): PgColumn | undefined {
    const top = decl.select[field];
    if (top !== undefined) return is(top, PgColumn) ? top : undefined;
    for (const part of Object.values(decl.select)) {
      if (part && typeof part === 'object' && !is(part, Column) && !is(part, SQL) && !is(part, SQL.Aliased)) {
        const column = (part as Record<string, unknown>)[field];
        if (column !== undefined) return is(column, PgColumn) ? column : undefined;
      }
    }
    return undefined;
  }

  function rawChunks(ctx: Ctx, query: QueryOf<E>, plan: RawPlan): AsyncGenerator<unknown[][]> {
    const select = (row: SQL | SQL.Aliased, condition: SQL | undefined, orderBy: SQL[], limit: number) =>
      joined(ctx.db.select({ r: row }).from(table).$dynamic())
        .where(condition)
        .orderBy(...orderBy)
        .limit(limit)
        .getSQL();
    const jsonArrays = async (statement: SQL) => {
      const result: unknown = await ctx.db.execute(statement);
      return (result as { rows: { r: string }[] }).rows.map((row) => JSON.parse(row.r) as unknown[]);
    };
    const copy = embeddedCopy(ctx.db);
    if (!copy) {
      // On PostgreSQL each value comes as its text and is read as its COPY text is: PostgreSQL
      // building a JSON array per row was most of the export's time (docs/scaling.md, "Export").
      const textRows = postgresTextRows(ctx.db);
      const readText = textRows
        ? async (condition: SQL | undefined, orderBy: SQL[], limit: number): Promise<unknown[][]> => {
            const statement = dialect.sqlToQuery(select(sql.join(plan.values, sql`, `), condition, orderBy, limit));
            const rows = await textRows(statement.sql, statement.params);
            return rows.map((fields) => fields.map((field, i) => (field === null ? null : plan.fromCopy[i]!(field))));
          }
        : undefined;
      return keysetChunks(
        ctx,
        query,
        readText ?? ((condition, orderBy, limit) => jsonArrays(select(plan.row, condition, orderBy, limit))),
        (row) => Number(row[0]),
      );
    }
    // On the embedded database a chunk is its COPY text (no row crosses the thread or is decoded
    // there), split into lines; each line is read once the next chunk is asked for, so the database
    // writes that one meanwhile (docs/scaling.md, "Export").
    const read = async (condition: SQL | undefined, orderBy: SQL[], limit: number): Promise<(string | unknown[])[]> => {
      const statement = withLiterals(select(sql.join(plan.values, sql`, `), condition, orderBy, limit));
      if (statement === undefined) return jsonArrays(select(plan.row, condition, orderBy, limit));
      const text = await copy(statement);
      return text === '' ? [] : text.slice(0, -1).split('\n');
    };
    const chunks = keysetChunks(ctx, query, read, (row) => Number(typeof row === 'string' ? row.slice(0, row.indexOf('\t')) : row[0]));
    return (async function* () {
      for await (const chunk of chunks) yield chunk.map((row) => (typeof row === 'string' ? copyRow(row, plan.fromCopy) : row));
    })();
  }

  const list: List<E, Row, Rec, C> = {
    declaration: decl as unknown as ListDeclaration<E, Row, Rec, unknown, C>,
    where,

    // The page's ids are picked first (on the list's table alone unless the order is a joined
    // column: an index walk however deep the offset), then only those rows are joined.
    async search(ctx, query) {
      const condition = await where(ctx, query);
      const order = orderOf(query);
      const orderBy = orderSql(order);
      const { current, size } = query as SortQuery;
      const byJoined = order !== undefined && is(order.column, Column) && !isTableColumn(order.column, table);
      const ids = (byJoined ? joined(ctx.db.select({ id }).from(table).$dynamic()) : ctx.db.select({ id }).from(table).$dynamic())
        .where(condition)
        .orderBy(...orderBy)
        .limit(size)
        .offset((current - 1) * size);
      // The rows and the total are read side by side (two pool connections): a page costs the
      // slower of the two round trips, not their sum.
      const [read, counted] = await Promise.all([readRows(ctx, inArray(id, ids), orderBy), count(ctx, condition)]);
      const records = await present(ctx, read.rows, read.ids);
      const page: Page<Rec> = { records, total: counted.total, current, size, pages: Math.ceil(counted.total / size) };
      return (decl.count === 'capped' ? { ...page, totalExact: counted.exact } : page) as ListPage<Rec, C>;
    },

    async *exportChunks(ctx, query) {
      for await (const raw of keysetChunks(
        ctx,
        query,
        (where, orderBy, limit) =>
          rowsQuery(ctx)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit) as Promise<Record<string, unknown>[]>,
        (row) => Number(row[ROW_ID]),
      ))
        yield await presentAll(ctx, raw);
    },

    async *exportPieces(ctx, query, columns, counted) {
      const raw = rawPlan(ctx, columns);
      if (raw) {
        const chunks = rawChunks(ctx, query, raw);
        yield* csvPiecesRead(chunks, columns, raw.readers, ctx, counted);
      } else yield* csvPieces(list.exportChunks(ctx, query), columns, ctx, counted);
    },

    readsStoredRows: (ctx, columns) => rawPlan(ctx, columns) !== undefined,

    async sendExport(reply, ctx, query, options) {
      const { current: _current, size: _size, ...filter } = query as Record<string, unknown>;
      const done = (rows: number, complete: boolean) => (options.done ? options.done(filter, rows, complete) : Promise.resolve());
      const raw = rawPlan(ctx, options.columns);
      if (raw) {
        const chunks = rawChunks(ctx, query, raw);
        const first = await chunks.next();
        async function* all(): AsyncGenerator<unknown[][]> {
          if (first.done) return;
          yield first.value;
          yield* chunks;
        }
        sendCsvStream(reply, options.filename, all(), options.columns, ctx, done, raw.readers);
        return SENT;
      }
      const chunks = list.exportChunks(ctx, query);
      const first = await chunks.next();
      async function* all(): AsyncGenerator<Rec[]> {
        if (first.done) return;
        yield first.value;
        yield* chunks;
      }
      sendCsvStream(reply, options.filename, all(), options.columns, ctx, done);
      return SENT;
    },

    async detail(ctx, recordId) {
      const read = await readRows(ctx, and(eq(id, recordId), decl.scope(ctx))!, []);
      if (read.rows.length === 0) throw new AppError(decl.missing ?? 'recordNotFound');
      const [record] = await present(ctx, read.rows, read.ids);
      return record!;
    },
  };
  declaredLists.push(list as unknown as (typeof declaredLists)[number]);
  return list;
}
