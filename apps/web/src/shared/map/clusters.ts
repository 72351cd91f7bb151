import Supercluster from 'supercluster';

/** A place on a map: latitude and longitude in degrees (WGS 84). */
export interface MapMarker {
  id: string | number;
  lat: number;
  lng: number;
  /** What the marker is called: its tooltip and its name for assistive technology. */
  label: string;
  /** Drawn in its own colour: a stop of a route, or how a station is doing (online, offline, in alarm). */
  tone?: 'stop' | 'online' | 'offline' | 'alarm';
}

/** What the map draws for the current view: single markers, and groups of nearby ones. */
export type ClusterItem =
  | { kind: 'marker'; marker: MapMarker }
  | { kind: 'cluster'; id: number; lat: number; lng: number; count: number; expansionZoom: number; tones: ClusterTones };

/** A group's markers by the tones that tell a state (online, offline, in alarm). */
export type ClusterTones = Partial<Record<'online' | 'offline' | 'alarm', number>>;
type ToneCounts = { online: number; offline: number; alarm: number };
const STATE_TONES = ['online', 'offline', 'alarm'] as const;

/** Markers nearer than this many pixels at a zoom are drawn as one group. */
export const CLUSTER_RADIUS_PX = 60;
/** From this zoom on every marker is drawn on its own. */
export const CLUSTER_MAX_ZOOM = 16;

/**
 * Groups markers for drawing (supercluster): `itemsIn(bounds, zoom)` answers what to draw for a view,
 * where a group carries its count and the zoom at which it splits.
 */
export function clusterIndex(markers: readonly MapMarker[]) {
  const valid = markers.filter((m) => Number.isFinite(m.lat) && Number.isFinite(m.lng) && Math.abs(m.lat) <= 90 && Math.abs(m.lng) <= 180);
  const index = new Supercluster<{ marker: MapMarker }, ToneCounts>({
    radius: CLUSTER_RADIUS_PX,
    maxZoom: CLUSTER_MAX_ZOOM,
    // Each group counts its markers' states as it is made.
    map: ({ marker }) => ({
      online: marker.tone === 'online' ? 1 : 0,
      offline: marker.tone === 'offline' ? 1 : 0,
      alarm: marker.tone === 'alarm' ? 1 : 0,
    }),
    reduce: (into, from) => {
      for (const tone of STATE_TONES) into[tone] += from[tone];
    },
  });
  index.load(
    valid.map((marker) => ({
      type: 'Feature',
      properties: { marker },
      geometry: { type: 'Point', coordinates: [marker.lng, marker.lat] },
    })),
  );
  return {
    /** What to draw within [west, south, east, north] at a whole zoom. */
    itemsIn(bounds: [number, number, number, number], zoom: number): ClusterItem[] {
      return index.getClusters(bounds, Math.round(zoom)).map((feature): ClusterItem => {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const props = feature.properties as {
          marker?: MapMarker;
          cluster?: boolean;
          cluster_id?: number;
          point_count?: number;
        } & Partial<ToneCounts>;
        if (props.cluster && props.cluster_id !== undefined) {
          const tones: ClusterTones = {};
          for (const tone of STATE_TONES) if (props[tone]) tones[tone] = props[tone];
          return {
            kind: 'cluster',
            id: props.cluster_id,
            lat,
            lng,
            count: props.point_count ?? 0,
            expansionZoom: index.getClusterExpansionZoom(props.cluster_id),
            tones,
          };
        }
        return { kind: 'marker', marker: props.marker! };
      });
    },
  };
}
