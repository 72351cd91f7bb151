import { describe, expect, it } from 'vitest';
import type { TrajectoryPoint, Trip } from '@swap/contracts';
import { distanceKm, indexAt, pageOf, summarize, tripLines, tripTotals } from './trajectoryModel';

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

  it('draws each trip between its own ends from the points inside its time, and adds up the trips', () => {
    const route = [
      point(0, -6.2, 106.8),
      point(5, -6.19, 106.8),
      point(10, -6.18, 106.8),
      point(40, -6.18, 106.8),
      point(45, -6.17, 106.8),
    ];
    const trip = (from: number, to: number, start: TrajectoryPoint, end: TrajectoryPoint, km: number, charge: number | null): Trip => ({
      start: { at: point(from, 0, 0).at, lat: start.lat, lng: start.lng },
      end: { at: point(to, 0, 0).at, lat: end.lat, lng: end.lng },
      distanceKm: km,
      durationSeconds: (to - from) * 60,
      averageSpeed: 0,
      topSpeed: 0,
      chargeUsed: charge,
      reports: 0,
    });
    const trips = [trip(0, 10, route[0]!, route[2]!, 2.2, null), trip(40, 45, route[3]!, route[4]!, 1.1, 3)];
    expect(tripLines({ points: route, trips })).toEqual([
      [
        [-6.2, 106.8],
        [-6.19, 106.8],
        [-6.18, 106.8],
      ],
      [
        [-6.18, 106.8],
        [-6.17, 106.8],
      ],
    ]);
    expect(tripTotals(trips)).toEqual({ count: 2, km: expect.closeTo(3.3, 9), seconds: 900, chargeUsed: 3 });
    expect(tripTotals([]).chargeUsed).toBeNull();
    expect(indexAt(route, trips[1]!.start.at)).toBe(3);
    expect(indexAt(route, point(50, 0, 0).at)).toBe(4);
  });

  it('pages the positions newest first', () => {
    const route = Array.from({ length: 45 }, (_, i) => point(i, -6, 106));
    const second = pageOf(route, 2, 20);
    expect(second).toMatchObject({ total: 45, pages: 3, current: 2, size: 20 });
    expect(second.records[0]!.at).toBe(route[24]!.at);
    expect(pageOf(route, 3, 20).records).toHaveLength(5);
  });
});
