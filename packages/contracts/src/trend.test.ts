import { describe, expect, it } from 'vitest';
import { batteryTrend, cabinetTrend, trendQuery } from './domains/telemetry.js';

describe('device trends', () => {
  it('asks for a device id and one of the trend ranges, the last 24 hours by default', () => {
    expect(trendQuery.parse({ id: '7' })).toEqual({ id: 7, range: 'DAY' });
    expect(trendQuery.parse({ id: '7', range: 'MONTH' }).range).toBe('MONTH');
    expect(trendQuery.safeParse({ id: '7', range: 'QUARTER' }).success).toBe(false);
    expect(trendQuery.safeParse({ range: 'DAY' }).success).toBe(false);
  });

  it('answers each device’s readings with the range and the total before thinning', () => {
    const at = '2026-11-21T10:00:00.000Z';
    expect(batteryTrend.safeParse({ range: 'DAY', total: 1, points: [{ at, soc: 80, temperature: 31 }] }).success).toBe(true);
    const reading = { at, temperature: 30, humidity: 50, load: 2, waterAlarm: false, smokeAlarm: true };
    expect(cabinetTrend.safeParse({ range: 'WEEK', total: 1, points: [reading] }).success).toBe(true);
    const { smokeAlarm: _smoke, ...withoutSmoke } = reading;
    expect(cabinetTrend.safeParse({ range: 'WEEK', total: 1, points: [withoutSmoke] }).success).toBe(false);
  });
});
