import { DEVICE_BATCH_MAX, DEVICE_NUMBER_PATTERN } from '@swap/contracts';

export { DEVICE_BATCH_MAX };

function unquote(cell: string): string {
  const trimmed = cell.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1).replaceAll('""', '"').trim()
    : trimmed;
}

/**
 * Device numbers pasted by hand: separated by new lines, spaces, commas or semicolons. Order and
 * repeats are kept, so the server's check can name every repeated or invalid entry.
 */
export function parsePastedNumbers(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map(unquote)
    .filter((cell) => cell !== '');
}

/**
 * Device numbers of a CSV file: the first column of each row. A first row that is not a device
 * number (a header such as "Number" or "Nomor") is skipped; a header that happens to look like a
 * number is only skipped when it is one of the usual column names.
 */
export function parseCsvNumbers(text: string): string[] {
  const rows = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((row) => unquote(row.split(/[,;\t]/)[0] ?? ''))
    .filter((cell) => cell !== '');
  const first = rows[0];
  if (first !== undefined && (!DEVICE_NUMBER_PATTERN.test(first) || /^(numbers?|no|sn|serial|nomor|编号)$/i.test(first))) rows.shift();
  return rows;
}

/** Whether a list is too long to send (device number lists hold up to 1,000). */
export function tooManyNumbers(numbers: readonly string[]): boolean {
  return numbers.length > DEVICE_BATCH_MAX;
}
