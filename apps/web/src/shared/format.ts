import { LOCALES, formatDateTime as formatInstant, type Language } from '@swap/contracts';

export { LOCALES, zoneLabel } from '@swap/contracts';

/** The format of date inputs (pickers); shown dates follow the language, see formatDateTime. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The language in use, read from the page's lang attribute (set with the language, see shared/language.ts). */
function pageLanguage(): Language {
  const lang = document.documentElement.lang;
  return lang === 'id' ? 'in' : lang === 'th' ? 'th' : lang.startsWith('zh') ? 'zh' : 'en';
}

const formats = new Map<string, Intl.NumberFormat>();

function cached<F extends Intl.NumberFormat>(key: string, make: () => F): F {
  let format = formats.get(key) as F | undefined;
  if (!format) formats.set(key, (format = make()));
  return format;
}

/**
 * An instant from the API in the browser's time zone, written the language's way, with the zone;
 * a CSV export writes it alike in the zone the browser sends (contracts format.ts).
 */
export function formatDateTime(value: string | number | Date | null | undefined, language: Language = pageLanguage()): string {
  return formatInstant(value, language);
}

/** A count or measure with the language's digit grouping and decimal mark. */
export function formatNumber(value: number, language: Language = pageLanguage()): string {
  return cached(`n${language}`, () => new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 3 })).format(value);
}

/**
 * An amount in the tenant's currency (an ISO 4217 code) with its decimals (CURRENCY_DECIMALS of the
 * contracts), the language's way: "Rp 1.234.568", "฿12.50".
 */
export function formatAmount(amount: number, currency: string, decimals: number, language: Language = pageLanguage()): string {
  return cached(
    `m${language}${currency}`,
    () =>
      new Intl.NumberFormat(LOCALES[language], {
        style: 'currency',
        currency,
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      }),
  ).format(amount);
}
