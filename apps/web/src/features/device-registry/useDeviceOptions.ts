import { useQuery } from '@tanstack/react-query';
import { deviceTypeApi, merchantApi, type DeviceKind } from '@swap/contracts';
import { useAllRecordsOf } from '../../shared/api/allRecords';
import { endpointKey, request } from '../../shared/api/endpoints';
import { isPlatformUser } from '../../shared/session';
import type { SearchOption } from '../../shared/table';

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

/**
 * Owners a platform user can filter or register for: the platform's own stock (0 in filters)
 * and every merchant. Merchant staff only ever see their own devices: null, no owner choice.
 */
export function useOwnerOptions(): { filter: SearchOption[]; merchants: SearchOption[] } | null {
  const platform = isPlatformUser();
  const merchants = useAllRecordsOf(merchantApi.search, {}, platform);
  if (!platform) return null;
  const list = (merchants.data ?? []).map((merchant) => ({ value: merchant.id, label: merchant.name }));
  return { filter: [{ value: 0, labelKey: 'deviceRegistry.platformStock' }, ...list], merchants: list };
}
