import { lazy, Suspense } from 'react';
import type { MapViewProps, PolygonEditorProps } from './types';

export type { GroupTones, MapBounds, MapCursor, MapGroup, MapLine, MapMarker, MapPolygon, MapViewProps, PolygonEditorProps } from './types';

const LazyMapView = lazy(() => import('./MapView'));
const LazyPolygonEditor = lazy(() => import('./PolygonEditor'));

/**
 * The product's map (docs/stations-and-maps.md). Leaflet and its styles are loaded the first time a
 * map is shown, so a screen without a map does not carry them; until then the map's place is kept.
 */
export function MapView(props: MapViewProps) {
  return (
    <Suspense
      fallback={
        <div className="map-view" role="region" aria-label={props.label} aria-busy="true" style={{ height: props.height ?? 420 }} />
      }
    >
      <LazyMapView {...props} />
    </Suspense>
  );
}

/** An outline drawn and edited on the map (Leaflet-Geoman loads with it). */
export function PolygonEditor(props: PolygonEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="map-view" role="region" aria-label={props.label} aria-busy="true" style={{ height: props.height ?? 420 }} />
      }
    >
      <LazyPolygonEditor {...props} />
    </Suspense>
  );
}
