import { lazy, Suspense } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyPart } from '../../shared/detail';

const StationCabinetsLive = lazy(() => import('./StationCabinetsLive'));
// The table loads with the card, not with the station page (docs/scaling.md, "Web bundle").
const StationCabinetsTable = lazy(() => import('./StationCabinetsTable'));

/**
 * The cabinets standing in a station: connection, swappable batteries, alarms and supply, each
 * opening its cabinet; the rows follow the cabinets' reports live.
 */
export function StationCabinets({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  return (
    <Card
      title={t('station.cabinets')}
      extra={
        <Suspense fallback={null}>
          <StationCabinetsLive stationId={stationId} />
        </Suspense>
      }
    >
      <LazyPart>
        <StationCabinetsTable stationId={stationId} />
      </LazyPart>
    </Card>
  );
}
