import { useQuery } from '@tanstack/react-query';
import type { CurrencyConfig, MenuLevels } from '@swap/contracts';
import { api } from '../shared/api/client';

export const MENU_LEVELS_KEY = ['menu-levels'] as const;
export const CURRENCY_KEY = ['currency-config'] as const;

/** The signed-in user's permission tree and held codes; read once per session. */
export function useMenuLevels(enabled: boolean) {
  return useQuery({
    queryKey: MENU_LEVELS_KEY,
    queryFn: ({ signal }) => api.get<MenuLevels>('/admin/menu/levels', undefined, { signal }),
    staleTime: Infinity,
    retry: false,
    enabled,
  });
}

/** The tenant's currency, read once at start for every amount label. */
export function useCurrencyConfig(enabled: boolean) {
  return useQuery({
    queryKey: CURRENCY_KEY,
    queryFn: ({ signal }) => api.get<CurrencyConfig>('/currency/config/detail', undefined, { signal }),
    staleTime: Infinity,
    retry: false,
    enabled,
  });
}
