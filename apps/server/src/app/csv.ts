import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Language } from '@swap/contracts';

export interface CsvColumn<T> {
  /** Header per language. */
  header: Record<Language, string>;
  value: (row: T) => string | number | boolean | null | undefined;
}

/** Quotes a cell and defuses spreadsheet formulas (a cell starting with = + - @ is prefixed). */
function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

// The byte-order mark lets spreadsheet programs read Thai and Chinese text correctly.
const BOM = '\uFEFF';

function headerLine<T>(columns: CsvColumn<T>[], lang: Language): string {
  return columns.map((c) => cell(c.header[lang])).join(',');
}

function rowLine<T>(row: T, columns: CsvColumn<T>[]): string {
  return columns.map((c) => cell(c.value(row))).join(',');
}

export function toCsv<T>(rows: T[], columns: CsvColumn<T>[], lang: Language): string {
  const lines = [headerLine(columns, lang)];
  for (const row of rows) lines.push(rowLine(row, columns));
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
  lang: Language,
  counted: (rows: number) => void = () => undefined,
): AsyncGenerator<string> {
  yield `${BOM}${headerLine(columns, lang)}\r\n`;
  let rows = 0;
  for await (const chunk of chunks) {
    let text = '';
    for (const row of chunk) text += `${rowLine(row, columns)}\r\n`;
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
export function sendCsvStream<T>(
  reply: FastifyReply,
  filename: string,
  chunks: AsyncIterable<T[]>,
  columns: CsvColumn<T>[],
  lang: Language,
  done: (rows: number, complete: boolean) => Promise<void>,
): FastifyReply {
  async function* pieces(): AsyncGenerator<string> {
    let rows = 0;
    let complete = false;
    try {
      yield* csvPieces(chunks, columns, lang, (n) => (rows = n));
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
