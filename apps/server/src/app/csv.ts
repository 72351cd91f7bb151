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

export function toCsv<T>(rows: T[], columns: CsvColumn<T>[], lang: Language): string {
  const lines = [columns.map((c) => cell(c.header[lang])).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','));
  // The byte-order mark lets spreadsheet programs read Thai and Chinese text correctly.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Sends a CSV download; the caller returns SENT from its handler. */
export function sendCsv(reply: FastifyReply, filename: string, body: string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .send(body);
}

/** Most rows one export answers; larger exports are narrowed by the filter first. */
export const EXPORT_MAX_ROWS = 100_000;
