import { lazy, Suspense, useState } from 'react';
import { Card, Empty, Segmented, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TREND_RANGES, type BatteryTrend, type TrendRange } from '@swap/contracts';
import { api } from '../../shared/api/client';
import { ErrorState } from '../../shared/StateView';

const BatteryTrendChart = lazy(async () => ({ default: (await import('./BatteryTrendChart')).BatteryTrendChart }));

/** The battery detail's chart of recent state of charge and temperature, from the telemetry history. */
export function BatteryTrendCard({ id }: { id: string | undefined }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<TrendRange>('DAY');
  const query = useQuery({
    queryKey: ['/battery/trend', id, range],
    queryFn: ({ signal }) => api.get<BatteryTrend>('/battery/trend', { id, range }, { signal }),
    enabled: id !== undefined,
    retry: false,
  });
  const loading = (
    <Spin description={t('common.loading')}>
      <div style={{ height: 280 }} />
    </Spin>
  );
  return (
    <Card
      title={t('trajectory.trend')}
      extra={
        <Segmented<TrendRange>
          aria-label={t('trajectory.range')}
          value={range}
          onChange={setRange}
          options={TREND_RANGES.map((value) => ({ value, label: t(`trajectory.trend.${value}`) }))}
        />
      }
    >
      {query.isError ? (
        <ErrorState title={t('trajectory.trendFailed')} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        loading
      ) : query.data.points.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trajectory.noTrend')} />
      ) : (
        <Suspense fallback={loading}>
          <BatteryTrendChart trend={query.data} />
        </Suspense>
      )}
    </Card>
  );
}
