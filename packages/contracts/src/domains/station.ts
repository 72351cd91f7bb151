import { z } from 'zod';
import { pageQuerySchema } from '../envelope.js';
import { endpoint, resourceEndpoints } from '../endpoint.js';
import { id, idQuery, requiredText, safeText } from '../validation.js';
import { areaOption } from './area.js';
import { STATION_SCREENS, STATION_TYPES, stationMapPath, type StationType } from './station-kinds.js';

export { STATION_SCREENS, STATION_TYPES, stationMapPath, type StationType } from './station-kinds.js';

/** Who runs the station: the owner itself, a franchisee under the owner, or a partner's premises. */
export const STATION_NATURES = ['SELF_OPERATED', 'FRANCHISED', 'PARTNER'] as const;
export type StationNature = (typeof STATION_NATURES)[number];
/** Deployment status. */
export const STATION_STATUSES = ['READY', 'DEPLOYED', 'MAINTENANCE'] as const;
export type StationStatus = (typeof STATION_STATUSES)[number];

/** Up to this many stations in the view, the map call answers the stations; more, it answers groups. */
export const STATION_MAP_POINTS = 200;
/** The map call's groups are cells of a grid this many cells across the view's longer side. */
export const STATION_MAP_GRID = 16;

const coordinate = (limit: number) =>
  z
    .number({ message: 'validation.coordinate' })
    .min(-limit, { message: 'validation.coordinate' })
    .max(limit, { message: 'validation.coordinate' });
const latitude = coordinate(90);
const longitude = coordinate(180);

