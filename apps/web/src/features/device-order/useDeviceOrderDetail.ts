import { deviceOrderApi, type DeviceOrderKind } from '@swap/contracts';
import { useEndpointMutation } from '../../shared/api/endpoints';
import { useDetail } from '../../shared/detail/useDetail';

/** One vehicle or battery order, read with the type its address names (another type: not found). */
export function useDeviceOrderDetail(kind: DeviceOrderKind, id: string | undefined, type: string | undefined) {
  return useDetail(deviceOrderApi[kind].detail, id, { type });
}

/** Hand over and cancel, each reloading the order's detail and lists. */
export function useDeviceOrderSteps(kind: DeviceOrderKind) {
  return { handOver: useEndpointMutation(deviceOrderApi[kind].handOver), cancel: useEndpointMutation(deviceOrderApi[kind].cancel) };
}
