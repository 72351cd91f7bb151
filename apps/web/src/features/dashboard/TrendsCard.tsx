import { Suspense, useState } from 'react';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_RANGES, type DashboardRange } from '@swap/contracts';
import { pageLanguage } from '../../shared/format';
import { LazyDailyBarChart, type DailyBars } from '../telemetry';
import { DashboardCard } from './DashboardCard';
import { useTrend } from './dashboardQueries';
import { trendLabels } from './trendLabels';

const MEASURES = [
  { key: 'swaps', meaning: 'processing', whole: true },
  { key: 'sales', meaning: 'success', whole: true },
  { key: 'energyKwh', meaning: 'warning', whole: false },
  { key: 'newUsers', meaning: 'default', whole: true },
] as const;

/** Swaps, sales, energy and new users over today (by hour), the week or the month (by day) (dashboard.trends). */
export function TrendsCard() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DashboardRange>('today');
  const query = useTrend(range, true);
  const picker = (
    <Segmented
      size="small"
      value={range}
      onChange={(value) => setRange(value)}
      options={DASHBOARD_RANGES.map((value) => ({ value, label: t(`dashboard.range.${value}`) }))}
      aria-label={t('dashboard.rangeLabel')}
    />
  );
  return (
    <DashboardCard title={t('dashboard.trends')} query={query} extra={picker} className="dashboard-trends">
      {(trend) => {
        const days = trendLabels(trend, pageLanguage());
        return (
          <div className="dashboard-charts">
            {MEASURES.map(({ key, meaning, whole }) => {
              const values = trend.points.map((point) => point[key]);
              const name = t(`dashboard.measure.${key}`);
              const bars: DailyBars = {
                name,
                unit: key === 'energyKwh' ? 'kWh' : '',
                whole,
                meaning,
                days,
                values,
                summary: t('dashboard.trendSummary', {
                  name,
                  range: t(`dashboard.range.${range}`),
                  total: Math.round(values.reduce((sum, value) => sum + value, 0) * 10) / 10,
                }),
              };
              return (
                <figure key={key} className="dashboard-chart">
                  <figcaption>{name}</figcaption>
                  <Suspense fallback={<div style={{ height: 150 }} />}>
                    <LazyDailyBarChart bars={bars} height={150} />
                  </Suspense>
                </figure>
              );
            })}
          </div>
        );
      }}
    </DashboardCard>
  );
}
