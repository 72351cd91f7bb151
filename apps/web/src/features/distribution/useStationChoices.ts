import { useTranslation } from 'react-i18next';
import { STATION_SCREENS, stationApi, type DeviceKind, type StationType } from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';
import { useCan } from '../../shared/permissions';
import type { SearchOption } from '../../shared/table';

/**
 * The stations a batch of this kind may go to, named with their type (docs/operation-centre.md,
 * "Distribution"): vehicles go to integrated stations only; the types whose menu the caller holds.
 * `merchantId` (platform staff): the chosen merchant's stations, null the platform's own;
 * undefined (merchant staff): every station they see, all their merchant's.
 */
export function useStationChoices(kind: DeviceKind, merchantId: number | null | undefined): SearchOption[] {
  const { t } = useTranslation();
  const can = useCan();
  const types: StationType[] = kind === 'vehicle' ? ['INTEGRATED'] : ['SWAP', 'INTEGRATED'];
  const wanted = (type: StationType) => types.includes(type) && can(STATION_SCREENS[type].code);
  const swap = useEndpointQuery(stationApi.SWAP.options, undefined, { enabled: wanted('SWAP'), staleTime: 60_000 });
  const integrated = useEndpointQuery(stationApi.INTEGRATED.options, undefined, { enabled: wanted('INTEGRATED'), staleTime: 60_000 });
  return types
    .flatMap((type) => (wanted(type) ? ((type === 'SWAP' ? swap.data : integrated.data) ?? []) : []))
    .filter((station) => merchantId === undefined || station.merchantId === merchantId)
    .map((station) => ({ value: station.id, label: `${station.name} · ${t(`station.type.${station.type}`)}` }));
}
