import type { TFunction } from 'i18next';
import { DEVICE_KINDS, DISTRIBUTION_ACTIONS, type DeviceKind } from '@swap/contracts';
import { useLocation } from 'react-router';
import { fieldErrorsOf } from '../../shared/api/errors';
import type { StatusMap } from '../../shared/StatusTag';
import { optionsOf } from '../../shared/devices';

/** Menu code of a kind's distribution screen; `.add` distributes, `.edit` recalls (docs/operation-centre.md, "Distribution"). */
export function distributionCode(kind: DeviceKind): string {
  return `allocation.${kind}`;
}

/** The kind a distribution screen serves, read from its route (/distribution/<kind>). */
export function distributionKindOf(pathname: string): DeviceKind {
  const match = /^\/distribution\/([a-z]+)/.exec(pathname);
  return DEVICE_KINDS.find((kind) => kind === match?.[1]) ?? 'battery';
}

export function useDistributionKind(): DeviceKind {
  return distributionKindOf(useLocation().pathname);
}

export const ACTION_MAP: StatusMap = {
  DISTRIBUTE: { meaning: 'success', labelKey: 'distribution.action.DISTRIBUTE' },
  RECALL: { meaning: 'warning', labelKey: 'distribution.action.RECALL' },
};
export const ACTION_OPTIONS = optionsOf(DISTRIBUTION_ACTIONS, 'distribution.action');

export const CHECK_MAP: StatusMap = {
  READY: { meaning: 'success', labelKey: 'distribution.check.READY' },
  REFUSED: { meaning: 'error', labelKey: 'distribution.check.REFUSED' },
};

/**
 * A refusal naming a number by its place in the list (`numbers.1`: a control character, too long),
 * said for under the numbers field with the place counted from 1; null when the refusal names none.
 */
export function numberRefusal(error: unknown, t: TFunction): string | null {
  const entry = Object.entries(fieldErrorsOf(error)).find(([name]) => /^numbers\.\d+$/.test(name));
  if (!entry) return null;
  return t('distribution.numberAt', { place: Number(entry[0].slice('numbers.'.length)) + 1, reason: entry[1] });
}
