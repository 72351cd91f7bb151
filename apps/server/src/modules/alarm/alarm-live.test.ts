import { describe, expect, it } from 'vitest';
import { readWhenPoked } from './alarm.live.js';

/** Lets every pending promise callback run (no timer, no clock). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * How the header's stream schedules its reads (docs/alarms.md, "Live"): an announcement is read at
 * once, not after a gathering wait, and the announcements that come while a read runs are gathered
 * into one more read.
 */
describe('the alarm stream’s reads', () => {
  it('reads at once when an alarm is announced, and once more for all the announcements during a read', async () => {
    let reads = 0;
    const running: (() => void)[] = [];
    const poke = readWhenPoked(() => {
      reads++;
      return new Promise<void>((resolve) => running.push(resolve));
    });

    poke();
    // Started in the announcement's own turn: no wait before the first read.
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
    expect(reads).toBe(3);
    running.shift()!();
    await settle();
    expect(reads).toBe(3);
  });
});
