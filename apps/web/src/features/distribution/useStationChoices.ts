import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { distributionApi, type DeviceKind } from '@swap/contracts';
import { endpointSource } from '../../shared/api/optionSources';
import type { OptionSource } from '../../shared/table/types';

/**
 * The stations a batch of this kind may go to, named with their type, as the distribution permission
 * answers them (docs/operation-centre.md, "Distribution"), searched on the server as the user types
 * (docs/api.md, "Options calls"): vehicles to integrated stations only. `merchantId` (platform
 * staff): the chosen merchant's stations, null the platform's own; undefined (merchant staff):
 * their merchant's.
 */
export function useStationChoices(kind: DeviceKind, merchantId: number | null | undefined): OptionSource {
  const { t } = useTranslation();
  return useMemo(
    () =>
      endpointSource(
        distributionApi[kind].stations,
        (station) => ({ value: station.id, label: `${station.name} · ${t(`station.type.${station.type}`)}` }),
        merchantId === undefined || merchantId === null ? {} : { merchantId },
      ),
    [kind, merchantId, t],
  );
}
