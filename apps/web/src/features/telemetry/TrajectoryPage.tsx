import { lazy, Suspense, useState } from 'react';
import { Card, Descriptions, Empty, Flex, Segmented } from 'antd';
import type { Dayjs } from 'dayjs';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TRAJECTORY_RANGES, type Trajectory, type TrajectoryPoint, type TrajectoryRange } from '@swap/contracts';
import { isServerFailure } from '../../shared/api/errors';
import { formatDateTime, formatNumber } from '../../shared/format';
import { LazyRangePicker } from '../../shared/lazyInputs';
import { ResourceTable, type ResourceColumn } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { DetailState } from '../../shared/detail/DetailCards';
import { deviceDetailPath } from '../../shared/devices';
import { pageOf, tripTotals } from './trajectoryModel';
import { useTrajectory, type TrackedKind, type TrajectorySpan } from './telemetryQueries';
import { Text } from '../../shared/Text';

// The map, the trips and playback load with Leaflet, after the page.
const RouteView = lazy(() => import('./RouteView'));

type Choice = TrajectoryRange | 'CUSTOM';

function Summary({ trajectory, kind }: { trajectory: Trajectory; kind: TrackedKind }) {
  const { t } = useTranslation();
  const totals = tripTotals(trajectory.trips);
  const first = trajectory.points[0];
  const last = trajectory.points[trajectory.points.length - 1];
  const none = t('common.empty');
  const minutes = Math.round(totals.seconds / 60);
  return (
    <Descriptions column={{ xs: 1, md: 2, xl: 3 }} bordered size="small">
      <Descriptions.Item label={t('telemetry.startTime')}>{first ? formatDateTime(first.at) : none}</Descriptions.Item>
      <Descriptions.Item label={t('telemetry.endTime')}>{last ? formatDateTime(last.at) : none}</Descriptions.Item>
      <Descriptions.Item label={t('telemetry.trips')}>{totals.count}</Descriptions.Item>
      <Descriptions.Item label={t('telemetry.distance')}>{t('telemetry.distanceValue', { km: totals.km.toFixed(2) })}</Descriptions.Item>
      <Descriptions.Item label={t('telemetry.duration')}>
        {t('telemetry.durationValue', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })}
      </Descriptions.Item>
      {kind === 'battery' || totals.chargeUsed !== null ? (
        <Descriptions.Item label={t('telemetry.chargeUsed')}>
          {totals.chargeUsed !== null
            ? t('telemetry.chargeUsedValue', { percent: formatNumber(Number(totals.chargeUsed.toFixed(1))) })
            : none}
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('telemetry.reports')}>{trajectory.total}</Descriptions.Item>
    </Descriptions>
  );
}

function TrajectoryPage({ kind }: { kind: TrackedKind }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const [choice, setChoice] = useState<Choice>('WEEK');
  const [ends, setEnds] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  // A start and an end: nothing is asked for until both are set.
  const span: TrajectorySpan | undefined =
    choice !== 'CUSTOM'
      ? { range: choice }
      : ends?.[0] && ends[1]
        ? { from: ends[0].toDate().toISOString(), to: ends[1].toDate().toISOString() }
        : undefined;
  const { query, path, fetch } = useTrajectory(kind, id, span);
  const trajectory = span ? query.data : undefined;
  if (query.isError && isServerFailure(query.error)) return <Navigate to="/error-page/500" replace />;
  const columns: ResourceColumn<TrajectoryPoint>[] = [
    { key: 'at', titleKey: 'telemetry.time', kind: 'datetime' },
    kind === 'vehicle'
      ? { key: 'speed', titleKey: 'telemetry.speed', kind: 'number' }
      : { key: 'soc', titleKey: 'telemetry.soc', kind: 'number' },
    { key: 'lat', titleKey: 'telemetry.latitude', kind: 'number' },
    { key: 'lng', titleKey: 'telemetry.longitude', kind: 'number' },
  ];
  const points = trajectory?.points ?? [];
  const windowKey = span ? ('range' in span ? span.range : `${span.from}/${span.to}`) : '';

  return (
    <>
      <TitleBar
        title={
          trajectory
            ? t('telemetry.title', { number: trajectory.number })
            : t(kind === 'vehicle' ? 'page.vehicleTrajectory' : 'page.batteryTrajectory')
        }
        back={id ? deviceDetailPath(kind, Number(id)) : true}
        operate={
          <Flex gap={8} wrap align="center">
            <Segmented<Choice>
              aria-label={t('telemetry.range')}
              value={choice}
              onChange={setChoice}
              options={[...TRAJECTORY_RANGES, 'CUSTOM' as const].map((value) => ({ value, label: t(`telemetry.range.${value}`) }))}
            />
            {choice === 'CUSTOM' ? (
              <LazyRangePicker
                showTime
                value={ends}
                onChange={(picked) => setEnds(picked ? [picked[0] ?? null, picked[1] ?? null] : null)}
                aria-label={t('telemetry.range')}
                placeholder={[t('telemetry.start'), t('telemetry.end')]}
              />
            ) : null}
          </Flex>
        }
      />
      {!span ? (
        <Card>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('telemetry.chooseRange')} />
        </Card>
      ) : !trajectory ? (
        <DetailState failed={query.isError} titleKey="telemetry.loadFailed" onRetry={() => void query.refetch()} />
      ) : (
        <Flex vertical gap={16}>
          <Card title={t('telemetry.route')}>
            <Flex vertical gap={16}>
              <Summary trajectory={trajectory} kind={kind} />
              {points.length < 2 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('telemetry.unableToDraw')} />
              ) : (
                <Suspense fallback={<div style={{ height: 480 }} aria-busy="true" />}>
                  <RouteView key={windowKey} trajectory={trajectory} />
                </Suspense>
              )}
              {trajectory.total > points.length ? (
                <Text type="secondary">{t('telemetry.thinned', { shown: points.length, total: trajectory.total })}</Text>
              ) : null}
            </Flex>
          </Card>
          <ResourceTable<TrajectoryPoint>
            searchPath={`${path}?id=${id}&span=${windowKey}`}
            fetchPage={async (body) => pageOf((await fetch()).points, Number(body.current), Number(body.size))}
            rowKey="at"
            columns={columns}
          />
        </Flex>
      )}
    </>
  );
}

/**
 * A vehicle's route.
 * @route /product/vehicle/trajectory/:id
 */
export function VehicleTrajectoryPage() {
  return <TrajectoryPage kind="vehicle" />;
}

/**
 * A battery's route from its GPS fixes.
 * @route /product/battery/trajectory/:id
 */
export function BatteryTrajectoryPage() {
  return <TrajectoryPage kind="battery" />;
}
