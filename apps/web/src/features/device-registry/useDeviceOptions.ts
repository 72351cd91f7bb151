import { useQuery } from '@tanstack/react-query';
import { deviceTypeApi, type DeviceKind } from '@swap/contracts';
import { useAgentOptions } from '../../shared/agents';
import { endpointKey, request } from '../../shared/api/endpoints';
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
  const merchants = useAgentOptions();
  if (!merchants) return null;
  return { filter: [{ value: 0, labelKey: 'deviceRegistry.platformStock' }, ...merchants], merchants };
}
