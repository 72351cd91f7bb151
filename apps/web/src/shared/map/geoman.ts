import L from 'leaflet';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';

let loading: Promise<void> | undefined;

/** Leaflet-Geoman (free), which extends the global Leaflet: loaded once, after Leaflet is global. */
export function loadGeoman(): Promise<void> {
  (globalThis as { L?: typeof L }).L ??= L;
  loading ??= import('@geoman-io/leaflet-geoman-free').then(() => undefined);
  return loading;
}
