import { useQuery } from '@tanstack/react-query';
import { basePriceApi } from '@swap/contracts';
import { endpointKey, request } from '../../shared/api/endpoints';
import type { SearchOption } from '../../shared/table';

/** The cities a price can be set in, "Province / City". */
export function useCityOptions(): SearchOption[] {
  const query = useQuery({
    queryKey: endpointKey(basePriceApi.cities),
    queryFn: ({ signal }) => request(basePriceApi.cities, undefined, { signal }),
    staleTime: 60_000,
    retry: false,
  });
  return (query.data ?? []).map((city) => ({ value: city.id, label: city.province ? `${city.province} / ${city.name}` : city.name }));
}
