import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { clusterIndex, type MapMarker } from './clusters';
import { useMapTiles } from './mapConfig';
import { loadOutline } from './outline';
import type { GroupTones, MapBounds, MapPolygon, MapViewProps } from './types';
import './map.css';

/** Where a map without anything to show opens: Indonesia and Thailand. */
const DEFAULT_CENTER: [number, number] = [5, 110];
const DEFAULT_ZOOM = 4;
const OUTLINE_PANE = 'outline';

/**
 * The map of the product (docs/stations-and-maps.md): Leaflet with the configured tiles, the bundled
 * country outline beneath them (drawn at once without tiles, or as soon as a tile fails), a scale,
 * the given polygons and the given markers, grouped when they crowd. Loaded lazily through `MapView`
 * of `./index`, so only screens that show a map load Leaflet.
 */
export default function MapView({
  label,
  height = 420,
  polygons = [],
  markers = [],
  lines = [],
  groups = [],
  cursor = null,
  busy = false,
  center = DEFAULT_CENTER,
  zoom = DEFAULT_ZOOM,
  fitTo,
  onMapClick,
  onMarkerClick,
  onPolygonClick,
  onLineClick,
  onReady,
  onViewChange,
}: MapViewProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const { tiles, known } = useMapTiles();
  const [base, setBase] = useState<'tiles' | 'outline' | 'loading'>('loading');
  const handlers = useRef({ onMapClick, onMarkerClick, onPolygonClick, onLineClick, onViewChange });
  // A group's name starts with its count; a group of stations also says how many are online, offline and in alarm.
  const nameOf = useCallback(
    (group: { count: number; tones?: GroupTones | undefined }) => {
      const { online = 0, offline = 0, alarm = 0 } = group.tones ?? {};
      return online + offline + alarm > 0
        ? t('map.clusterStates', { count: group.count, online, offline, alarm })
        : t('map.cluster', { count: group.count });
    },
    [t],
  );
  useEffect(() => {
    handlers.current = { onMapClick, onMarkerClick, onPolygonClick, onLineClick, onViewChange };
  });

  // The map itself, once per mount.
  useEffect(() => {
    if (!element.current) return;
    const created = L.map(element.current, { center, zoom, minZoom: 2, maxZoom: 18, worldCopyJump: true, zoomControl: true });
    created.attributionControl.setPrefix(false);
    created.createPane(OUTLINE_PANE).style.zIndex = '150'; // below the tiles (200)
    // The scale's bar is as long as its round distance: up to maxWidth, down to half of it. At
    // Leaflet's 100 px a 50 px bar cut "500 km" off; from 75 px up its words fit (docs/stations-and-maps.md).
    L.control.scale({ imperial: false, maxWidth: 150 }).addTo(created);
    created.on('click', (event: L.LeafletMouseEvent) => handlers.current.onMapClick?.({ lat: event.latlng.lat, lng: event.latlng.lng }));
    let settle: ReturnType<typeof setTimeout> | undefined;
    const moved = () => {
      clearTimeout(settle);
      settle = setTimeout(() => handlers.current.onViewChange?.(viewOf(created)), 250);
    };
    created.on('moveend', moved);
    moved();
    setMap(created);
    return () => {
      clearTimeout(settle);
      created.remove();
      setMap(null);
    };
    // The first view only; later views come from fitTo.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The base layers: the tiles when configured, the outline when there are none or one fails.
  useEffect(() => {
    if (!map || !known) return;
    let outline: L.GeoJSON | undefined;
    let cancelled = false;
    const drawOutline = () => {
      if (outline || cancelled) return;
      outline = L.geoJSON(undefined, {
        pane: OUTLINE_PANE,
        interactive: false,
        style: { color: '#8c8c8c', weight: 1, fillColor: '#f0f0eb', fillOpacity: 1 },
      });
      outline.addTo(map);
      loadOutline()
        .then((countries) => {
          if (cancelled) return;
          outline?.addData(countries);
          setBase((current) => (current === 'tiles' ? current : 'outline'));
        })
        .catch(() => undefined);
    };
    let tileLayer: L.TileLayer | undefined;
    if (tiles.url) {
      tileLayer = L.tileLayer(tiles.url, { attribution: tiles.attribution ?? undefined, maxZoom: 19, crossOrigin: false });
      tileLayer.on('tileerror', drawOutline);
      tileLayer.once('load', () => setBase('tiles'));
      tileLayer.addTo(map);
    } else drawOutline();
    return () => {
      cancelled = true;
      tileLayer?.remove();
      outline?.remove();
    };
  }, [map, known, tiles.url, tiles.attribution]);

  // Polygons.
  useEffect(() => {
    if (!map) return;
    const layer = L.featureGroup();
    for (const polygon of polygons) polygonLayer(polygon, () => handlers.current.onPolygonClick?.(polygon.id)).addTo(layer);
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, polygons]);

  // Lines, the selected one on top.
  useEffect(() => {
    if (!map) return;
    const layer = L.featureGroup();
    for (const line of [...lines].sort((a, b) => Number(a.selected ?? false) - Number(b.selected ?? false))) {
      const drawn = L.polyline(
        line.points.map(([lat, lng]) => [lat, lng] as L.LatLngTuple),
        { color: line.color ?? '#1677ff', weight: line.selected ? 6 : 4, opacity: line.selected ? 1 : 0.7 },
      );
      drawn.bindTooltip(line.label, { sticky: true });
      drawn.on('click', () => handlers.current.onLineClick?.(line.id));
      drawn.addTo(layer);
    }
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, lines]);

  // The moving position.
  useEffect(() => {
    if (!map || !cursor) return;
    const icon = L.divIcon({ className: 'map-cursor', html: '<span></span>', iconSize: [20, 20] });
    const marker = L.marker([cursor.lat, cursor.lng], {
      icon,
      title: cursor.label,
      keyboard: false,
      interactive: false,
      zIndexOffset: 1000,
    });
    marker.addTo(map);
    marker.getElement()?.setAttribute('aria-label', cursor.label);
    marker.getElement()?.setAttribute('role', 'img');
    return () => {
      marker.remove();
    };
  }, [map, cursor]);

  // Markers, grouped by the view.
  useEffect(() => {
    if (!map) return;
    const index = clusterIndex(markers);
    const layer = L.layerGroup().addTo(map);
    const draw = () => {
      layer.clearLayers();
      const bounds = map.getBounds();
      const items = index.itemsIn([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], map.getZoom());
      for (const item of items) {
        if (item.kind === 'cluster') addGroup(layer, item, nameOf(item), () => map.setView([item.lat, item.lng], item.expansionZoom));
        else addMarker(item.marker, layer, () => handlers.current.onMarkerClick?.(item.marker.id));
      }
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      layer.remove();
    };
  }, [map, markers, nameOf]);

  // Groups made elsewhere.
  useEffect(() => {
    if (!map) return;
    const layer = L.layerGroup().addTo(map);
    for (const group of groups) {
      const { south, west, north, east } = group.bounds;
      addGroup(layer, group, nameOf(group), () =>
        map.fitBounds(
          [
            [south, west],
            [north, east],
          ],
          { padding: [24, 24] },
        ),
      );
    }
    return () => {
      layer.remove();
    };
  }, [map, groups, nameOf]);

  // The view: fitted to what fitTo names whenever it changes.
  useEffect(() => {
    if (!map || !fitTo) return;
    const points: L.LatLngExpression[] = [];
    for (const polygon of fitTo.polygons ?? []) for (const [lng, lat] of polygon.ring) points.push([lat, lng]);
    for (const marker of fitTo.markers ?? []) points.push([marker.lat, marker.lng]);
    for (const line of fitTo.lines ?? []) for (const [lat, lng] of line.points) points.push([lat, lng]);
    for (const box of fitTo.bounds ?? []) points.push([box.south, box.west], [box.north, box.east]);
    if (points.length === 0) return;
    map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 14 });
  }, [map, fitTo]);

  useEffect(() => {
    if (!map || !onReady) return;
    return onReady(map) ?? undefined;
  }, [map, onReady]);

  return (
    <div
      ref={element}
      className="map-view"
      role="region"
      aria-label={label}
      aria-busy={busy}
      data-base-layer={base}
      style={{ height, width: '100%' }}
    />
  );
}

