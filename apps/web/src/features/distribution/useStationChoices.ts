import { useTranslation } from 'react-i18next';
import { distributionApi, type DeviceKind } from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';
import type { SearchOption } from '../../shared/table';

/**
 * The stations a batch of this kind may go to, named with their type, as the distribution permission
 * answers them (docs/operation-centre.md, "Distribution"): vehicles to integrated stations only.
 * `merchantId` (platform staff): the chosen merchant's stations, null the platform's own;
 * undefined (merchant staff): their merchant's.
 */
export function useStationChoices(kind: DeviceKind, merchantId: number | null | undefined): SearchOption[] {
  const { t } = useTranslation();
  const input = merchantId === undefined || merchantId === null ? {} : { merchantId };
  const stations = useEndpointQuery(distributionApi[kind].stations, input, { staleTime: 60_000 });
  return (stations.data ?? []).map((station) => ({ value: station.id, label: `${station.name} · ${t(`station.type.${station.type}`)}` }));
}
