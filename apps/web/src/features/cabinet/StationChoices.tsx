import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STATION_SCREENS, STATION_TYPES, stationApi } from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';
import { useCan } from '../../shared/permissions';
import type { SearchOption } from '../../shared/table';
import { merchantChoices, useOwnerOptions, type FieldOptionsByName } from '../device-registry';

/**
 * The stations a cabinet may stand in, for its form (docs/stations-and-maps.md, "Cabinets in
 * stations"): those of each type whose menu the caller holds, named with their type and, for
 * platform staff, their owner (a cabinet joins its owner's stations only).
 */
function useStationChoices(): Record<string, SearchOption[]> {
  const { t } = useTranslation();
  const can = useCan();
  const owners = useOwnerOptions();
  const swap = useEndpointQuery(stationApi.SWAP.options, undefined, { enabled: can(STATION_SCREENS.SWAP.code), staleTime: 60_000 });
  const integrated = useEndpointQuery(stationApi.INTEGRATED.options, undefined, {
    enabled: can(STATION_SCREENS.INTEGRATED.code),
    staleTime: 60_000,
  });
  const ownerName = (merchantId: number | null) =>
    merchantId === null ? t('station.platformOwn') : (owners?.merchants.find((m) => m.value === merchantId)?.label ?? '');
  const options = STATION_TYPES.flatMap((type) => (type === 'SWAP' ? swap.data : integrated.data) ?? []).map((station) => ({
    value: station.id,
    label: [station.name, t(`station.type.${station.type}`), ...(owners ? [ownerName(station.merchantId)] : [])].join(' · '),
  }));
  return { stationId: options, sellerId: merchantChoices(owners) };
}

/** The cabinet form's fed choices: its station and its seller. */
export default function StationChoices({ children }: { children: (options: FieldOptionsByName) => ReactNode }) {
  return children(useStationChoices());
}