/** The view's edges, within the globe (a view wider than the world, or across the date line, is read as the whole width). */
function viewOf(map: L.Map): MapBounds {
  const bounds = map.getBounds();
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  const wide = bounds.getEast() - bounds.getWest() >= 360 || bounds.getWest() < -180 || bounds.getEast() > 180;
  return {
    south: clamp(bounds.getSouth(), 90),
    west: wide ? -180 : bounds.getWest(),
    north: clamp(bounds.getNorth(), 90),
    east: wide ? 180 : bounds.getEast(),
  };
}

/** A ring in the shares of the group's tones (online green, offline grey, alarm red), as the markers' own colours. */
function toneRing(tones: GroupTones | undefined, count: number): string {
  if (!tones || count <= 0) return '';
  const parts: string[] = [];
  let from = 0;
  for (const [tone, colour] of [
    ['online', '#389e0d'],
    ['offline', '#8c8c8c'],
    ['alarm', '#cf1322'],
  ] as const) {
    const share = ((tones[tone] ?? 0) / count) * 100;
    if (share <= 0) continue;
    parts.push(`${colour} ${from}% ${from + share}%`);
    from += share;
  }
  return parts.length ? ` style="background: conic-gradient(${parts.join(', ')})"` : '';
}

/** A group of places: a round mark with its count, a button named with it (and its states). */
function addGroup(
  layer: L.LayerGroup,
  group: { lat: number; lng: number; count: number; tones?: GroupTones | undefined },
  name: string,
  onClick: () => void,
) {
  const ring = toneRing(group.tones, group.count);
  const icon = L.divIcon({
    className: ring ? 'map-cluster map-cluster-tones' : 'map-cluster',
    html: `<span${ring}><b>${group.count}</b></span>`,
    iconSize: [36, 36],
  });
  const marker = L.marker([group.lat, group.lng], { icon, title: name, keyboard: true });
  marker.on('click', onClick);
  onEnter(marker, onClick);
  marker.addTo(layer);
  marker.getElement()?.setAttribute('aria-label', name);
}

