import { areaApi } from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';

/** The provinces (id, code, name): a city's province and the list's filter. */
export function useProvinces() {
  return useEndpointQuery(areaApi.provinces, undefined, { staleTime: 60_000 });
}
