import { merchantApi } from '@swap/contracts';
import { useAllRecordsOf } from './api/allRecords';
import { isPlatformUser } from './session';
import type { SearchOption } from './table/types';

/**
 * The agents (merchants) platform staff act for, as choices, from the merchant list's call; null
 * for a merchant's staff, who only ever act for their own merchant and choose none.
 */
export function useAgentOptions(): SearchOption[] | null {
  const platform = isPlatformUser();
  const merchants = useAllRecordsOf(merchantApi.search, {}, platform);
  if (!platform) return null;
  return (merchants.data ?? []).map((merchant) => ({ value: merchant.id, label: merchant.name }));
}
