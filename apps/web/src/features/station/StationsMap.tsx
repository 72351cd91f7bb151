import { useMemo, useState, type ReactNode } from 'react';
import { Card, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StationMap, StationMapState } from '@swap/contracts';
import { MapView, type MapBounds, type MapGroup, type MapMarker, type MapPolygon } from '../../shared/map';
import { useEndpointQuery } from '../../shared/api/endpoints';
import { useMapQueries } from './stationMapQuery';
import type { StationView } from './stationView';

export interface StationsMapProps {
  /** The station types drawn (each through its own map call): one on a list page, every one granted on the dashboard. */
  views: readonly StationView[];
  filters: Record<string, unknown>;
  /** The card's title for the number of stations found (default "On the map: N"). */
  title?: (total: number) => ReactNode;
  height?: number;
  /** Drawn under the map (a legend). */
  footer?: (answers: readonly StationMap[]) => ReactNode;
}

const TONES = { ONLINE: 'online', OFFLINE: 'offline', ALARM: 'alarm' } as const satisfies Record<StationMapState, MapMarker['tone']>;

const markerId = (view: StationView, id: number) => `${view.type}:${id}`;

/** What the map fits its view to: every group and station found, or the outline when none. */
function fitOf(found: readonly StationMap[] | undefined, polygons: MapPolygon[]) {
  const total = found?.reduce((sum, a) => sum + a.total, 0) ?? 0;
  if (!found || total === 0) return polygons.length ? { polygons } : undefined;
  const boxes = found.flatMap((a) => [
    ...a.groups.map((g) => ({ south: g.south, west: g.west, north: g.north, east: g.east })),
    ...a.stations.map((p) => ({ south: p.latitude, west: p.longitude, north: p.latitude, east: p.longitude })),
  ]);
  return { bounds: boxes };
}

/**
 * The stations the filters find, on a map that asks for what its view shows
 * (docs/stations-and-maps.md, "Stations"): each station when few, else the server's groups, each
 * station coloured by how it is doing (online, offline, in alarm). A new set of filters first reads
 * the whole globe, to fit the map to what it found; each later move or zoom reads that view when
 * the whole answer came in groups (the previous answer stays drawn until the new one comes; a call
 * made stale by a further move is cancelled), and nothing when it held every station. A marker
 * opens the station.
 */
export default function StationsMap({ views, filters, title, height = 360, footer }: StationsMapProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [bounds, setBounds] = useState<MapBounds | undefined>();
  const whole = useMapQueries(views, filters);
  // A type whose whole answer holds every station it found (no groups: at most STATION_MAP_POINTS)
  // is asked nothing more as the view moves: a view's answer would be a part of it, and the map draws
  // what its view shows. Only a type answered in groups is asked per view, once its whole answer came.
  const zoomed = useMemo(() => views.filter((_, i) => (whole.settled?.[i]?.groups.length ?? 0) > 0), [views, whole.settled]);
  const inView = useMapQueries(zoomed, bounds === undefined ? undefined : { ...filters, ...bounds });
  const answers = useMemo(
    () =>
      views.map((view, i) => {
        const asked = zoomed.indexOf(view);
        return (bounds !== undefined && asked >= 0 ? inView.answers[asked] : undefined) ?? whole.answers[i];
      }),
    [views, zoomed, bounds, whole.answers, inView.answers],
  );
  const areaId = filters.areaId;
  // Only the list's area filter draws an outline; its areas are already read for the filter.
  const areas = useEndpointQuery(views[0]!.api.areas, undefined, { staleTime: 60_000, enabled: areaId !== undefined });
  const markers = useMemo<MapMarker[]>(
    () =>
      views.flatMap((view, i) =>
        (answers[i]?.stations ?? []).map((p) => ({
          id: markerId(view, p.id),
          lat: p.latitude,
          lng: p.longitude,
          tone: TONES[p.state],
          label: t('station.markerState', {
            name: p.name,
            status: t(`station.status.${p.status}`),
            state: t(`station.state.${p.state}`),
            online: p.onlineCabinets,
            count: p.cabinetCount,
          }),
        })),
      ),
    [views, answers, t],
  );
  const groups = useMemo<MapGroup[]>(
    () =>
      views.flatMap((view, i) =>
        (answers[i]?.groups ?? []).map((g) => ({
          id: `${view.type}:${g.latitude},${g.longitude}`,
          lat: g.latitude,
          lng: g.longitude,
          count: g.count,
          bounds: { south: g.south, west: g.west, north: g.north, east: g.east },
          tones: { online: g.online, offline: g.offline, alarm: g.alarm },
        })),
      ),
    [views, answers],
  );
  const polygons = useMemo<MapPolygon[]>(() => {
    const area = areas.data?.find((a) => a.id === areaId);
    return area?.polygon ? [{ id: area.id, ring: area.polygon, label: area.name }] : [];
  }, [areas.data, areaId]);
  // Fitted to everything the filters find, once per set of filters: a reload of the same filters
  // (a live change of the stations' states) keeps the view the reader chose.
  const found = whole.settled;
  const filtersKey = JSON.stringify(filters);
  const [fitted, setFitted] = useState<{ filtersKey: string; polygons: MapPolygon[]; fitTo: ReturnType<typeof fitOf> }>();
  if (found !== undefined && (fitted?.filtersKey !== filtersKey || fitted.polygons !== polygons))
    setFitted({ filtersKey, polygons, fitTo: fitOf(found, polygons) });
  const waiting = useMemo(() => fitOf(undefined, polygons), [polygons]);
  const fitTo = fitted?.filtersKey === filtersKey ? fitted.fitTo : waiting;
  const busy = whole.fetching || inView.fetching;
  const total = whole.answers.reduce((sum, a) => sum + (a?.total ?? 0), 0);
  const open = (id: MapMarker['id']) => {
    const [type, stationId] = String(id).split(':');
    const view = views.find((v) => v.type === type);
    if (view && stationId) void navigate(view.detailPath(stationId));
  };
  const shown = answers.filter((a): a is StationMap => a !== undefined);
  return (
    <Card size="small" title={title ? title(total) : t('station.mapTitle', { count: total })} extra={busy ? <Spin size="small" /> : null}>
      <MapView
        label={t('station.map')}
        height={height}
        markers={markers}
        groups={groups}
        busy={busy}
        polygons={polygons}
        fitTo={fitTo}
        onViewChange={setBounds}
        onMarkerClick={open}
      />
      {footer ? footer(shown) : null}
    </Card>
  );
}
