import { COMPARTMENT_STATES, type CompartmentRecord, type CompartmentState } from '@swap/contracts';
import type { StatusMap, StatusMeaning } from '../../shared/StatusTag';

/** Fixed meaning (so colour) per compartment state, the same on every screen. */
export const COMPARTMENT_MEANING: Record<CompartmentState, StatusMeaning> = {
  EMPTY: 'default',
  SWAPPABLE: 'success',
  RESERVED: 'processing',
  FAULTY: 'error',
  FULL: 'warning',
};

export const COMPARTMENT_MAP: StatusMap = Object.fromEntries(
  COMPARTMENT_STATES.map((state) => [state, { meaning: COMPARTMENT_MEANING[state], labelKey: `cabinet.state.${state}` }]),
);

/** How many compartments are in each state; every state is present, in the spec's order. */
export function countByState(compartments: readonly Pick<CompartmentRecord, 'state'>[]): Record<CompartmentState, number> {
  const counts = Object.fromEntries(COMPARTMENT_STATES.map((state) => [state, 0])) as Record<CompartmentState, number>;
  for (const compartment of compartments) counts[compartment.state] += 1;
  return counts;
}

/** Compartments in door order (the device reports them in any order). */
export function byIndex<T extends Pick<CompartmentRecord, 'index'>>(compartments: readonly T[]): T[] {
  return [...compartments].sort((a, b) => a.index - b.index);
}
