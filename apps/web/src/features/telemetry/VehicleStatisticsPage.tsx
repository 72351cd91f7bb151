import { lazy, Suspense, useState } from 'react';
import { Card, Descriptions, Flex } from 'antd';
import type { Dayjs } from 'dayjs';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TRAJECTORY_MAX_DAYS, telemetryApi, type VehicleDay, type VehicleStatistics } from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';
import { isServerFailure } from '../../shared/api/errors';
import { formatDate, formatNumber } from '../../shared/format';
import { LazyRangePicker } from '../../shared/lazyInputs';
import { ResourceTable, type ResourceColumn } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { DetailState } from '../../shared/detail/DetailCards';
import { deviceDetailPath } from '../../shared/devices';
import type { DailyBars } from './DailyBarChart';

// ECharts loads with the charts, after the page.
const DailyBarChart = lazy(async () => ({ default: (await import('./DailyBarChart')).DailyBarChart }));

const DAY_FORMAT = 'YYYY-MM-DD';
/** The zone the days are counted in: the reader's. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

const valueOrEmpty = (value: number | null, text: (value: string) => string, empty: string) =>
  value === null ? empty : text(formatNumber(value));

function Totals({ statistics }: { statistics: VehicleStatistics }) {
  const { t } = useTranslation();
  const { totals } = statistics;
  return (
    <Descriptions column={{ xs: 1, md: 2, xl: 4 }} bordered size="small">
      <Descriptions.Item label={t('telemetry.statistics.period')}>
        {t('telemetry.statistics.periodValue', { from: formatDate(statistics.from), to: formatDate(statistics.to) })}
      </Descriptions.Item>
      <Descriptions.Item label={t('telemetry.statistics.swaps')}>{formatNumber(totals.swaps)}</Descriptions.Item>
      <Descriptions.Item label={t('telemetry.distance')}>
        {t('telemetry.distanceValue', { km: formatNumber(Number(totals.distanceKm.toFixed(1))) })}
      </Descriptions.Item>
      <Descriptions.Item label={t('telemetry.statistics.energy')}>
        {valueOrEmpty(totals.energyKwh, (kwh) => t('telemetry.statistics.energyValue', { kwh }), t('common.empty'))}
      </Descriptions.Item>
      <Descriptions.Item label={t('telemetry.statistics.packEnergy')}>
        {valueOrEmpty(statistics.packKwh, (kwh) => t('telemetry.statistics.packEnergyValue', { kwh }), t('common.empty'))}
      </Descriptions.Item>
    </Descriptions>
  );
}

const topDayColumns: ResourceColumn<VehicleDay>[] = [
  { key: 'day', titleKey: 'telemetry.statistics.day', render: (day) => formatDate(day.day) },
  { key: 'swaps', titleKey: 'telemetry.statistics.swaps', kind: 'number' },
  { key: 'distanceKm', titleKey: 'telemetry.statistics.distanceKm', render: (day) => formatNumber(Number(day.distanceKm.toFixed(1))) },
  { key: 'energyKwh', titleKey: 'telemetry.statistics.energyKwh', kind: 'number' },
];

/** The three daily series, each as its own bar chart. */
function charts(statistics: VehicleStatistics, t: (key: string, options?: Record<string, unknown>) => string): DailyBars[] {
  const days = statistics.days.map((day) => formatDate(day.day));
  const summary = (name: string, values: (number | null)[], unit: string) => {
    const known = values.filter((value): value is number => value !== null);
    const top = known.length ? Math.max(...known) : 0;
    return t('telemetry.statistics.chartSummary', { name, days: days.length, top: `${formatNumber(top)} ${unit}`.trim() });
  };
  const series = (
    key: 'swaps' | 'distance' | 'energy',
    unit: string,
    values: (number | null)[],
    meaning: DailyBars['meaning'],
  ): DailyBars => {
    const name = t(`telemetry.statistics.${key}PerDay`);
    return { name, unit, meaning, days, values, whole: key === 'swaps', summary: summary(name, values, unit) };
  };
  return [
    series(
      'swaps',
      '',
      statistics.days.map((day) => day.swaps),
      'processing',
    ),
    series(
      'distance',
      'km',
      statistics.days.map((day) => Number(day.distanceKm.toFixed(1))),
      'success',
    ),
    series(
      'energy',
      'kWh',
      statistics.days.map((day) => day.energyKwh),
      'warning',
    ),
  ];
}

/**
 * Vehicle statistics: swaps, distance and energy used (kWh) per day, and the busiest days.
 * @route /product/vehicle/dashboard/:id
 */
export function VehicleStatisticsPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [ends, setEnds] = useState<[Dayjs, Dayjs] | null>(null);
  const [picking, setPicking] = useState<Dayjs | null>(null);
  const period = ends ? { from: ends[0].format(DAY_FORMAT), to: ends[1].format(DAY_FORMAT) } : {};
  const query = useEndpointQuery(telemetryApi.vehicle.statistics, { id: Number(id), timeZone, ...period }, { enabled: id !== undefined });
  const statistics = query.data;
  if (query.isError && isServerFailure(query.error)) return <Navigate to="/error-page/500" replace />;
  const loading = <div style={{ height: 220 }} aria-busy="true" />;

  return (
    <>
      <TitleBar
        title={statistics ? t('telemetry.statistics.title', { number: statistics.number }) : t('page.vehicleDashboard')}
        back={id ? deviceDetailPath('vehicle', Number(id)) : true}
        operate={
          <LazyRangePicker
            // Until one is chosen the period is the last 30 days, as the totals say.
            value={ends}
            allowClear={false}
            aria-label={t('telemetry.statistics.period')}
            placeholder={[t('telemetry.start'), t('telemetry.end')]}
            onCalendarChange={(picked) => setPicking(picked?.[0] ?? null)}
            // A period spans at most TRAJECTORY_MAX_DAYS days and ends today at the latest.
            disabledDate={(day) =>
              day.valueOf() > Date.now() || (picking !== null && Math.abs(day.diff(picking, 'day')) >= TRAJECTORY_MAX_DAYS)
            }
            onChange={(picked) => {
              setPicking(null);
              if (picked?.[0] && picked[1]) setEnds([picked[0], picked[1]]);
            }}
          />
        }
      />
      {!statistics ? (
        <DetailState failed={query.isError} titleKey="telemetry.statistics.loadFailed" onRetry={() => void query.refetch()} />
      ) : (
        <Flex vertical gap={16}>
          <Card>
            <Totals statistics={statistics} />
          </Card>
          {charts(statistics, t).map((bars) => (
            <Card key={bars.name} title={bars.name} size="small">
              <Suspense fallback={loading}>
                <DailyBarChart bars={bars} />
              </Suspense>
            </Card>
          ))}
          <Card title={t('telemetry.statistics.topDays')} size="small">
            <ResourceTable<VehicleDay>
              searchPath={`${telemetryApi.vehicle.statistics.path}?id=${id}&top=${statistics.from}/${statistics.to}`}
              // The ten days are in the answer already: one page of them.
              fetchPage={() =>
                Promise.resolve({ records: statistics.topDays, total: statistics.topDays.length, current: 1, size: 10, pages: 1 })
              }
              rowKey="day"
              columns={topDayColumns}
            />
          </Card>
        </Flex>
      )}
    </>
  );
}
