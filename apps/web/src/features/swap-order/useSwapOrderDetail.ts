import { swapOrderApi, type SwapOrderKind } from '@swap/contracts';
import { useDetail } from '../../shared/detail/useDetail';

/** One transfer or energy order (an order of the other kind: not found). */
export function useSwapOrderDetail(kind: SwapOrderKind, id: string | undefined) {
  return useDetail(swapOrderApi[kind].detail, id);
}
