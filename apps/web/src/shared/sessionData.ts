import { useQuery } from '@tanstack/react-query';
import { currencyApi } from '@swap/contracts';
import { endpointKey, request } from './api/endpoints';
import { menuLevelsCall } from './sessionCalls';

/** The signed-in user's permission tree and held codes; read once per session. */
export function useMenuLevels(enabled: boolean) {
  return useQuery({ ...menuLevelsCall(), enabled });
}

/** The tenant's currency, read once at start for every amount label. */
export function useCurrencyConfig(enabled: boolean) {
  return useQuery({
    queryKey: endpointKey(currencyApi.detail, {}),
    queryFn: ({ signal }) => request(currencyApi.detail, {}, { signal }),
    staleTime: Infinity,
    retry: false,
    enabled,
  });
}
