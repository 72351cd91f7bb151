import { describe, expect, it } from 'vitest';
import { trendSummary } from '../telemetry';
import { BATTERY_TREND } from './batteryModel';

describe('battery trend', () => {
  it('sums up a battery’s charge and temperature, which has no flags', () => {
    const summary = trendSummary(
      [
        { at: '2026-11-21T10:00:00Z', soc: 90, temperature: 31 },
        { at: '2026-11-21T10:10:00Z', soc: 70, temperature: 34 },
      ],
      BATTERY_TREND,
    );
    expect(summary.lines.map((l) => [l.min, l.max])).toEqual([
      [70, 90],
      [31, 34],
    ]);
    expect(summary.flags).toEqual([]);
  });
});
