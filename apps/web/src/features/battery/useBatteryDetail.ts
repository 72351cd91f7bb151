import { batteryApi, commandApi, liveApi } from '@swap/contracts';
import { endpointKey } from '../../shared/api/endpoints';
import { useLiveDetail } from '../../shared/detail/useLiveRecord';

/** Where the battery's commands would go (its cabinet's compartment, whether it is online): the battery's stream tells of that cabinet too. */
const PLACE = [endpointKey(commandApi.batteryPlace)];

/** One battery for its detail page, followed live (each report it sends, and each state of the cabinet holding it, reloads it). */
export function useBatteryDetail(id: string | undefined) {
  return useLiveDetail(batteryApi.detail, liveApi.battery.live, id, PLACE);
}
