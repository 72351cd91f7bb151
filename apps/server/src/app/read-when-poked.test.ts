import { afterEach, describe, expect, it, vi } from 'vitest';
import { readWhenPoked } from './read-when-poked.js';

/** Lets every pending promise callback run (no timer, no clock). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * How the live streams schedule their reads (docs/api.md, "Live streams"; the header's in
 * docs/alarms.md, "Live"): an announcement is read at once, not after a gathering wait, and the
 * announcements that come while a read runs, or within the stream's gap, are gathered into one more read.
 */
describe('a live stream’s reads', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads at once when an alarm is announced, and once more for all the announcements during a read', async () => {
    let reads = 0;
    const running: (() => void)[] = [];
    const poke = readWhenPoked(() => {
      reads++;
      return new Promise<void>((resolve) => running.push(resolve));
    });

    poke();
    poke();
    // Started as the announcing turn ends (its other announcements with it), with no timer.
    expect(reads).toBe(0);
    await Promise.resolve();
    expect(reads).toBe(1);
    poke();
    poke();
    poke();
    await settle();
    // One read at a time: the three announcements wait for the running read.
    expect(reads).toBe(1);

    running.shift()!();
    await settle();
    // ...and are gathered into a single read after it.
    expect(reads).toBe(2);
    running.shift()!();
    await settle();
    expect(reads).toBe(2);

    // Idle again: the next announcement is read at once.
    poke();
    await Promise.resolve();
    expect(reads).toBe(3);
    running.shift()!();
    await settle();
    expect(reads).toBe(3);
  });

  it('with a gap, tells the first change at once and gathers the changes of the gap into one more', async () => {
    vi.useFakeTimers();
    let reads = 0;
    const poke = readWhenPoked(() => {
      reads++;
    }, 250);

    poke();
    await Promise.resolve();
    expect(reads).toBe(1);
    // A device's telemetry, then its state, then more: within the gap, they wait for its end together.
    poke();
    await vi.advanceTimersByTimeAsync(100);
    poke();
    poke();
    await vi.advanceTimersByTimeAsync(149);
    expect(reads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(reads).toBe(2);

    // Past the gap, the next change is told at once again.
    poke();
    await Promise.resolve();
    expect(reads).toBe(3);
    // A stream closed drops what waits for its gap.
    poke();
    poke.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(reads).toBe(3);
  });
});
