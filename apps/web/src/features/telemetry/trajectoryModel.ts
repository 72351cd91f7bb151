import type { Page, TrajectoryPoint } from '@swap/contracts';

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

export interface Projected {
  width: number;
  height: number;
  xy: [number, number][];
}

/**
 * Positions onto an SVG box scaled to the route's bounding box. Longitude is shrunk by the cosine
 * of the latitude so the route keeps its true shape; north is up.
 */
export function project(points: { lat: number; lng: number }[], size = 600, padding = 24): Projected {
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const [minLat, maxLat, minLng, maxLng] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  const squeeze = Math.cos(rad((minLat + maxLat) / 2));
  const spanX = Math.max((maxLng - minLng) * squeeze, 1e-9);
  const spanY = Math.max(maxLat - minLat, 1e-9);
  const scale = (size - 2 * padding) / Math.max(spanX, spanY);
  const width = Math.max(spanX * scale + 2 * padding, 2 * padding + 1);
  const height = Math.max(spanY * scale + 2 * padding, 2 * padding + 1);
  return {
    width,
    height,
    xy: points.map((p) => [padding + (p.lng - minLng) * squeeze * scale, height - padding - (p.lat - minLat) * scale]),
  };
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
