import { z } from 'zod';
import { pageQuerySchema } from '../envelope.js';
import { endpoint, resourceEndpoints } from '../endpoint.js';
import { cleanString, id, requiredText, safeText } from '../validation.js';

/**
 * Areas: the provinces and the cities under them, each with its outline on the map
 * (docs/stations-and-maps.md, "Areas"). Platform data: platform staff write them, every account
 * holding the menu reads them.
 */
export const AREA_TYPES = ['PROVINCE', 'CITY'] as const;
export type AreaType = (typeof AREA_TYPES)[number];

/** The most points an outline may have, its ring closed (first point repeated last). */
export const AREA_MAX_POINTS = 500;
/** The widest and tallest an outline may be, in degrees (a large province spans about 10°). */
export const AREA_MAX_SPAN_DEGREES = 20;

/** A point of an outline: [longitude, latitude] in degrees, GeoJSON order. */
export type RingPoint = readonly [number, number];

/** Whether the segments a–b and c–d cross or touch (shared ends of neighbouring segments aside). */
function segmentsMeet(a: RingPoint, b: RingPoint, c: RingPoint, d: RingPoint): boolean {
  const turn = (p: RingPoint, q: RingPoint, r: RingPoint) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  const onSegment = (p: RingPoint, q: RingPoint, r: RingPoint) =>
    Math.min(p[0], r[0]) <= q[0] && q[0] <= Math.max(p[0], r[0]) && Math.min(p[1], r[1]) <= q[1] && q[1] <= Math.max(p[1], r[1]);
  const t1 = turn(a, b, c);
  const t2 = turn(a, b, d);
  const t3 = turn(c, d, a);
  const t4 = turn(c, d, b);
  if (t1 !== t2 && t3 !== t4) return true;
  return (
    (t1 === 0 && onSegment(a, c, b)) ||
    (t2 === 0 && onSegment(a, d, b)) ||
    (t3 === 0 && onSegment(c, a, d)) ||
    (t4 === 0 && onSegment(c, b, d))
  );
}

/** Twice the signed area of a closed ring (shoelace), in square degrees. */
export function ringArea2(ring: readonly RingPoint[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) sum += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
  return sum;
}

/**
 * Why an outline cannot be stored, or null when it can: a closed ring (first point repeated last)
 * of at least three distinct points and at most AREA_MAX_POINTS, no wider or taller than
 * AREA_MAX_SPAN_DEGREES, enclosing some surface, whose edges do not cross one another.
 */
export function ringProblem(ring: readonly RingPoint[]): 'validation.polygon' | 'validation.polygonSize' | null {
  if (ring.length > AREA_MAX_POINTS) return 'validation.polygonSize';
  if (ring.length < 4) return 'validation.polygon';
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1]) return 'validation.polygon';
  const lngs = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  if (Math.max(...lngs) - Math.min(...lngs) > AREA_MAX_SPAN_DEGREES || Math.max(...lats) - Math.min(...lats) > AREA_MAX_SPAN_DEGREES)
    return 'validation.polygonSize';
  if (Math.abs(ringArea2(ring)) < 1e-10) return 'validation.polygon';
  const edges = ring.length - 1;
  for (let i = 0; i < edges; i++)
    for (let j = i + 1; j < edges; j++) {
      if (j === i + 1 || (i === 0 && j === edges - 1)) continue; // neighbours share an end
      if (segmentsMeet(ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!)) return 'validation.polygon';
    }
  return null;
}

const coordinate = (limit: number) =>
  z.number({ message: 'validation.polygon' }).refine((v) => Number.isFinite(v) && Math.abs(v) <= limit, { message: 'validation.polygon' });

/** An outline: one closed ring of [longitude, latitude] points (see ringProblem). */
export const areaPolygon = z
  .array(z.tuple([coordinate(180), coordinate(90)], { message: 'validation.polygon' }), { message: 'validation.polygon' })
  .max(AREA_MAX_POINTS, { message: 'validation.polygonSize' })
  .superRefine((ring, context) => {
    const problem = ringProblem(ring);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const areaCode = cleanString()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(20, { message: 'validation.codeFormat' })
  .regex(/^[A-Za-z0-9-]+$/, { message: 'validation.codeFormat' });

export const areaRecord = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.enum(AREA_TYPES),
  /** A city's province; null for a province. */
  provinceId: z.number().nullable(),
  /** The province: its own name for a province, its parent's for a city. */
  province: z.string(),
  /** The city's name; null for a province. */
  city: z.string().nullable(),
  /** Cities under a province (0 for a city). */
  cityCount: z.number(),
  polygon: z.array(z.tuple([z.number(), z.number()])).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AreaRecord = z.infer<typeof areaRecord>;

/** code and name match part of the text; provinceId names the province of the cities listed. */
export const areaSearch = pageQuerySchema.extend({
  code: safeText(20).optional(),
  name: safeText(100).optional(),
  type: z.enum(AREA_TYPES).optional(),
  provinceId: id.optional(),
});
export type AreaSearch = z.infer<typeof areaSearch>;

const areaFields = z.object({
  code: areaCode,
  name: requiredText(100),
  type: z.enum(AREA_TYPES, { message: 'validation.required' }),
  /** Required for a city (told beside the field), absent or null for a province (the server says which). */
  provinceId: id.nullable().optional(),
  polygon: areaPolygon.nullable().optional(),
});

/** A city lies in a province: without one, the province field is told it is required. */
function cityNeedsProvince(area: { type: AreaType; provinceId?: number | null | undefined }, context: z.RefinementCtx): void {
  if (area.type === 'CITY' && (area.provinceId === undefined || area.provinceId === null))
    context.addIssue({ code: 'custom', path: ['provinceId'], message: 'validation.required' });
}

export const areaAdd = areaFields.superRefine(cityNeedsProvince);
export type AreaAdd = z.infer<typeof areaAdd>;
export const areaEdit = areaFields.extend({ id }).superRefine(cityNeedsProvince);
export type AreaEdit = z.infer<typeof areaEdit>;

export const areaOption = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  polygon: z.array(z.tuple([z.number(), z.number()])).nullable(),
});

/** System centre → Areas (`admin.area`): reads for every holder of the menu, writes for platform staff. */
const areaResource = resourceEndpoints({
  path: '/admin/area',
  code: 'admin.area',
  record: areaRecord,
  search: areaSearch,
  add: areaAdd,
  edit: areaEdit,
  sortable: ['code', 'name', 'type', 'province', 'createdAt'],
  writeScope: 'platform',
});

export const areaApi = {
  ...areaResource,
  /** The provinces, for a city's province and the list's filter. */
  provinces: endpoint({
    method: 'GET',
    path: '/admin/area/provinces',
    access: { code: 'admin.area' },
    answer: z.array(areaOption),
    summary: 'Every province (id, code, name, outline), by name',
  }),
} as const;
