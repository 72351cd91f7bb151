import { useEffect, useMemo, useState } from 'react';
import { Button, Col, Empty, Flex, Row, Segmented, Slider, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Trajectory, Trip } from '@swap/contracts';
import { formatDateTime, formatNumber } from '../../shared/format';
import { MapView, type MapLine, type MapMarker } from '../../shared/map';
import { indexAt, PLAYBACK_SPEEDS, tripLines, type PlaybackSpeed } from './trajectoryModel';
import { Text } from '../../shared/Text';

/** How often playback moves on, ms. */
const TICK_MS = 250;
const TRIP_COLORS = ['#1677ff', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16'];

function minutesText(t: (key: string, values?: Record<string, unknown>) => string, seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return t('telemetry.durationValue', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

function TripButton({ trip, index, selected, onSelect }: { trip: Trip; index: number; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      style={{
        display: 'block',
        width: '100%',
        textAlign: 'start',
        padding: '8px 12px',
        marginBottom: 8,
        cursor: 'pointer',
        font: 'inherit',
        color: token.colorText,
        background: selected ? token.colorPrimaryBg : token.colorBgContainer,
        border: `1px solid ${selected ? token.colorPrimary : token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
      }}
    >
      <strong>{t('telemetry.trip', { index: index + 1 })}</strong>
      <br />
      {formatDateTime(trip.start.at)} – {formatDateTime(trip.end.at)}
      <br />
      {t('telemetry.tripFigures', {
        km: formatNumber(trip.distanceKm),
        duration: minutesText(t, trip.durationSeconds),
        average: formatNumber(trip.averageSpeed),
        top: formatNumber(trip.topSpeed),
      })}
      {trip.chargeUsed !== null ? (
        <>
          <br />
          {t('telemetry.chargeUsed')}: {t('telemetry.chargeUsedValue', { percent: formatNumber(trip.chargeUsed) })}
        </>
      ) : null}
    </button>
  );
}

/**
 * The route on the map (docs/stations-and-maps.md, Trajectories): each trip its own line, the
 * selected one bolder and fitted; stops as marks with their length; the trips listed beside the map;
 * playback of the positions with play, pause, speed and a time slider. Loaded with the map.
 */
export default function RouteView({ trajectory }: { trajectory: Trajectory }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { points, trips, stops } = trajectory;
  const [selected, setSelected] = useState<number | null>(null);
  const [position, setPosition] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<PlaybackSpeed>(5);
  const last = points.length - 1;

  const lines = useMemo<MapLine[]>(() => {
    const tripped = tripLines(trajectory);
    if (tripped.length === 0)
      return [{ id: 'route', points: points.map((p) => [p.lat, p.lng] as [number, number]), label: t('telemetry.route') }];
    return tripped.map((line, index) => ({
      id: index,
      points: line,
      label: t('telemetry.trip', { index: index + 1 }),
      color: TRIP_COLORS[index % TRIP_COLORS.length],
      selected: index === selected,
    }));
  }, [trajectory, points, selected, t]);
  const markers = useMemo<MapMarker[]>(
    () =>
      stops.map((stop) => ({
        id: `stop-${stop.from}`,
        lat: stop.lat,
        lng: stop.lng,
        tone: 'stop' as const,
        label: t('telemetry.stopLabel', {
          duration: minutesText(t, stop.minutes * 60),
          from: formatDateTime(stop.from),
          to: formatDateTime(stop.to),
        }),
      })),
    [stops, t],
  );
  const fitTo = useMemo(() => ({ lines: selected === null ? lines : lines.filter((line) => line.id === selected) }), [lines, selected]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      setPosition((current) => {
        const next = Math.min(last, current + speed);
        if (next >= last) setPlaying(false);
        return next;
      });
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [playing, speed, last]);

  const here = points[Math.min(position, last)];
  const cursor = useMemo(
    () => (here ? { lat: here.lat, lng: here.lng, label: t('telemetry.playbackAt', { time: formatDateTime(here.at) }) } : null),
    [here, t],
  );
  const select = (index: number) => {
    setSelected(index === selected ? null : index);
    setPlaying(false);
    if (index !== selected) setPosition(indexAt(points, trips[index]!.start.at));
  };
  const play = () => {
    if (position >= last) setPosition(0);
    setPlaying(!playing);
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Flex vertical gap={12}>
          <MapView
            label={t('telemetry.mapLabel')}
            height={480}
            lines={lines}
            markers={markers}
            cursor={cursor}
            fitTo={fitTo}
            onLineClick={(id) => typeof id === 'number' && select(id)}
          />
          <Flex gap={12} align="center" wrap role="group" aria-label={t('telemetry.playback')}>
            <Button type="primary" onClick={play} disabled={last < 1}>
              {t(playing ? 'telemetry.pause' : 'telemetry.play')}
            </Button>
            <Segmented<PlaybackSpeed>
              aria-label={t('telemetry.playbackSpeed')}
              value={speed}
              onChange={setSpeed}
              options={PLAYBACK_SPEEDS.map((value) => ({ value, label: `${value}×` }))}
            />
            <div style={{ flex: '1 1 240px', minWidth: 200 }}>
              <Slider
                min={0}
                max={Math.max(0, last)}
                value={Math.min(position, last)}
                onChange={(value) => {
                  setPlaying(false);
                  setPosition(value);
                }}
                tooltip={{ formatter: (value) => (value !== undefined && points[value] ? formatDateTime(points[value].at) : null) }}
                ariaLabelForHandle={t('telemetry.playbackTime')}
                ariaValueTextFormatterForHandle={(value) => (value !== undefined && points[value] ? formatDateTime(points[value].at) : '')}
              />
            </div>
            <Text data-testid="playback-time">
              {here ? formatDateTime(here.at) : null}
              {here?.speed != null ? ` · ${t('telemetry.speedValue', { speed: formatNumber(here.speed) })}` : null}
              {here?.soc != null ? ` · ${t('telemetry.chargeUsedValue', { percent: formatNumber(here.soc) })}` : null}
            </Text>
          </Flex>
        </Flex>
      </Col>
      <Col xs={24} xl={8}>
        <h2 style={{ fontSize: 16, margin: '0 0 0.5em', fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}>
          {t('telemetry.tripsTitle', { count: trips.length, stops: stops.length, minutes: trajectory.stopMinutes })}
        </h2>
        {trips.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('telemetry.noTrips')} />
        ) : (
          <div style={{ maxHeight: 520, overflowY: 'auto' }}>
            {trips.map((trip, index) => (
              <TripButton key={trip.start.at} trip={trip} index={index} selected={index === selected} onSelect={() => select(index)} />
            ))}
          </div>
        )}
      </Col>
    </Row>
  );
}
