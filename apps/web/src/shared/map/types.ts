import type { Map as LeafletMap } from 'leaflet';
import type { MapMarker } from './clusters';

export type { MapMarker } from './clusters';

/** An outline on the map: one closed ring of [longitude, latitude] points (GeoJSON order). */
export interface MapPolygon {
  id: string | number;
  ring: readonly (readonly [number, number])[];
  label: string;
  /** Drawn bolder (the record being looked at). */
  selected?: boolean;
  color?: string;
}

/** A line on the map (a route): [latitude, longitude] points in order. */
export interface MapLine {
  id: string | number;
  points: readonly (readonly [number, number])[];
  label: string;
  /** Drawn bolder and on top (the trip being looked at). */
  selected?: boolean;
  color?: string;
}

/** One marked position that moves (playback): drawn above everything, not grouped. */
export interface MapCursor {
  lat: number;
  lng: number;
  label: string;
}

/** A view's edges in degrees (south-west and north-east corners). */
export interface MapBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Places grouped by whoever answers them (a server's grid): drawn like a group of markers; activating it fits the map to its box. */
export interface MapGroup {
  id: string | number;
  lat: number;
  lng: number;
  count: number;
  bounds: MapBounds;
  /** How many of its places are of each tone (stations online, offline, in alarm): the group's ring shows their shares. */
  tones?: GroupTones;
}

/** Places of a group by tone. */
export type GroupTones = Partial<Record<'online' | 'offline' | 'alarm', number>>;

export interface MapViewProps {
  /** The map's name for assistive technology ("Map of the areas"). */
  label: string;
  height?: number | string;
  polygons?: readonly MapPolygon[];
  markers?: readonly MapMarker[];
  lines?: readonly MapLine[];
  /** Groups made elsewhere (not regrouped here). */
  groups?: readonly MapGroup[];
  cursor?: MapCursor | null;
  /** What is drawn is being replaced (aria-busy on the map). */
  busy?: boolean;
  /** [latitude, longitude] and zoom of the first view, when fitTo names nothing. */
  center?: [number, number];
  zoom?: number;
  /** The view is fitted to these whenever this object changes. */
  fitTo?:
    | { polygons?: readonly MapPolygon[]; markers?: readonly MapMarker[]; lines?: readonly MapLine[]; bounds?: readonly MapBounds[] }
    | undefined;
  /** The view once the map settles after a move or zoom (a quarter second after the last one), and at first. */
  onViewChange?: (view: MapBounds) => void;
  onMapClick?: (point: { lat: number; lng: number }) => void;
  onMarkerClick?: (id: MapMarker['id']) => void;
  onPolygonClick?: (id: MapPolygon['id']) => void;
  onLineClick?: (id: MapLine['id']) => void;
  /** Extends the map once it exists (a drawing tool); answers its own clean-up. */
  onReady?: (map: LeafletMap) => void | (() => void);
}

/** The outline editor: a map whose outline the user draws and edits (see PolygonEditor). */
export interface PolygonEditorProps extends Omit<MapViewProps, 'polygons' | 'onReady'> {
  /** A closed ring of [longitude, latitude], or null for none. */
  value: readonly (readonly [number, number])[] | null | undefined;
  onChange: (ring: [number, number][] | null) => void;
  /** Outlines shown for orientation under the one edited (a city's province). */
  context?: readonly MapPolygon[];
}
