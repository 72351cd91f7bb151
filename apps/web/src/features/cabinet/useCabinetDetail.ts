import { cabinetApi, liveApi } from '@swap/contracts';
import { useLiveDetail } from '../../shared/detail/useLiveRecord';

/** One cabinet with its compartments for its detail page, followed live (each report it sends reloads it). */
export function useCabinetDetail(id: string | undefined) {
  return useLiveDetail(cabinetApi.detail, liveApi.cabinet.live, id);
}
