import { useMemo, useState } from 'react';
import { Card, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MapView, type MapBounds, type MapGroup, type MapMarker, type MapPolygon } from '../../shared/map';
import { useMapQuery } from './stationMapQuery';
import { useStationAreas } from './stationQueries';
import type { StationView } from './stationModel';

/**
 * The stations the list's filters find, on a map that asks for what its view shows
 * (docs/stations-and-maps.md, "Stations"): each station when few, else the server's groups. A new set
 * of filters first reads the whole globe, to fit the map to what it found; each later move or zoom
 * reads that view (the previous answer stays drawn until the new one comes; a call made stale by a
 * further move is cancelled). A marker opens the station.
 */
export default function StationsMap({ view, filters }: { view: StationView; filters: Record<string, unknown> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [bounds, setBounds] = useState<MapBounds | undefined>();
  const whole = useMapQuery(view, filters);
  const inView = useMapQuery(view, bounds === undefined ? undefined : { ...filters, ...bounds });
  const answer = (bounds !== undefined ? inView.data : undefined) ?? whole.data;
  const areas = useStationAreas(view.type);
  const areaId = filters.areaId;
  const markers = useMemo<MapMarker[]>(
    () =>
      (answer?.stations ?? []).map((p) => ({
        id: p.id,
        lat: p.latitude,
        lng: p.longitude,
        label: t('station.marker', { name: p.name, status: t(`station.status.${p.status}`), count: p.cabinetCount }),
      })),
    [answer, t],
  );
  const groups = useMemo<MapGroup[]>(
    () =>
      (answer?.groups ?? []).map((g) => ({
        id: `${g.latitude},${g.longitude}`,
        lat: g.latitude,
        lng: g.longitude,
        count: g.count,
        bounds: { south: g.south, west: g.west, north: g.north, east: g.east },
      })),
    [answer],
  );
  const polygons = useMemo<MapPolygon[]>(() => {
    const area = areas.data?.find((a) => a.id === areaId);
    return area?.polygon ? [{ id: area.id, ring: area.polygon, label: area.name }] : [];
  }, [areas.data, areaId]);
  // Fitted to everything the filters find, once per answer for a new set of filters.
  const found = whole.isPlaceholderData ? undefined : whole.data;
  const fitTo = useMemo(() => {
    if (!found || found.total === 0) return polygons.length ? { polygons } : undefined;
    const boxes = [
      ...found.groups.map((g) => ({ south: g.south, west: g.west, north: g.north, east: g.east })),
      ...found.stations.map((p) => ({ south: p.latitude, west: p.longitude, north: p.latitude, east: p.longitude })),
    ];
    return { bounds: boxes };
  }, [found, polygons]);
  const busy = whole.isFetching || inView.isFetching;
  return (
    <Card size="small" title={t('station.mapTitle', { count: whole.data?.total ?? 0 })} extra={busy ? <Spin size="small" /> : null}>
      <MapView
        label={t('station.map')}
        height={360}
        markers={markers}
        groups={groups}
        busy={busy}
        polygons={polygons}
        fitTo={fitTo}
        onViewChange={setBounds}
        onMarkerClick={(id) => navigate(view.detailPath(id))}
      />
    </Card>
  );
}
