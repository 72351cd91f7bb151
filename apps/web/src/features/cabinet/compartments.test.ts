import { describe, expect, it } from 'vitest';
import { byIndex, COMPARTMENT_MEANING, countByState } from './compartments';

describe('compartments', () => {
  it('counts every state, including those with no compartment', () => {
    const states = ['FULL', 'FULL', 'EMPTY', 'FAULTY', 'SWAPPABLE', 'FULL'] as const;
    expect(countByState(states.map((state) => ({ state })))).toEqual({ EMPTY: 1, SWAPPABLE: 1, RESERVED: 0, FAULTY: 1, FULL: 3 });
    expect(countByState([])).toEqual({ EMPTY: 0, SWAPPABLE: 0, RESERVED: 0, FAULTY: 0, FULL: 0 });
  });

  it('orders compartments by index', () => {
    expect(byIndex([{ index: 3 }, { index: 1 }, { index: 2 }]).map((c) => c.index)).toEqual([1, 2, 3]);
  });

  it('gives each state its own meaning', () => {
    expect(new Set(Object.values(COMPARTMENT_MEANING)).size).toBe(5);
  });
});
