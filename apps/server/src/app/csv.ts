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
  // A number's text holds no quote, comma or line break and is never defused.
  if (typeof value === 'number') return String(value);
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return QUOTED.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const QUOTED = /[",\r\n]/;

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

/**
 * One column's cell text of a value, as `cell(written(value))` writes it, for one export: the
 * enumeration words a column meets are looked up once per export, not once per row.
 */
function cellWriter(show: EnumGroup | 'time' | undefined, locale: CsvLocale): (value: unknown) => string {
  const words = new Map<string, string>();
  const one = (value: Cell): Cell => {
    if (value === null || value === undefined || value === '') return value;
    if (typeof value === 'number' && show === undefined) return value;
    if (typeof value === 'boolean' || (show !== undefined && show !== 'time')) {
      const key = typeof value === 'boolean' ? (value ? '\u0000yes' : '\u0000no') : String(value);
      let word = words.get(key);
      if (word !== undefined) return word;
      word = written(value, show, locale) as string;
      // A column of free text shown through a group keeps its words to a bounded few.
      if (words.size < 1000) words.set(key, word);
      return word;
    }
    return written(value, show, locale);
  };
  return (value) => {
    if (Array.isArray(value)) return cell(value.map((v: Cell) => one(v)).join('; '));
    return cell(one(value as Cell));
  };
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

interface CellWriter<T> {
  read: (row: T, locale: CsvLocale) => unknown;
  write: (value: unknown) => string;
}

function writersOf<T>(readers: CsvReader<T>[], locale: CsvLocale): CellWriter<T>[] {
  return readers.map((reader) => ({ read: reader.read, write: cellWriter(reader.show, locale) }));
}

// The row's cells go into one array per export, joined once: joining is cheaper than adding up text.
function rowLine<T>(row: T, writers: CellWriter<T>[], locale: CsvLocale, cells: string[]): string {
  for (let i = 0; i < writers.length; i++) {
    const writer = writers[i]!;
    cells[i] = writer.write(writer.read(row, locale));
  }
  return cells.join(',');
}

export function toCsv<T>(rows: T[], columns: CsvColumn<T>[], locale: CsvLocale): string {
  const writers = writersOf(prepare(columns), locale);
  const lines = [headerLine(columns, locale.lang)];
  const cells = new Array<string>(writers.length);
  for (const row of rows) lines.push(rowLine(row, writers, locale, cells));
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
  const writers = writersOf(prepared, locale);
  const cells = new Array<string>(writers.length);
  let rows = 0;
  for await (const chunk of chunks) {
    let text = '';
    for (const row of chunk) text += `${rowLine(row, writers, locale, cells)}\r\n`;
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
