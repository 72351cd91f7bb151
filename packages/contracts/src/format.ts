import type { Language } from './envelope.js';

/**
 * How the product writes numbers and times for a language (docs/web-kits.md, "List pages"), shared
 * by the screens and the CSV exports, so a file says what the screen says.
 */

/** The Intl locale of each interface language: day-first English, and the Gregorian calendar in Thai, like the date pickers. */
export const LOCALES: Record<Language, string> = { en: 'en-GB', in: 'id-ID', th: 'th-TH-u-ca-gregory', zh: 'zh-CN' };

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(language: Language, timeZone?: string): Intl.DateTimeFormat {
  const key = `${language}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(LOCALES[language], timeZone ? { ...DATE_TIME, timeZone } : DATE_TIME)));
  return format;
}

function toDate(value: string | number | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "UTC+7", "UTC+5:30", "UTC-3" from an offset east of UTC in minutes. */
function offsetLabel(offset: number): string {
  if (offset === 0) return 'UTC';
  const hours = Math.floor(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  return `UTC${offset < 0 ? '-' : '+'}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The offset from UTC of an IANA time zone at that moment, e.g. "UTC+5:30". */
function zoneLabelIn(date: Date, timeZone: string): string {
  let format = offsetFormats.get(timeZone);
  if (!format) offsetFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })));
  const name = format.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  const match = /([+-])(\d{2}):?(\d{2})?/.exec(name ?? '');
  if (!match) return 'UTC';
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return offsetLabel(match[1] === '-' ? -minutes : minutes);
}

/**
 * An instant written as the screens write it (apps/web/src/shared/format.ts, formatDateTime) but in
 * a given IANA time zone, for a CSV export in its reader's zone: "25/11/2026, 14:05:09 UTC+7".
 */
export function formatDateTimeIn(value: string | number | Date | null | undefined, language: Language, timeZone: string): string {
  const date = toDate(value);
  return date ? `${dateTimeFormat(language, timeZone).format(date)} ${zoneLabelIn(date, timeZone)}` : '';
}

/** True when the runtime knows the IANA time zone (`Asia/Jakarta`, `UTC`). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
