import { getUserInfo } from '../../shared/session';
import type { SearchOption } from '../../shared/table';
import type { useOwnerOptions } from './useDeviceOptions';

/**
 * The merchants a record may name (a cabinet's seller, a vehicle's dealer): every merchant for
 * platform staff, the caller's own merchant for a merchant's staff (docs/stations-and-maps.md,
 * "Seller and dealer"). Only the forms' lazily loaded choices use it.
 */
export function merchantChoices(owners: ReturnType<typeof useOwnerOptions>): SearchOption[] {
  if (owners) return owners.merchants;
  const user = getUserInfo();
  if (typeof user?.merchantId !== 'number') return [];
  return [{ value: user.merchantId, label: user.merchantName ?? `#${user.merchantId}` }];
}
