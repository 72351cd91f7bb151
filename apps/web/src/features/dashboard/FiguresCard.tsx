import { Flex, Tag } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardFigures } from '@swap/contracts';
import { figuresPictureSince, removeFiguresPicture } from '../../shared/firstScreen';
import { formatNumber } from '../../shared/format';
import { AnimatedCount } from './AnimatedCount';
import { DashboardCard } from './DashboardCard';
import { levelStyle } from './figuresLook';
import { useFigures } from './dashboardQueries';

function Tile({ label, value, children }: { label: string; value: number; children?: React.ReactNode }) {
  return (
    <div className="dashboard-tile" role="group" aria-label={label}>
      <div className="dashboard-tile-label">{label}</div>
      <div className="dashboard-tile-value">
        <AnimatedCount value={value} since={figuresPictureSince()} />
      </div>
      <div className="dashboard-tile-note">{children}</div>
    </div>
  );
}

function Change({ swaps }: { swaps: DashboardFigures['swaps'] }) {
  const { t } = useTranslation();
  if (swaps.changePercent === null) return <span>{t('dashboard.noneYesterday')}</span>;
  const up = swaps.changePercent >= 0;
  const percent = formatNumber(Math.round(Math.abs(swaps.changePercent) * 10) / 10);
  return (
    <span className={up ? 'dashboard-up' : 'dashboard-down'}>
      {up ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />}{' '}
      {t(up ? 'dashboard.changeUp' : 'dashboard.changeDown', { percent, count: formatNumber(swaps.sameTimeYesterday) })}
    </span>
  );
}

/** The headline figures (dashboard.figures): swaps today, sales, authenticated users and open alarms. */
export function FiguresCard() {
  const { t } = useTranslation();
  const query = useFigures(true);
  // Drawn (or failed), it replaces the picture of itself painted before the code, before the browser paints.
  const drawn = query.data !== undefined || query.isError;
  useLayoutEffect(() => {
    if (drawn) removeFiguresPicture();
  }, [drawn]);
  return (
    <DashboardCard title={t('dashboard.figures')} query={query} className="dashboard-figures">
      {(figures) => (
        <Flex wrap gap={16} className="dashboard-tiles">
          <Tile label={t('dashboard.swapsToday')} value={figures.swaps.today}>
            <Change swaps={figures.swaps} />
          </Tile>
          <Tile label={t('dashboard.vehiclesSold')} value={figures.vehiclesSold.today}>
            {t('dashboard.inAll', { count: formatNumber(figures.vehiclesSold.total) })}
          </Tile>
          <Tile label={t('dashboard.batteriesSold')} value={figures.batteriesSold.today}>
            {t('dashboard.inAll', { count: formatNumber(figures.batteriesSold.total) })}
          </Tile>
          <Tile label={t('dashboard.authenticatedUsers')} value={figures.authenticatedUsers.total}>
            {t('dashboard.today', { count: formatNumber(figures.authenticatedUsers.today) })}
          </Tile>
          <Tile label={t('dashboard.openAlarms')} value={figures.openAlarms.total}>
            {figures.openAlarms.byLevel.map(({ level, count }) => (
              <Tag key={level} style={levelStyle(level)}>
                {t(`alarm.level.${level}`)} {formatNumber(count)}
              </Tag>
            ))}
          </Tile>
        </Flex>
      )}
    </DashboardCard>
  );
}
