import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// A static asset fetched when a map needs it (never inlined into the JavaScript).
import outlineUrl from 'world-atlas/countries-50m.json?url';

let loading: Promise<FeatureCollection> | undefined;

/** The bundled country shapes (world-atlas, 1:50m), loaded once per page and shared by every map. */
export function loadOutline(): Promise<FeatureCollection> {
  loading ??= fetch(outlineUrl)
    .then((answer) => {
      if (!answer.ok) throw new Error(`outline map: HTTP ${answer.status}`);
      return answer.json() as Promise<Topology<{ countries: GeometryCollection }>>;
    })
    .then((topology) => feature(topology, topology.objects.countries) as FeatureCollection)
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
