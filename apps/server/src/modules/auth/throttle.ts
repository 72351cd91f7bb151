import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from './auth.table.js';

export interface ThrottlePolicy {
  /** Failures allowed per account name inside the window. */
  maxFailures: number;
  windowMinutes: number;
}

/** An address is shared by a whole office behind one NAT, so it gets more room than one account. */
const ADDRESS_FACTOR = 4;
const limitOf = (key: string, policy: ThrottlePolicy) => (key.startsWith('ip:') ? policy.maxFailures * ADDRESS_FACTOR : policy.maxFailures);

/** Throttling keys: one per account name and one per address, so neither can be brute-forced. */
export const throttleKeys = (username: string, ip: string) => [`user:${username.toLowerCase()}`, `ip:${ip}`];

/** True when any key has used up its failures inside the current window. */
export async function isThrottled(db: Db, keys: string[], policy: ThrottlePolicy): Promise<boolean> {
  const rows = await db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
  const windowStart = Date.now() - policy.windowMinutes * 60_000;
  return rows.some((row) => row.windowStart.getTime() > windowStart && row.failures >= limitOf(row.key, policy));
}

export async function recordFailure(db: Db, keys: string[], policy: ThrottlePolicy): Promise<void> {
  const windowStart = new Date(Date.now() - policy.windowMinutes * 60_000);
  for (const key of keys) {
    await db
      .insert(loginFailures)
      .values({ key, failures: 1, windowStart: new Date() })
      .onConflictDoUpdate({
        target: loginFailures.key,
        // A failure after the window has passed starts a new window.
        set: {
          failures: sql`case when ${loginFailures.windowStart} <= ${windowStart.toISOString()}::timestamptz then 1 else ${loginFailures.failures} + 1 end`,
          windowStart: sql`case when ${loginFailures.windowStart} <= ${windowStart.toISOString()}::timestamptz then now() else ${loginFailures.windowStart} end`,
        },
      });
  }
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
