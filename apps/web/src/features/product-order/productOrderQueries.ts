import { productOrderApi } from '@swap/contracts';
import { useDetail } from '../../shared/detail/useDetail';

/** One product order with its plan-switch history (a step taken through the kit reloads it). */
export function useProductOrderDetail(id: string | undefined) {
  return useDetail(productOrderApi.detail, id);
}
