import { vehicleApi } from '@swap/contracts';
import { useDetail } from '../../shared/detail/useDetail';

/** One vehicle for its detail page. */
export function useVehicleDetail(id: string | undefined) {
  return useDetail(vehicleApi.detail, id);
}
