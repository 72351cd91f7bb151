import { deviceOrderApi, type DeviceOrderKind } from '@swap/contracts';
import { useDetail } from '../../shared/detail/useDetail';

/** One vehicle or battery order, read with the type its address names (another type: not found). */
export function useDeviceOrderDetail(kind: DeviceOrderKind, id: string | undefined, type: string | undefined) {
  return useDetail(deviceOrderApi[kind].detail, id, { type });
}
