import { applicationApi } from '@swap/contracts';
import { useDetail } from '../../shared/detail/useDetail';

/** One application with its history, for its detail page (a step taken through the kit reloads it). */
export function useApplicationDetail(id: string | undefined) {
  return useDetail(applicationApi.detail, id);
}
