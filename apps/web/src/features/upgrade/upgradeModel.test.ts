import { describe, expect, it } from 'vitest';
import { progressOf } from './upgradeModel';

describe('a task’s progress', () => {
  it('counts cabinets cancelled by a stop as ended, but not as failed', () => {
    const stopped = progressOf({ deviceCount: 6, succeeded: 2, failed: 0, cancelled: 4 });
    expect(stopped).toEqual({ ended: 6, percent: 100, succeeded: 33, failed: 0 });
  });

  it('splits a running task into succeeded and failed shares of all its cabinets', () => {
    expect(progressOf({ deviceCount: 4, succeeded: 1, failed: 1, cancelled: 0 })).toEqual({
      ended: 2,
      percent: 50,
      succeeded: 25,
      failed: 25,
    });
  });

  it('shows nothing done for a task of no cabinets yet', () => {
    expect(progressOf({ deviceCount: 0, succeeded: 0, failed: 0, cancelled: 0 })).toEqual({
      ended: 0,
      percent: 0,
      succeeded: 0,
      failed: 0,
    });
  });
});
