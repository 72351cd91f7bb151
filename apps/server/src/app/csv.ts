import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { FIELD_WORDS, enumWord, fieldLabel, formatDateTimeIn, type EnumGroup, type Language } from '@swap/contracts';

/**
 * An export is written for its reader: headed by the fields' labels, enumeration values in words
 * and times in the reader's zone, as the screen shows them (docs/api.md, "CSV exports").
 */
export interface CsvLocale {
  lang: Language;
  /** An IANA zone the caller sent (checked by `serve`), UTC without one. */
  timeZone: string;
}

type Cell = string | number | boolean | null | undefined;

export interface CsvColumn<T> {
  /** The record field the column shows; its header is the field's label (FIELD_LABELS) in the reader's language. */
  field: string;
  /** The header when the screen names the column otherwise than the field's label. */
  label?: (lang: Language) => string;
  /** The cell, worded for the reader if need be; the record's own field by default (a list is joined with "; "). */
  value?: (row: T, locale: CsvLocale) => Cell | readonly Cell[];
  /**
   * How the value reads: an enumeration's words (a group of ENUM_WORDS; by default the field's
   * FIELD_WORDS group), or 'time', an instant in the reader's zone. Booleans read yes/no, text and
   * numbers as they are.
   */
  show?: EnumGroup | 'time';
}

/** The columns of the named record fields, each read as its field reads everywhere (FIELD_WORDS, times ending in `At`). */
export function fieldColumns<T extends object>(
  fields: readonly (keyof T & string)[],
  show: Partial<Record<NoInfer<keyof T & string>, EnumGroup | 'time'>> = {},
): CsvColumn<T>[] {
  return fields.map((field) => ({ field, ...(show[field] ? { show: show[field] } : {}) }));
}

/** Quotes a cell and defuses spreadsheet formulas (a cell starting with = + - @ is prefixed). */
function cell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function showOf<T>(column: CsvColumn<T>): EnumGroup | 'time' | undefined {
  if (column.show) return column.show;
  if (column.value) return undefined;
  return FIELD_WORDS[column.field] ?? (column.field.endsWith('At') ? 'time' : undefined);
}

/** Writes one column's value for the reader. */
function written(value: Cell, show: EnumGroup | 'time' | undefined, locale: CsvLocale): Cell {
  if (value === null || value === undefined || value === '') return value;
  if (typeof value === 'boolean') return enumWord('common', value ? 'yes' : 'no', locale.lang);
  if (show === 'time') return formatDateTimeIn(value, locale.lang, locale.timeZone);
  if (show) return enumWord(show, String(value), locale.lang);
  return value;
}

/** How one column's cell is read from a row (a record, or a stored row of the list's raw export) and shown. */
export interface CsvReader<T> {
  read: (row: T, locale: CsvLocale) => unknown;
  show: EnumGroup | 'time' | undefined;
}

function prepare<T>(columns: CsvColumn<T>[]): CsvReader<T>[] {
  return columns.map((column) => ({
    read: column.value ?? ((row: T) => (row as Record<string, unknown>)[column.field]),
    show: showOf(column),
  }));
}

/** How a column reads: its enumeration group, 'time', or as it is; for a reader of stored rows (the list's raw export). */
export const csvShowOf = <T>(column: CsvColumn<T>): EnumGroup | 'time' | undefined => showOf(column);

// The byte-order mark lets spreadsheet programs read Thai and Chinese text correctly.
const BOM = '\uFEFF';

function headerLine<T>(columns: CsvColumn<T>[], lang: Language): string {
  return columns.map((c) => cell(c.label ? c.label(lang) : fieldLabel(c.field, lang))).join(',');
}

function rowLine<T>(row: T, columns: CsvReader<T>[], locale: CsvLocale): string {
  return columns
    .map((c) => {
      const value = c.read(row, locale);
      if (Array.isArray(value)) return cell(value.map((v: Cell) => written(v, c.show, locale)).join('; '));
      return cell(written(value as Cell, c.show, locale));
    })
    .join(',');
}

export function toCsv<T>(rows: T[], columns: CsvColumn<T>[], locale: CsvLocale): string {
  const prepared = prepare(columns);
  const lines = [headerLine(columns, locale.lang)];
  for (const row of rows) lines.push(rowLine(row, prepared, locale));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** Sends a CSV download; the caller returns SENT from its handler. */
export function sendCsv(reply: FastifyReply, filename: string, body: string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .send(body);
}

/** The CSV of row chunks as text pieces (BOM and header first, then one piece per chunk); `counted` hears the rows so far. */
export async function* csvPieces<T>(
  chunks: AsyncIterable<T[]>,
  columns: CsvColumn<T>[],
  locale: CsvLocale,
  counted: (rows: number) => void = () => undefined,
): AsyncGenerator<string> {
  yield* csvPiecesRead(chunks, columns, prepare(columns), locale, counted);
}

/** csvPieces with the cells read by `readers` (one per column) instead of from the records' fields. */
export async function* csvPiecesRead<T, R>(
  chunks: AsyncIterable<R[]>,
  columns: CsvColumn<T>[],
  prepared: CsvReader<R>[],
  locale: CsvLocale,
  counted: (rows: number) => void = () => undefined,
): AsyncGenerator<string> {
  yield `${BOM}${headerLine(columns, locale.lang)}\r\n`;
  let rows = 0;
  for await (const chunk of chunks) {
    let text = '';
    for (const row of chunk) text += `${rowLine(row, prepared, locale)}\r\n`;
    rows += chunk.length;
    counted(rows);
    yield text;
  }
}

/**
 * Sends a CSV download written chunk by chunk as the rows arrive (a 100 k-row export never sits in
 * memory whole): the same BOM, header and cells as toCsv. `done` hears how many rows went out,
 * also when the client hung up early. The caller returns SENT from its handler.
 */
export function sendCsvStream<T, R = T>(
  reply: FastifyReply,
  filename: string,
  chunks: AsyncIterable<R[]>,
  columns: CsvColumn<T>[],
  locale: CsvLocale,
  done: (rows: number, complete: boolean) => Promise<void>,
  readers?: CsvReader<R>[],
): FastifyReply {
  async function* pieces(): AsyncGenerator<string> {
    let rows = 0;
    let complete = false;
    try {
      const readAs = readers ?? (prepare(columns) as unknown as CsvReader<R>[]);
      yield* csvPiecesRead(chunks, columns, readAs, locale, (n) => (rows = n));
      complete = true;
    } finally {
      await done(rows, complete);
    }
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .send(Readable.from(pieces()));
}

/** Most rows one export answers; larger exports are narrowed by the filter first. */
export const EXPORT_MAX_ROWS = 100_000;
