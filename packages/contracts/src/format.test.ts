import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './envelope.js';
import { LOCALES, formatDateTimeIn } from './format.js';

/** What Intl itself writes for the instant in the zone, with the offset as the product names it. */
const oracles = new Map<string, [Intl.DateTimeFormat, Intl.DateTimeFormat]>();

function intlText(date: Date, language: (typeof LANGUAGES)[number], timeZone: string): string {
  const key = `${language}|${timeZone}`;
  if (!oracles.has(key)) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZone,
    };
    oracles.set(key, [
      new Intl.DateTimeFormat(LOCALES[language], options),
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }),
    ]);
  }
  const [dateTime, offset] = oracles.get(key)!;
  const name = offset.formatToParts(date).find((p) => p.type === 'timeZoneName')!.value;
  const match = /([+-])(\d{2}):?(\d{2})?/.exec(name);
  const east = !match ? 0 : (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
  const hours = Math.floor(Math.abs(east) / 60);
  const minutes = Math.abs(east) % 60;
  const zone = east === 0 ? 'UTC' : `UTC${east < 0 ? '-' : '+'}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
  return `${dateTime.format(date)} ${zone}`;
}

describe('times in an export', () => {
  // Zones with daylight saving (also half-hour saving), quarter-hour offsets and offsets west of UTC.
  const zones = [
    'UTC',
    'Asia/Jakarta',
    'Asia/Bangkok',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'America/New_York',
    'Europe/London',
    'Australia/Lord_Howe',
    'America/St_Johns',
  ];

  it('read exactly as Intl writes them, every language and zone, across daylight-saving changes', () => {
    const start = Date.UTC(2026, 0, 1);
    const differing: string[] = [];
    let compared = 0;
    for (const timeZone of zones) {
      for (const language of LANGUAGES) {
        // Every 13 h 13 min 17 s through a year, so every quarter-hour phase and both sides of each change are hit.
        for (let ms = start; ms < start + 366 * 86_400_000; ms += 47_580_000 + 17_000) {
          const date = new Date(ms);
          const written = formatDateTimeIn(date, language, timeZone);
          const expected = intlText(date, language, timeZone);
          compared++;
          if (written !== expected) differing.push(`${timeZone} ${language} ${date.toISOString()}: ${written} ≠ ${expected}`);
        }
      }
    }
    expect(differing.slice(0, 5)).toEqual([]);
    expect(compared).toBeGreaterThan(20_000);
  });

  it('on both sides of a daylight-saving change, to the second', () => {
    // New York springs forward at 07:00 UTC on 8 March 2026.
    expect(formatDateTimeIn('2026-03-08T06:59:59Z', 'en', 'America/New_York')).toBe('08/03/2026, 01:59:59 UTC-5');
    expect(formatDateTimeIn('2026-03-08T07:00:00Z', 'en', 'America/New_York')).toBe('08/03/2026, 03:00:00 UTC-4');
  });

  it('leaves an empty or unreadable value empty', () => {
    expect(formatDateTimeIn(null, 'en', 'UTC')).toBe('');
    expect(formatDateTimeIn('not a date', 'zh', 'UTC')).toBe('');
  });
});
