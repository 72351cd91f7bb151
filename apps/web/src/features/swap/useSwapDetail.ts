import { swapApi } from '@swap/contracts';
import { useDetail } from '../../shared/detail/useDetail';

/** One swap record for its detail page. */
export function useSwapDetail(id: string | undefined) {
  return useDetail(swapApi.detail, id);
}
