import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import type {} from '@geoman-io/leaflet-geoman-free';
import MapView from './MapView';
import { loadGeoman } from './geoman';
import type { PolygonEditorProps } from './types';

type Ring = [number, number][];

/** A Leaflet polygon's outer ring as a closed ring of [longitude, latitude], 6 decimals (about 10 cm). */
function ringOf(layer: L.Polygon): Ring {
  const latlngs = layer.getLatLngs();
  const outer = (Array.isArray(latlngs[0]) ? latlngs[0] : latlngs) as L.LatLng[];
  const ring: Ring = outer.map((p) => [Number(p.lng.toFixed(6)), Number(p.lat.toFixed(6))]);
  if (ring.length > 0) ring.push([...ring[0]!]);
  return ring;
}

/**
 * An outline drawn and edited on the map (Leaflet-Geoman): Draw starts a new outline, a click on
 * the map adds a point and a click on the first point closes it; Edit moves, adds (drag a middle
 * mark) and removes (right-click) points; Clear removes it. The value is a closed ring of
 * [longitude, latitude] or null (docs/stations-and-maps.md, "Drawing").
 */
export default function PolygonEditor({ value, onChange, context = [], ...map }: PolygonEditorProps) {
  const { t } = useTranslation();
  const mapRef = useRef<L.Map | null>(null);
  const shape = useRef<L.Polygon | null>(null);
  const [ready, setReady] = useState(false);
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });

  const show = useCallback((ring: readonly (readonly [number, number])[] | null) => {
    const target = mapRef.current;
    shape.current?.remove();
    shape.current = null;
    if (!target || !ring || ring.length < 4) return;
    const layer = L.polygon(
      ring.slice(0, -1).map(([lng, lat]) => [lat, lng] as L.LatLngTuple),
      { color: '#d4380d', weight: 3, fillOpacity: 0.2 },
    ).addTo(target);
    layer.on('pm:edit', () => latest.current.onChange(ringOf(layer)));
    shape.current = layer;
  }, []);

  const onReady = useCallback(
    (target: L.Map) => {
      mapRef.current = target;
      let live = true;
      void loadGeoman().then(() => {
        if (!live) return;
        // The map was made before Geoman loaded: give it Geoman's tools now.
        L.PM.reInitLayer(target as unknown as L.Layer);
        // No tooltips: the tool's own words exist in English only; the page explains the steps.
        target.pm.setGlobalOptions({ allowSelfIntersection: false, snappable: false, tooltips: false });
        target.on('pm:create', (event) => {
          const layer = event.layer;
          if (!(layer instanceof L.Polygon)) return;
          const ring = ringOf(layer);
          layer.remove();
          latest.current.onChange(ring);
        });
        show(latest.current.value ?? null);
        setReady(true);
        if (shape.current) target.fitBounds(shape.current.getBounds(), { padding: [24, 24], maxZoom: 14 });
      });
      return () => {
        live = false;
        mapRef.current = null;
        setReady(false);
      };
    },
    [show],
  );

  // The outline follows the value (a new value from drawing, or another record).
  useEffect(() => {
    if (!mapRef.current?.pm) return;
    const current = shape.current ? ringOf(shape.current) : null;
    if (JSON.stringify(current) !== JSON.stringify(value ?? null)) show(value ?? null);
  }, [value, show]);

  const draw = () => {
    const target = mapRef.current;
    if (!target?.pm) return;
    shape.current?.pm.disable();
    target.pm.enableDraw('Polygon', { allowSelfIntersection: false, finishOn: null });
  };
  const edit = () => {
    const layer = shape.current;
    if (!layer) return;
    if (layer.pm.enabled()) layer.pm.disable();
    else layer.pm.enable({ allowSelfIntersection: false });
  };
  const clear = () => {
    mapRef.current?.pm?.disableDraw();
    latest.current.onChange(null);
  };

  return (
    <div className="polygon-editor">
      <div className="polygon-editor-tools" role="toolbar" aria-label={t('map.drawTools')}>
        <Button size="small" onClick={draw} disabled={!ready}>
          {t('map.draw')}
        </Button>
        <Button size="small" onClick={edit} disabled={!ready || !value}>
          {t('map.editPoints')}
        </Button>
        <Button size="small" onClick={clear} disabled={!value}>
          {t('map.clear')}
        </Button>
        <span className="polygon-editor-count" aria-live="polite">
          {value ? t('map.points', { count: value.length - 1 }) : t('map.noOutline')}
        </span>
      </div>
      <MapView {...map} polygons={context} fitTo={map.fitTo} onReady={onReady} />
    </div>
  );
}
