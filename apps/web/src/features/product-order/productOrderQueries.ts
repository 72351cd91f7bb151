import { productOrderApi } from '@swap/contracts';
import { useEndpointMutation } from '../../shared/api/endpoints';
import { useDetail } from '../../shared/detail/useDetail';

/** One product order with its plan-switch history (a step taken through the kit reloads it). */
export function useProductOrderDetail(id: string | undefined) {
  return useDetail(productOrderApi.detail, id);
}

/** Terminate and retry, each reloading the order's detail and lists. */
export function useOrderSteps() {
  return { terminate: useEndpointMutation(productOrderApi.terminate), retry: useEndpointMutation(productOrderApi.retry) };
}
