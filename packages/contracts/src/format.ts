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

/** The offset east of UTC in minutes of an IANA time zone at that moment (Intl's longOffset, e.g. "GMT+05:30"). */
function offsetMinutesIn(date: Date, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) offsetFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })));
  const name = format.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  const match = /([+-])(\d{2}):?(\d{2})?/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/*
 * A 100 k-row export writes several hundred thousand times, and Intl formats one in about 9 µs. So a
 * zone's offset is looked up once per quarter hour (every real zone changes its offset only on a
 * quarter hour), and the digits are put into the language's pattern, which is read from Intl once.
 * A language whose pattern cannot be read that way (other digits, a calendar) keeps the Intl path.
 */
const QUARTER_HOUR = 15 * 60_000;
// Per zone, the offset of each quarter hour met so far (by its number since the epoch).
const offsetCache = new Map<string, Map<number, number>>();
let cachedOffsets = 0;

function cachedOffsetMinutes(date: Date, timeZone: string): number {
  let zone = offsetCache.get(timeZone);
  if (!zone) offsetCache.set(timeZone, (zone = new Map<number, number>()));
  const key = Math.floor(date.getTime() / QUARTER_HOUR);
  let offset = zone.get(key);
  if (offset === undefined) {
    if (cachedOffsets > 50_000) {
      offsetCache.clear();
      offsetCache.set(timeZone, (zone = new Map<number, number>()));
      cachedOffsets = 0;
    }
    zone.set(key, (offset = offsetMinutesIn(date, timeZone)));
    cachedOffsets += 1;
  }
  return offset;
}

type PatternPart = { field: 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' } | { literal: string };

const FIELDS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;
const patterns = new Map<Language, PatternPart[] | null>();

/** The digits of a wall-clock time (a UTC date shifted by the offset) in the language's pattern. */
function fillPattern(pattern: PatternPart[], wall: Date): string {
  let text = '';
  for (const part of pattern) {
    if ('literal' in part) text += part.literal;
    else if (part.field === 'year') text += String(wall.getUTCFullYear()).padStart(4, '0');
    else {
      const value =
        part.field === 'month'
          ? wall.getUTCMonth() + 1
          : part.field === 'day'
            ? wall.getUTCDate()
            : part.field === 'hour'
              ? wall.getUTCHours()
              : part.field === 'minute'
                ? wall.getUTCMinutes()
                : wall.getUTCSeconds();
      text += value < 10 ? `0${value}` : String(value);
    }
  }
  return text;
}

/** The language's date-time pattern read from Intl, or null when filling it would not give Intl's text. */
function patternOf(language: Language): PatternPart[] | null {
  if (patterns.has(language)) return patterns.get(language)!;
  const utc = dateTimeFormat(language, 'UTC');
  const pattern: PatternPart[] = [];
  for (const part of utc.formatToParts(new Date(Date.UTC(2026, 10, 25, 14, 5, 9)))) {
    if ((FIELDS as readonly string[]).includes(part.type))
      pattern.push({ field: part.type as PatternPart extends { field: infer F } ? F : never });
    else if (part.type === 'literal') pattern.push({ literal: part.value });
    else {
      patterns.set(language, null);
      return null;
    }
  }
  const samples = [Date.UTC(2026, 0, 2, 3, 4, 5), Date.UTC(1999, 11, 31, 23, 59, 59), Date.UTC(2030, 6, 15, 0, 0, 0)];
  const faithful = samples.every((ms) => fillPattern(pattern, new Date(ms)) === utc.format(new Date(ms)));
  patterns.set(language, faithful ? pattern : null);
  return faithful ? pattern : null;
}

/**
 * An instant written as the screens write it (apps/web/src/shared/format.ts, formatDateTime) but in
 * a given IANA time zone, for a CSV export in its reader's zone: "25/11/2026, 14:05:09 UTC+7".
 */
export function formatDateTimeIn(value: string | number | Date | null | undefined, language: Language, timeZone: string): string {
  const date = toDate(value);
  if (!date) return '';
  const offset = cachedOffsetMinutes(date, timeZone);
  const pattern = patternOf(language);
  const text = pattern ? fillPattern(pattern, new Date(date.getTime() + offset * 60_000)) : dateTimeFormat(language, timeZone).format(date);
  return `${text} ${offsetLabel(offset)}`;
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
