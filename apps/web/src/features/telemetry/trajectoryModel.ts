import type { Page, Trajectory, TrajectoryPoint, Trip } from '@swap/contracts';

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance between two positions, km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface RouteSummary {
  start: string;
  end: string;
  km: number;
  durationMs: number;
  /** Sum of the drops in state of charge along the route, percent (batteries). */
  chargeUsed: number | null;
}

/** Start, end, distance, duration and charge used of a route. */
export function summarize(points: TrajectoryPoint[]): RouteSummary | null {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return null;
  let km = 0;
  let used: number | null = null;
  for (let i = 1; i < points.length; i++) {
    const before = points[i - 1]!;
    const here = points[i]!;
    km += distanceKm(before, here);
    if (before.soc !== null && here.soc !== null) used = (used ?? 0) + Math.max(0, before.soc - here.soc);
  }
  return { start: first.at, end: last.at, km, durationMs: Date.parse(last.at) - Date.parse(first.at), chargeUsed: used };
}

/** One page of points, newest first (the table reads like a log). */
export function pageOf(points: TrajectoryPoint[], current: number, size: number): Page<TrajectoryPoint> {
  const newest = [...points].reverse();
  return {
    records: newest.slice((current - 1) * size, current * size),
    total: newest.length,
    current,
    size,
    pages: Math.ceil(newest.length / size),
  };
}

/** The figures of a range from its trips: how many, how far, how long moving, how much charge. */
export function tripTotals(trips: readonly Trip[]): { count: number; km: number; seconds: number; chargeUsed: number | null } {
  let km = 0;
  let seconds = 0;
  let chargeUsed: number | null = null;
  for (const trip of trips) {
    km += trip.distanceKm;
    seconds += trip.durationSeconds;
    if (trip.chargeUsed !== null) chargeUsed = (chargeUsed ?? 0) + trip.chargeUsed;
  }
  return { count: trips.length, km, seconds, chargeUsed };
}

/**
 * Each trip's line on the map: the points sent that fall within the trip's time, held between the
 * trip's own start and end places (the server keeps those, but a thinned route may miss one).
 */
export function tripLines(trajectory: Pick<Trajectory, 'points' | 'trips'>): [number, number][][] {
  return trajectory.trips.map((trip) => {
    const line: [number, number][] = [[trip.start.lat, trip.start.lng]];
    for (const point of trajectory.points) {
      if (point.at > trip.start.at && point.at < trip.end.at) line.push([point.lat, point.lng]);
    }
    line.push([trip.end.lat, trip.end.lng]);
    return line;
  });
}

/** The point index where a trip starts (the first point at or after its start). */
export function indexAt(points: readonly TrajectoryPoint[], at: string): number {
  const index = points.findIndex((point) => point.at >= at);
  return index < 0 ? Math.max(0, points.length - 1) : index;
}

/** Playback speeds: points advanced per tick. */
export const PLAYBACK_SPEEDS = [1, 2, 5, 10, 20] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];
