import { batteryApi, liveApi } from '@swap/contracts';
import { useLiveDetail } from '../../shared/detail/useLiveRecord';

/** One battery for its detail page, followed live (each report it sends reloads it). */
export function useBatteryDetail(id: string | undefined) {
  return useLiveDetail(batteryApi.detail, liveApi.battery.live, id);
}
