import { and, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginThrottle } from './session.table.js';

/**
 * Sign-in throttling (docs/security.md). Every try is reserved in the database before the password
 * is checked, on three keys: the account at this address, the account from anywhere, and the
 * address for any account. A key has free failures; after them each failure doubles the wait
 * before that key's next try (from one minute up to the cap), and while it waits a try is refused
 * without checking the password. Nothing refuses the right password for good: an account that
 * signed in at an address before is, from there, held only by its own failures at that address.
 */
export interface ThrottlePolicy {
  /** Free failures of one account at one address; an account or an address alone gets ACCOUNT_FACTOR times as many. */
  maxFailures: number;
  /** The longest wait between two tries of one key. */
  windowMinutes: number;
}

/** The account from anywhere and an address shared by a whole office get more room than one pair. */
export const ACCOUNT_FACTOR = 4;
const FIRST_DELAY_SECONDS = 60;
/** Failures are forgotten after this long without one. */
const FORGET_HOURS = 24;
/** An address where the account signed in within this many days is the owner's own. */
const TRUST_DAYS = 30;

export interface SignInKeys {
  /** The account (its id, or the typed name of an unknown one) at this address. */
  pair: string;
  account: string;
  address: string;
}

export const throttleKeys = (account: string, ip: string): SignInKeys => ({
  pair: `pair:${account}@${ip}`,
  account: `account:${account}`,
  address: `ip:${ip}`,
});

export type Reservation = { ok: true; reserved: string[] } | { ok: false; retryAfterSeconds: number };

const t = loginThrottle;

/** The wait a key imposes after its failure number `failures`: none within the allowance, then doubling to the cap. */
function notBeforeAfter(failures: SQL, allowance: SQL, policy: ThrottlePolicy): SQL {
  const cap = policy.windowMinutes * 60;
  return sql`case when ${failures} >= ${allowance} then now() + least(${FIRST_DELAY_SECONDS} * power(2, least(${failures} - ${allowance}, 30)), ${cap}) * interval '1 second' end`;
}

async function waitOf(db: Db, keys: string[]): Promise<{ key: string; waitSeconds: number; trusted: boolean }[]> {
  return db
    .select({
      key: t.key,
      waitSeconds: sql<number>`coalesce(ceil(extract(epoch from (${t.notBefore} - now())))::int, 0)`,
      trusted: sql<boolean>`coalesce(${t.lastSuccessAt} > now() - make_interval(days => ${TRUST_DAYS}), false)`,
    })
    .from(t)
    .where(inArray(t.key, keys));
}

/**
 * Reserves one try on every key that applies, as a failure until the password proves right. One
 * upsert per call: a key already waiting is left as it is and not returned, so parallel tries
 * can never pass a key's allowance.
 */
export async function reserveAttempt(db: Db, keys: SignInKeys, policy: ThrottlePolicy): Promise<Reservation> {
  await pruneNow(db);
  const rows = await waitOf(db, [keys.pair, keys.account, keys.address]);
  const trusted = rows.some((row) => row.key === keys.pair && row.trusted);
  const applicable = (trusted ? [keys.pair] : [keys.pair, keys.account, keys.address]).sort();
  const waiting = Math.max(0, ...rows.filter((row) => applicable.includes(row.key)).map((row) => row.waitSeconds));
  if (waiting > 0) return { ok: false, retryAfterSeconds: waiting };

  const allowanceOf = (key: string) => (key === keys.pair ? policy.maxFailures : policy.maxFailures * ACCOUNT_FACTOR);
  const failures = sql`case when ${t.lastFailureAt} is null or ${t.lastFailureAt} < now() - make_interval(hours => ${FORGET_HOURS}) then 1 else ${t.failures} + 1 end`;
  const reservedRows = await db
    .insert(t)
    .values(
      applicable.map((key) => ({
        key,
        failures: 1,
        allowance: allowanceOf(key),
        notBefore: notBeforeAfter(sql`1`, sql`${allowanceOf(key)}::int`, policy),
        lastFailureAt: sql`now()`,
      })),
    )
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures,
        allowance: sql`excluded.allowance`,
        notBefore: notBeforeAfter(failures, sql`excluded.allowance`, policy),
        lastFailureAt: sql`now()`,
      },
      setWhere: or(isNull(t.notBefore), sql`${t.notBefore} <= now()`),
    })
    .returning({ key: t.key });
  const reserved = reservedRows.map((row) => row.key);
  if (reserved.length === applicable.length) return { ok: true, reserved };

  // A parallel try got there first on some key: this one is not checked and gives back what it took.
  await refundAttempt(db, reserved);
  const after = await waitOf(db, applicable);
  return { ok: false, retryAfterSeconds: Math.max(1, ...after.map((row) => row.waitSeconds)) };
}

/** Gives back reserved tries that were not a failure (the right password, or not checked at all). */
export async function refundAttempt(db: Db, reserved: string[]): Promise<void> {
  if (reserved.length === 0) return;
  await db
    .update(t)
    .set({
      failures: sql`greatest(${t.failures} - 1, 0)`,
      notBefore: sql`case when ${t.failures} - 1 >= ${t.allowance} then ${t.notBefore} end`,
    })
    .where(inArray(t.key, reserved));
}

/** The right password: the pair starts afresh and marks the address as the owner's; the others get their try back. */
export async function recordSuccess(db: Db, keys: SignInKeys, reserved: string[]): Promise<void> {
  await db
    .update(t)
    .set({ failures: 0, notBefore: null, lastFailureAt: null, lastSuccessAt: sql`now()` })
    .where(eq(t.key, keys.pair));
  await refundAttempt(
    db,
    reserved.filter((key) => key !== keys.pair),
  );
}

/** Rows of keys with nothing left to remember are removed, at most once an hour per server. */
let lastPrune = 0;
async function pruneNow(db: Db): Promise<void> {
  if (Date.now() - lastPrune < 3_600_000) return;
  lastPrune = Date.now();
  await db
    .delete(t)
    .where(
      and(
        or(isNull(t.lastFailureAt), lt(t.lastFailureAt, sql`now() - make_interval(hours => ${FORGET_HOURS})`)),
        or(isNull(t.lastSuccessAt), lt(t.lastSuccessAt, sql`now() - make_interval(days => ${TRUST_DAYS})`)),
        or(isNull(t.notBefore), lt(t.notBefore, sql`now()`)),
      ),
    );
}
