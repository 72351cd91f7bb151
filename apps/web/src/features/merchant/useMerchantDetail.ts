import { merchantApi } from '@swap/contracts';
import { useDetail } from '../../shared/detail/useDetail';

/** One merchant for its detail page. */
export function useMerchantDetail(id: string | undefined) {
  return useDetail(merchantApi.detail, id);
}
