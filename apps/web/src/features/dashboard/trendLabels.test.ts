import { describe, expect, it } from 'vitest';
import type { DashboardTrend } from '@swap/contracts';

// A browser west of UTC: labels must not depend on the reader's zone (set before any date is made).
process.env.TZ = 'America/Los_Angeles';
const { trendLabels } = await import('./trendLabels');

const days = (timeZone: string, ...at: string[]): DashboardTrend => ({
  range: 'week',
  unit: 'day',
  timeZone,
  points: at.map((day) => ({ at: day, swaps: 0, sales: 0, energyKwh: 0, newUsers: 0 })),
});

describe('trend labels', () => {
  it('runs in a zone west of UTC', () => {
    expect(new Date(Date.UTC(2026, 10, 27)).getTimezoneOffset()).toBe(8 * 60);
  });

  it('labels each day of a week or a month as the day the server counted, whatever the zones', () => {
    for (const zone of ['America/Los_Angeles', 'Asia/Jakarta', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC'])
      expect(trendLabels(days(zone, '2026-11-30', '2026-12-01', '2027-01-01'), 'en')).toEqual(['30 Nov', '1 Dec', '1 Jan']);
    // Across the change to summer time in the west, and in the other languages.
    expect(trendLabels(days('America/Los_Angeles', '2026-03-07', '2026-03-08', '2026-03-09'), 'en')).toEqual(['7 Mar', '8 Mar', '9 Mar']);
    expect(trendLabels(days('America/Los_Angeles', '2026-11-27'), 'zh')).toEqual(['11月27日']);
    expect(trendLabels(days('America/Los_Angeles', '2026-11-27'), 'in')).toEqual(['27 Nov']);
  });

  it("labels today's hours in the zone the server counted them in, from midnight there", () => {
    const jakartaMidnight = Date.UTC(2026, 10, 26, 17);
    const hours = (timeZone: string, start: number): DashboardTrend => ({
      range: 'today',
      unit: 'hour',
      timeZone,
      points: [0, 1, 23].map((h) => ({ at: new Date(start + h * 3_600_000).toISOString(), swaps: 0, sales: 0, energyKwh: 0, newUsers: 0 })),
    });
    expect(trendLabels(hours('Asia/Jakarta', jakartaMidnight), 'en')).toEqual(['00:00', '01:00', '23:00']);
    // Los Angeles' midnight (UTC-8 in November).
    expect(trendLabels(hours('America/Los_Angeles', Date.UTC(2026, 10, 27, 8)), 'en')).toEqual(['00:00', '01:00', '23:00']);
  });
});