function polygonLayer(polygon: MapPolygon, onClick: () => void): L.Polygon {
  const layer = L.polygon(
    polygon.ring.map(([lng, lat]) => [lat, lng] as L.LatLngTuple),
    { color: polygon.color ?? '#1677ff', weight: polygon.selected ? 3 : 2, fillOpacity: polygon.selected ? 0.3 : 0.15 },
  );
  layer.bindTooltip(polygon.label, { sticky: true });
  layer.on('click', onClick);
  return layer;
}

function addMarker(marker: MapMarker, layer: L.LayerGroup, onClick: () => void): void {
  const icon = L.divIcon({
    className: marker.tone ? `map-marker map-marker-${marker.tone}` : 'map-marker',
    html: '<span></span>',
    iconSize: [18, 18],
  });
  const added = L.marker([marker.lat, marker.lng], { icon, title: marker.label, keyboard: true }).addTo(layer);
  added.on('click', onClick);
  onEnter(added, onClick);
  added.getElement()?.setAttribute('aria-label', marker.label);
}

/** Enter on a focused marker acts as a click (Leaflet makes it a tab stop but opens only popups with Enter). */
function onEnter(marker: L.Marker, act: () => void): void {
  marker.on('keypress', (event) => {
    if (event.originalEvent.key === 'Enter') act();
  });
}
