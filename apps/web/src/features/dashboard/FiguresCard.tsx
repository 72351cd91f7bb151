import { Flex, Tag } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DashboardFigures } from '@swap/contracts';
import { formatNumber } from '../../shared/format';
import { STATUS_COLORS, type StatusMeaning } from '../../shared/StatusTag';
import { AnimatedCount } from './AnimatedCount';
import { DashboardCard } from './DashboardCard';
import { useFigures } from './dashboardQueries';

/** Each alarm level in the status colours that pass contrast (shared/StatusTag.tsx). */
const LEVEL_MEANINGS = { LOW: 'processing', MEDIUM: 'warning', HIGH: 'error' } as const satisfies Record<string, StatusMeaning>;
const levelStyle = (level: keyof typeof LEVEL_MEANINGS) => {
  const { color, background, border } = STATUS_COLORS[LEVEL_MEANINGS[level]];
  return { color, background, borderColor: border };
};

function Tile({ label, value, children }: { label: string; value: number; children?: React.ReactNode }) {
  return (
    <div className="dashboard-tile" role="group" aria-label={label}>
      <div className="dashboard-tile-label">{label}</div>
      <div className="dashboard-tile-value">
        <AnimatedCount value={value} />
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
