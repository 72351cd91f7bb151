import { swapOrderApi, type SwapOrderKind } from '@swap/contracts';
import { useEndpointMutation } from '../../shared/api/endpoints';
import { useDetail } from '../../shared/detail/useDetail';

/** One transfer or energy order (an order of the other kind: not found). */
export function useSwapOrderDetail(kind: SwapOrderKind, id: string | undefined) {
  return useDetail(swapOrderApi[kind].detail, id);
}

/** Collect from the wallet, cancel and refund to the wallet, each reloading the order's detail and lists. */
export function useSwapOrderSteps(kind: SwapOrderKind) {
  return {
    pay: useEndpointMutation(swapOrderApi[kind].walletPay),
    cancel: useEndpointMutation(swapOrderApi[kind].cancel),
    refund: useEndpointMutation(swapOrderApi[kind].refund),
  };
}
