import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dashboardApi, STATION_SCREENS, type DashboardRanking, type StationType } from '@swap/contracts';
import { useAllowed } from '../../shared/permissions';
import { ResourceTable, type ResourceColumn } from '../../shared/table';
import { DashboardCard } from './DashboardCard';
import { useRanking } from './dashboardQueries';

type CabinetRow = DashboardRanking['busiestCabinets'][number];

/** A station's name, linked to its page for holders of its type's menu. */
function StationName({ id, name, type }: { id: number | null; name: string | null; type: StationType | null }) {
  const allowed = useAllowed();
  if (id === null || name === null) return <>–</>;
  if (type === null || !allowed({ code: STATION_SCREENS[type].code })) return <>{name}</>;
  return <Link to={`${STATION_SCREENS[type].detail}/${id}`}>{name}</Link>;
}
type StationRow = DashboardRanking['emptiestStations'][number];

const cabinetColumns: ResourceColumn<CabinetRow>[] = [
  {
    key: 'cabinetNumber',
    titleKey: 'dashboard.cabinet',
    render: (row) => <Link to={`/product/cabinet/detail/${row.cabinetId}`}>{row.cabinetNumber}</Link>,
  },
  {
    key: 'stationName',
    titleKey: 'dashboard.station',
    render: (row) => <StationName id={row.stationId} name={row.stationName} type={row.stationType} />,
    // A long name keeps to one line (the whole name on hover): both rankings side by side fit half the row at 1920×1080.
    ellipsis: true,
    width: 120,
  },
  { key: 'swaps', titleKey: 'dashboard.swaps', kind: 'number' },
];

const stationColumns: ResourceColumn<StationRow>[] = [
  {
    key: 'stationName',
    titleKey: 'dashboard.station',
    render: (row) => <StationName id={row.stationId} name={row.stationName} type={row.stationType} />,
    ellipsis: true,
    width: 120,
  },
  { key: 'swappable', titleKey: 'dashboard.swappable', kind: 'number' },
  { key: 'batteries', titleKey: 'dashboard.batteries', kind: 'number' },
];

/** One ranking as a table of the rows already answered (one page of at most ten). */
function Ranking<T extends object>({
  rows,
  path,
  rowKey,
  columns,
}: {
  rows: T[];
  path: string;
  rowKey: Extract<keyof T, string>;
  columns: ResourceColumn<T>[];
}) {
  return (
    <ResourceTable<T>
      searchPath={`${dashboardApi.ranking.path}#${path}:${JSON.stringify(rows)}`}
      fetchPage={() => Promise.resolve({ records: rows, total: rows.length, current: 1, size: 10, pages: 1 })}
      rowKey={rowKey}
      columns={columns}
      compact
    />
  );
}

/** The ten cabinets with the most swaps today and the ten stations with the fewest swappable batteries (dashboard.ranking). */
export default function RankingCard() {
  const { t } = useTranslation();
  const query = useRanking(true);
  return (
    <DashboardCard title={t('dashboard.ranking')} query={query} className="dashboard-ranking">
      {(ranking) => (
        <div className="dashboard-rankings">
          <section>
            <h3 className="dashboard-subtitle">{t('dashboard.busiestCabinets')}</h3>
            <Ranking rows={ranking.busiestCabinets} path="cabinets" rowKey="cabinetId" columns={cabinetColumns} />
          </section>
          <section>
            <h3 className="dashboard-subtitle">{t('dashboard.emptiestStations')}</h3>
            <Ranking rows={ranking.emptiestStations} path="stations" rowKey="stationId" columns={stationColumns} />
          </section>
        </div>
      )}
    </DashboardCard>
  );
}
