import { LOCALES, type Language } from '@swap/contracts';

export { LOCALES };

/** The format of date inputs (pickers); shown dates follow the language, see formatDateTime. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The language in use, read from the page's lang attribute (set with the language, see shared/language.ts). */
export function pageLanguage(): Language {
  const lang = document.documentElement.lang;
  return lang === 'id' ? 'in' : lang === 'th' ? 'th' : lang.startsWith('zh') ? 'zh' : 'en';
}

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let format = formats.get(key) as F | undefined;
  if (!format) formats.set(key, (format = make()));
  return format;
}

/** "UTC+7", "UTC+5:30", "UTC-3" from an offset east of UTC in minutes. */
function offsetLabel(offset: number): string {
  if (offset === 0) return 'UTC';
  const hours = Math.floor(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  return `UTC${offset < 0 ? '-' : '+'}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** "UTC+7", "UTC+5:30", "UTC-3": the browser's offset from UTC at that moment. */
export function zoneLabel(date: Date): string {
  return offsetLabel(-date.getTimezoneOffset());
}

/** Where the time zone chosen on one's own profile is kept in the browser (shared/session.ts writes it at sign-in). */
export const TIME_ZONE_KEY = 'timeZone';
let chosenZone: string | null | undefined;

/** The time zone every date is shown in: the one chosen on one's own profile, or null for the browser's. */
export function displayTimeZone(): string | null {
  if (chosenZone === undefined) chosenZone = (typeof localStorage === 'undefined' ? null : localStorage.getItem(TIME_ZONE_KEY)) || null;
  return chosenZone;
}

/** Shows every date from now on in this zone (null: the browser's); kept for the next visit. */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  chosenZone = zone || null;
  if (typeof localStorage !== 'undefined') {
    if (chosenZone) localStorage.setItem(TIME_ZONE_KEY, chosenZone);
    else localStorage.removeItem(TIME_ZONE_KEY);
  }
  formats.clear();
}

/** The offset east of UTC in minutes of an IANA zone at that moment (Intl's longOffset, "GMT+05:30"). */
function offsetIn(date: Date, timeZone: string): number {
  const name = cached(`o${timeZone}`, () => new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }))
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /([+-])(\d{2}):?(\d{2})?/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * An instant from the API in the time zone chosen on one's own profile (else the browser's), written
 * the language's way, with the zone.
 * CSV exports write times the same way on the server (contracts `formatDateTimeIn`, kept out of
 * the bundle); format.test.ts holds the two to the same text.
 */
export function formatDateTime(value: string | number | Date | null | undefined, language: Language = pageLanguage()): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const timeZone = displayTimeZone() ?? undefined;
  const format = cached(
    `d${language}`,
    () =>
      new Intl.DateTimeFormat(LOCALES[language], {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
        timeZone,
      }),
  );
  return `${format.format(date)} ${timeZone ? offsetLabel(offsetIn(date, timeZone)) : zoneLabel(date)}`;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a calendar date from the API ("2026-01-15": a day, no time of day, no zone). */
export function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && CALENDAR_DATE.test(value);
}

/** A calendar date written the language's way ("15/01/2026", "2026/01/15"); it names a day, so no zone is shown or applied. */
export function formatDate(value: string, language: Language = pageLanguage()): string {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return value;
  const format = cached(
    `D${language}`,
    () => new Intl.DateTimeFormat(LOCALES[language], { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }),
  );
  return format.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** A count or measure with the language's digit grouping and decimal mark. */
export function formatNumber(value: number | string, language: Language = pageLanguage()): string {
  return cached(`n${language}`, () => new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 3 })).format(
    value as Intl.StringNumericLiteral,
  );
}

/** A file's size the language's way, in the largest unit that keeps it at least 1 ("1.5 MB", "512 byte"). */
export function formatFileSize(bytes: number, language: Language = pageLanguage()): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const name = units[unit]!;
  return cached(
    `b${language}${name}`,
    () => new Intl.NumberFormat(LOCALES[language], { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: 1 }),
  ).format(value);
}

/**
 * An amount in the tenant's currency (an ISO 4217 code) with its decimals (CURRENCY_DECIMALS of the
 * contracts), the language's way: "Rp 1.234.568", "฿12.50". An amount from the API is a decimal
 * string ("1234567.50"): Intl formats it exactly, never through a float.
 */
export function formatAmount(amount: number | string, currency: string, decimals: number, language: Language = pageLanguage()): string {
  return cached(
    `m${language}${currency}`,
    () =>
      new Intl.NumberFormat(LOCALES[language], {
        style: 'currency',
        currency,
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      }),
  ).format(amount as Intl.StringNumericLiteral);
}

/** Select options for countries (ISO 3166-1 alpha-2), named in the language in use by the browser's own data: "Indonesia (ID)". */
export function countryOptions(codes: readonly string[], language: Language = pageLanguage()): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([LOCALES[language]], { type: 'region' });
  return codes.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }));
}