export const stationRecord = z.object({
  id: z.number(),
  name: z.string(),
  nature: z.enum(STATION_NATURES),
  type: z.enum(STATION_TYPES),
  address: z.string(),
  /** Null only for a station made from an older cabinet's site text whose cabinets had no position. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The owner; null for the platform's own stations. */
  merchantId: z.number().nullable(),
  merchantName: z.string().nullable(),
  responsiblePerson: z.string(),
  /** Cabinets that belong to the station. */
  cabinetCount: z.number(),
  status: z.enum(STATION_STATUSES),
  /** The area the station lies in: found from its position, or chosen. */
  areaId: z.number().nullable(),
  areaName: z.string().nullable(),
  /** Lacks its position or responsible person (made from an older cabinet's site text): staff complete it. */
  incomplete: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StationRecord = z.infer<typeof stationRecord>;

/** name matches part of the name; areaId: stations whose position lies inside the area's outline. */
export const stationSearch = pageQuerySchema.extend({
  name: safeText(100).optional(),
  nature: z.enum(STATION_NATURES).optional(),
  status: z.enum(STATION_STATUSES).optional(),
  /** Owner (platform staff); 0: the platform's own. */
  merchantId: z.number().int().min(0).max(2147483647).optional(),
  areaId: id.optional(),
  /** true: the stations lacking a position or a responsible person; false: the complete ones. */
  incomplete: z.boolean().optional(),
});
export type StationSearch = z.infer<typeof stationSearch>;

export const stationAdd = z.object({
  name: requiredText(100),
  nature: z.enum(STATION_NATURES, { message: 'validation.required' }),
  address: requiredText(200),
  latitude,
  longitude,
  responsiblePerson: requiredText(60),
  status: z.enum(STATION_STATUSES, { message: 'validation.required' }),
  /** The owner, chosen by platform staff (merchant staff always write their own merchant's). */
  merchantId: id.nullish(),
  /** Chosen area; absent or null: the smallest area whose outline holds the position. */
  areaId: id.nullish(),
});
export type StationAdd = z.infer<typeof stationAdd>;
export const stationEdit = stationAdd.extend({ id });
export type StationEdit = z.infer<typeof stationEdit>;

/**
 * The map call's input: the list's filters and the view (docs/stations-and-maps.md, "Stations"):
 * the south-west and north-east corners in degrees; without them, the whole globe.
 */
export const stationMapQuery = stationSearch
  .extend({ south: latitude.optional(), west: longitude.optional(), north: latitude.optional(), east: longitude.optional() })
  .superRefine((view, context) => {
    const edges = [view.south, view.west, view.north, view.east].filter((edge) => edge !== undefined).length;
    if (edges === 0) return;
    for (const name of ['south', 'west', 'north', 'east'] as const)
      if (view[name] === undefined) context.addIssue({ code: 'custom', path: [name], message: 'validation.required' });
    if (edges < 4) return;
    if (view.south! > view.north!) context.addIssue({ code: 'custom', path: ['north'], message: 'validation.invalid' });
    if (view.west! > view.east!) context.addIssue({ code: 'custom', path: ['east'], message: 'validation.invalid' });
  });
export type StationMapQuery = z.infer<typeof stationMapQuery>;

/**
 * How a station on the map is doing (docs/stations-and-maps.md, "The map call"): ALARM while a cabinet
 * standing in it has an alarm not cleared; else ONLINE when it has cabinets and every one is online;
 * else OFFLINE (a cabinet not heard from, or none at all).
 */
export const STATION_MAP_STATES = ['ONLINE', 'OFFLINE', 'ALARM'] as const;
export type StationMapState = (typeof STATION_MAP_STATES)[number];

/** One station on the map. */
export const stationPoint = z.object({
  id: z.number(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  status: z.enum(STATION_STATUSES),
  cabinetCount: z.number(),
  /** Its cabinets online now. */
  onlineCabinets: z.number(),
  /** Alarms of its cabinets not cleared (open or acknowledged). */
  openAlarms: z.number(),
  state: z.enum(STATION_MAP_STATES),
});
export type StationPoint = z.infer<typeof stationPoint>;

/** Stations close together in a zoomed-out view: their count, mean position and the box around them. */
export const stationGroup = z.object({
  count: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  south: z.number(),
  west: z.number(),
  north: z.number(),
  east: z.number(),
  /** How many of them are online, offline and in alarm (each station's `state`): the group is drawn in their colours. */
  online: z.number(),
  offline: z.number(),
  alarm: z.number(),
});
export type StationGroup = z.infer<typeof stationGroup>;

/**
 * What the map draws for a view: `total` stations the filters find inside it; each one
 * (`stations`) when they are at most STATION_MAP_POINTS, else `groups` (a station alone in its
 * cell is still in `stations`).
 */
export const stationMap = z.object({
  total: z.number(),
  stations: z.array(stationPoint),
  groups: z.array(stationGroup),
});
export type StationMap = z.infer<typeof stationMap>;

function stationEndpoints(type: StationType) {
  const { path, code } = STATION_SCREENS[type];
  const words = type === 'INTEGRATED' ? 'integrated station' : 'swap station';
  return {
    ...resourceEndpoints({
      path,
      code,
      record: stationRecord,
      search: stationSearch,
      add: stationAdd,
      edit: stationEdit,
      sortable: ['name', 'nature', 'status', 'cabinetCount', 'createdAt'],
    }),
    detail: endpoint({
      method: 'GET',
      path: `${path}/detail`,
      access: { code },
      query: idQuery,
      answer: stationRecord,
      summary: `One ${words}`,
    }),
    map: endpoint({
      method: 'POST',
      path: stationMapPath(type),
      access: { code },
      body: stationMapQuery,
      answer: stationMap,
      summary: `The ${words}s the list's filters find inside the map's view: each one, or groups when more than ${STATION_MAP_POINTS}`,
    }),
    areas: endpoint({
      method: 'GET',
      path: `${path}/areas`,
      access: { code },
      answer: z.array(areaOption),
      summary: 'Every area (id, code, name, outline), for the area filter and the map',
    }),
  } as const;
}

/** Sites → Integrated stations and Sites → Swap stations: one declaration per type. */
export const stationApi = {
  INTEGRATED: stationEndpoints('INTEGRATED'),
  SWAP: stationEndpoints('SWAP'),
} as const;
