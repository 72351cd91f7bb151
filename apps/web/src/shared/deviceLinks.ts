import type { DeviceKind } from '@swap/contracts';

/**
 * The detail route of a device, e.g. /product/battery/detail/12. Apart from shared/devices.ts, which
 * carries every kind's endpoints, so that a page linking to a device does not load them.
 */
export function deviceDetailPath(kind: DeviceKind, id: number): string {
  return `/product/${kind}/detail/${id}`;
}
