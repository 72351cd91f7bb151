import { useQuery } from '@tanstack/react-query';
import { deviceTypeApi, type DeviceKind } from '@swap/contracts';
import { endpointKey, request } from '../../shared/api/endpoints';
import { withFixedChoices } from '../../shared/api/optionSources';
import { merchantSource } from '../../shared/merchantChoices';
import { isPlatformUser } from '../../shared/session';
import type { SearchOption } from '../../shared/table';
import type { OptionSource } from '../../shared/table/types';

/** The types of a kind as choices; keyed under the type resource, so saving a type refreshes them. Not asked while `enabled` is false. */
export function useTypeOptions(kind: DeviceKind, enabled = true): SearchOption[] {
  const options = deviceTypeApi[kind].options;
  const query = useQuery({
    queryKey: endpointKey(options),
    queryFn: ({ signal }) => request(options, undefined, { signal }),
    staleTime: 60_000,
    retry: false,
    enabled,
  });
  return (query.data ?? []).map((type) => ({ value: type.id, label: `${type.name} (${type.code})` }));
}

/** The owners a device list is filtered by: the platform's own stock (0), then the merchants. */
const ownerFilterSource = withFixedChoices(merchantSource, [{ value: 0, labelKey: 'deviceRegistry.platformStock' }]);

/**
 * Owners a platform user can filter or register for, searched on the server (the merchant options
 * call, which needs no merchant menu): `filter` offers the platform's own stock (0) too. Merchant
 * staff only ever see their own devices: null, no owner choice.
 */
export function useOwnerOptions(): { filter: OptionSource; merchants: OptionSource } | null {
  if (!isPlatformUser()) return null;
  return { filter: ownerFilterSource, merchants: merchantSource };
}
