import { productOrderApi } from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';

/** The merchant's products on sale now, to place an order or switch a plan to; platform staff name the merchant. */
export function useOrderableProducts(merchantId: number | undefined, enabled = true) {
  return useEndpointQuery(productOrderApi.products, merchantId ? { merchantId } : {}, { enabled });
}
