import { useState } from 'react';
import { Card, Descriptions, Empty, Flex, Segmented, Typography } from 'antd';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TRAJECTORY_RANGES, type Trajectory, type TrajectoryPoint, type TrajectoryRange } from '@swap/contracts';
import { isServerFailure } from '../../shared/api/errors';
import { formatDateTime } from '../../shared/format';
import { ResourceTable, type ResourceColumn } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { DetailState } from '../../shared/detail/DetailCards';
import { deviceDetailPath } from '../../shared/devices';
import { RouteMap } from './RouteMap';
import { pageOf, summarize } from './trajectoryModel';
import { useTrajectory, type TrackedKind } from './telemetryQueries';

function Summary({ trajectory, kind }: { trajectory: Trajectory; kind: TrackedKind }) {
  const { t } = useTranslation();
  const summary = summarize(trajectory.points);
  const none = t('common.empty');
  const minutes = summary ? Math.round(summary.durationMs / 60_000) : 0;
  return (
    <Descriptions column={{ xs: 1, md: 2, xl: 3 }} bordered size="small">
      <Descriptions.Item label={t('telemetry.startTime')}>{summary ? formatDateTime(summary.start) : none}</Descriptions.Item>
      <Descriptions.Item label={t('telemetry.endTime')}>{summary ? formatDateTime(summary.end) : none}</Descriptions.Item>
      <Descriptions.Item label={t('telemetry.duration')}>
        {summary ? t('telemetry.durationValue', { hours: Math.floor(minutes / 60), minutes: minutes % 60 }) : none}
      </Descriptions.Item>
      <Descriptions.Item label={t('telemetry.distance')}>
        {summary ? t('telemetry.distanceValue', { km: summary.km.toFixed(2) }) : none}
      </Descriptions.Item>
      {kind === 'battery' ? (
        <Descriptions.Item label={t('telemetry.chargeUsed')}>
          {summary?.chargeUsed != null ? t('telemetry.chargeUsedValue', { percent: summary.chargeUsed.toFixed(1) }) : none}
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('telemetry.reports')}>{trajectory.total}</Descriptions.Item>
    </Descriptions>
  );
}

function TrajectoryPage({ kind }: { kind: TrackedKind }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const [range, setRange] = useState<TrajectoryRange>('WEEK');
  const { query, path, fetch } = useTrajectory(kind, id, range);
  const trajectory = query.data;
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
          <Segmented<TrajectoryRange>
            aria-label={t('telemetry.range')}
            value={range}
            onChange={setRange}
            options={TRAJECTORY_RANGES.map((value) => ({ value, label: t(`telemetry.range.${value}`) }))}
          />
        }
      />
      {!trajectory ? (
        <DetailState failed={query.isError} titleKey="telemetry.loadFailed" onRetry={() => void query.refetch()} />
      ) : (
        <Flex vertical gap={16}>
          <Card title={t('telemetry.route')}>
            <Flex vertical gap={16}>
              <Summary trajectory={trajectory} kind={kind} />
              {points.length < 2 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('telemetry.unableToDraw')} />
              ) : (
                <RouteMap points={points} />
              )}
              {trajectory.total > points.length ? (
                <Typography.Text type="secondary">
                  {t('telemetry.thinned', { shown: points.length, total: trajectory.total })}
                </Typography.Text>
              ) : null}
            </Flex>
          </Card>
          <ResourceTable<TrajectoryPoint>
            searchPath={`${path}?id=${id}&range=${range}`}
            fetchPage={async (body) => pageOf((await fetch()).points, Number(body.current), Number(body.size))}
            rowKey="at"
            columns={columns}
          />
        </Flex>
      )}
    </>
  );
}

/** A vehicle's route (/product/vehicle/trajectory/:id). */
export function VehicleTrajectoryPage() {
  return <TrajectoryPage kind="vehicle" />;
}

/** A battery's route from its GPS fixes (/product/battery/trajectory/:id). */
export function BatteryTrajectoryPage() {
  return <TrajectoryPage kind="battery" />;
}
