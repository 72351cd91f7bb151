import { lazy, Suspense, useState } from 'react';
import { Card, Empty, Segmented, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { TREND_RANGES, type TrendRange } from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';
import { ErrorState } from '../../shared/StateView';
import type { TrendSpec } from './trendModel';

// echarts is large: only a detail page that shows a trend loads it.
const TrendChart = lazy(async () => ({ default: (await import('./TrendChart')).TrendChart }));

/** A device detail's chart of its recent readings from the telemetry history, over a chosen range. */
export function TrendCard<P extends { at: string }>({ id, spec }: { id: string | undefined; spec: TrendSpec<P> }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<TrendRange>('DAY');
  const query = useEndpointQuery(
    spec.endpoint,
    { id, range },
    {
      enabled: id !== undefined,
      // Devices report every few seconds to minutes: a minute's refresh keeps the chart current
      // without reloading it at every live change of the page.
      refetchInterval: 60_000,
    },
  );
  const loading = (
    <Spin description={t('common.loading')}>
      <div style={{ height: 280 }} />
    </Spin>
  );
  return (
    <Card
      title={t(spec.titleKey)}
      extra={
        <Segmented<TrendRange>
          aria-label={t('telemetry.trend.range')}
          value={range}
          onChange={setRange}
          options={TREND_RANGES.map((value) => ({ value, label: t(`telemetry.trend.${value}`) }))}
        />
      }
    >
      {query.isError ? (
        <ErrorState title={t(spec.failedKey)} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        loading
      ) : query.data.points.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('telemetry.trend.empty')} />
      ) : (
        <Suspense fallback={loading}>
          <TrendChart trend={query.data} spec={spec} />
        </Suspense>
      )}
    </Card>
  );
}
