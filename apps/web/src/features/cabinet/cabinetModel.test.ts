import { describe, expect, it } from 'vitest';
import type { CabinetTrend } from '@swap/contracts';
import { trendSummary } from '../telemetry';
import { CABINET_TREND, meterLines } from './cabinetModel';

type Reading = CabinetTrend['points'][number];
const reading = (at: string, values: Partial<Reading> = {}): Reading => ({
  at,
  temperature: 30,
  humidity: 50,
  load: 1,
  waterAlarm: false,
  smokeAlarm: false,
  ...values,
});

describe('cabinet trend', () => {
  it('sums up a cabinet’s readings: each quantity’s range and how often each alarm was raised', () => {
    const points = [
      reading('2026-11-21T10:00:00Z', { temperature: 28.456, humidity: 61, load: 0.5 }),
      reading('2026-11-21T10:10:00Z', { temperature: 33.1, humidity: 44, load: 2.25, waterAlarm: true }),
      reading('2026-11-21T10:20:00Z', { temperature: 31, humidity: 52, load: 1.75, waterAlarm: true }),
    ];
    expect(trendSummary(points, CABINET_TREND)).toEqual({
      count: 3,
      lines: [
        { labelKey: 'field.temperature', min: 28.46, max: 33.1 },
        { labelKey: 'field.humidity', min: 44, max: 61 },
        { labelKey: 'field.load', min: 0.5, max: 2.25 },
      ],
      // The smoke alarm was never raised: it is left out.
      flags: [{ labelKey: 'field.waterAlarm', count: 2 }],
    });
  });

  it('lists a cabinet’s meters in index order with their energy to two decimals', () => {
    expect(
      meterLines([
        { index: 2, energyKwh: 3.256 },
        { index: 1, energyKwh: 1234.5 },
      ]),
    ).toEqual([
      { index: 1, kwh: '1234.5' },
      { index: 2, kwh: '3.26' },
    ]);
  });
});
