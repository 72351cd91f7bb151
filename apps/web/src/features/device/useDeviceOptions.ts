import { useQuery } from '@tanstack/react-query';
import { merchantApi, type DeviceKind, type DeviceTypeOption } from '@swap/contracts';
import { api } from '../../shared/api/client';
import { useAllRecordsOf } from '../../shared/api/allRecords';
import { isPlatformUser } from '../../shared/session';
// Straight from its module: the table index would pull the whole list (table, search form) into this chunk.
import { resourceSearchKey } from '../../shared/table/useResourceSearch';
import type { SearchOption } from '../../shared/table';
import { typePaths } from '../device-type/deviceTypeModel';

/** The types of a kind as choices (GET /<kind>-type/options); shares the type list's key so saving a type refreshes it. */
export function useTypeOptions(kind: DeviceKind): SearchOption[] {
  const path = typePaths(kind).options;
  const query = useQuery({
    queryKey: [...resourceSearchKey(typePaths(kind).search), 'options'],
    queryFn: ({ signal }) => api.get<DeviceTypeOption[]>(path, undefined, { signal }),
    staleTime: 60_000,
    retry: false,
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
  return { filter: [{ value: 0, labelKey: 'device.platformStock' }, ...list], merchants: list };
}
