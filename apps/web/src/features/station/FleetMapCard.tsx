import { lazy, Suspense } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATION_SCREENS, STATION_TYPES } from '@swap/contracts';
import { useAllowed } from '../../shared/permissions';

// The map, Leaflet and the stations' calls load with the card, after the page.
const FleetMap = lazy(() => import('./FleetMap'));

/**
 * The dashboard's fleet map (docs/stations-and-maps.md, "Stations"): every station of the types the
 * account holds the menu of (`site.store`, `site.cabinet`), each coloured by how it is doing, grouped
 * when close; a click opens the station. Holders of neither see no card.
 */
export function FleetMapCard({ height = 320 }: { height?: number }) {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const types = STATION_TYPES.filter((type) => allowed({ code: STATION_SCREENS[type].code }));
  if (types.length === 0) return null;
  return (
    <Suspense fallback={<Card size="small" loading title={t('station.fleetTitle', { count: 0 })} style={{ minHeight: height + 90 }} />}>
      <FleetMap types={types} height={height} />
    </Suspense>
  );
}
