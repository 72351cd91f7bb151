import { describe, expect, it } from 'vitest';
import type { TrajectoryPoint } from '@swap/contracts';
import { distanceKm, pageOf, project, summarize } from './trajectoryModel';

const point = (minute: number, lat: number, lng: number, soc: number | null = null): TrajectoryPoint => ({
  at: new Date(Date.UTC(2026, 0, 1, 8, minute)).toISOString(),
  lat,
  lng,
  speed: null,
  soc,
});

describe('trajectory figures', () => {
  it('measures a route: start, end, distance along it, duration and the charge it used', () => {
    // About 1.11 km per 0.01° of latitude; the charge drops 5 + 3 points and rises 1 (charging) in between.
    const route = [point(0, -6.2, 106.8, 90), point(10, -6.19, 106.8, 85), point(25, -6.18, 106.8, 86), point(40, -6.17, 106.8, 83)];
    const summary = summarize(route)!;
    expect(summary.start).toBe(route[0]!.at);
    expect(summary.end).toBe(route[3]!.at);
    expect(summary.durationMs).toBe(40 * 60_000);
    expect(summary.km).toBeCloseTo(3 * distanceKm({ lat: -6.2, lng: 106.8 }, { lat: -6.19, lng: 106.8 }), 6);
    expect(summary.km).toBeCloseTo(3.34, 1);
    expect(summary.chargeUsed).toBe(8);
    expect(summarize([])).toBeNull();
  });

  it('fits the route into its box with north up and the true shape kept', () => {
    const { width, height, xy } = project([
      { lat: 0, lng: 0 },
      { lat: 0.01, lng: 0.02 },
    ]);
    // Twice as wide as tall at the equator; the first point bottom left, the second top right.
    expect(width).toBeCloseTo(600);
    expect(height).toBeCloseTo(24 * 2 + (600 - 48) / 2);
    expect(xy[0]![0]).toBeCloseTo(24);
    expect(xy[0]![1]).toBeCloseTo(height - 24);
    expect(xy[1]![0]).toBeCloseTo(width - 24);
    expect(xy[1]![1]).toBeCloseTo(24);
  });

  it('pages the positions newest first', () => {
    const route = Array.from({ length: 45 }, (_, i) => point(i, -6, 106));
    const second = pageOf(route, 2, 20);
    expect(second).toMatchObject({ total: 45, pages: 3, current: 2, size: 20 });
    expect(second.records[0]!.at).toBe(route[24]!.at);
    expect(pageOf(route, 3, 20).records).toHaveLength(5);
  });
});
