import { describe, expect, it } from 'vitest';
import { LANGUAGES, formatDateTimeIn } from '@swap/contracts';
import { formatAmount, formatDate, formatDateTime, formatNumber, isCalendarDate, setDisplayTimeZone, zoneLabel } from './format';

const NBSP = /\u00a0|\u202f/g;
const plain = (text: string) => text.replace(NBSP, ' ');

describe('formats that follow the language', () => {
  it("writes money the language's way with the currency's decimals", () => {
    expect(plain(formatAmount(1234567.8, 'IDR', 0, 'in'))).toBe('Rp 1.234.568');
    expect(plain(formatAmount(1234567.8, 'IDR', 0, 'en'))).toBe('IDR 1,234,568');
    expect(plain(formatAmount(12.5, 'THB', 2, 'th'))).toBe('฿12.50');
    expect(plain(formatAmount(12.5, 'USD', 2, 'zh'))).toBe('US$12.50');
    // Amounts come from the API as exact decimal strings: formatted digit for digit, no float between.
    expect(plain(formatAmount('1234567.50', 'IDR', 0, 'in'))).toBe('Rp 1.234.568');
    expect(plain(formatAmount('99999999999.99', 'THB', 2, 'en'))).toBe('THB 99,999,999,999.99');
    expect(plain(formatAmount('20000.40', 'VND', 0, 'en'))).toBe('₫20,000');
  });

  it("groups numbers the language's way", () => {
    expect(formatNumber(1234567.25, 'in')).toBe('1.234.567,25');
    expect(formatNumber(1234567.25, 'en')).toBe('1,234,567.25');
  });

  it("shows a time in the language's order with its zone", () => {
    const instant = '2026-03-09T07:30:05Z';
    const zone = zoneLabel(new Date(instant));
    expect(formatDateTime(instant, 'en')).toBe(`09/03/2026, ${localTime(instant)} ${zone}`);
    expect(formatDateTime(instant, 'zh')).toMatch(new RegExp(`^2026/03/09 \\d\\d:30:05 ${zone.replace('+', '\\+')}$`));
    // Thai dates count years like the pickers do (Gregorian), not the Buddhist era.
    expect(formatDateTime(instant, 'th')).toContain('2026');
    expect(formatDateTime(null, 'en')).toBe('');
    expect(formatDateTime('not a date', 'en')).toBe('');
  });

  it("writes a calendar date the language's way, the same day in every zone", () => {
    expect(formatDate('2026-01-15', 'en')).toBe('15/01/2026');
    expect(formatDate('2026-01-15', 'in')).toBe('15/01/2026');
    expect(formatDate('2026-01-15', 'zh')).toBe('2026/01/15');
    expect(formatDate('2026-01-15', 'th')).toBe('15/01/2026');
    expect(isCalendarDate('2026-01-15')).toBe(true);
    expect(isCalendarDate('2026-01-15T00:00:00Z')).toBe(false);
    expect(formatDate('soon', 'en')).toBe('soon');
  });

  it('names the zone as an offset from UTC', () => {
    const date = { getTimezoneOffset: () => -420 } as Date;
    expect(zoneLabel(date)).toBe('UTC+7');
    expect(zoneLabel({ getTimezoneOffset: () => -330 } as Date)).toBe('UTC+5:30');
    expect(zoneLabel({ getTimezoneOffset: () => 180 } as Date)).toBe('UTC-3');
    expect(zoneLabel({ getTimezoneOffset: () => 0 } as Date)).toBe('UTC');
  });
});

function localTime(instant: string): string {
  const date = new Date(instant);
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

describe('the CSV exports’ times', () => {
  it('read as the screens write them, in every language (contracts formatDateTimeIn, server side)', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    for (const language of LANGUAGES) {
      for (const instant of ['2026-03-09T07:30:05Z', '2026-11-25T23:59:59.999Z']) {
        expect(formatDateTimeIn(instant, language, zone)).toBe(formatDateTime(instant, language));
      }
    }
  });
});

describe('the time zone chosen on one’s own profile', () => {
  it('shows every instant in that zone with its offset, and the browser’s again once cleared', () => {
    const instant = '2026-11-25T14:05:09Z';
    setDisplayTimeZone('Asia/Jakarta');
    expect(plain(formatDateTime(instant, 'en'))).toBe('25/11/2026, 21:05:09 UTC+7');
    setDisplayTimeZone('Asia/Kolkata');
    expect(plain(formatDateTime(instant, 'en'))).toBe('25/11/2026, 19:35:09 UTC+5:30');
    expect(plain(formatDateTime(instant, 'en'))).toBe(plain(formatDateTimeIn(instant, 'en', 'Asia/Kolkata')));
    setDisplayTimeZone(null);
    expect(formatDateTime(instant, 'en').endsWith(zoneLabel(new Date(instant)))).toBe(true);
  });
});
