import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessionApi, endpointUrl, menuApi } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { eventually } from '../../test/eventually.js';
import { FACTORY_PASSWORD, createMerchant, createSubAccount, platformAdmin, type Caller } from '../../test/factories.js';
import { accounts } from '../account/account.table.js';
import { loginThrottle } from './session.table.js';
import { holdPasswordHashing, passwordHashStats, resetPasswordHashStats } from '../account/password.js';

/**
 * The sign-in budget of docs/security.md, measured on the real server: the number of password
 * checks actually performed, never their time. Policy here: 3 free failures per account and
 * address (12 per account, 12 per address), waits doubling from 1 minute up to 15.
 */
const FREE = 3;
const WIDE = FREE * 4;
/** Tries of one key within an hour: its free failures, then after waits of 1, 2, 4, 8, 15, 15, 15 minutes. */
const perHour = (free: number) => free + 7;

interface Answer {
  status: number;
  code: number;
  message: string;
  data: { retryAfterSeconds?: number } | null;
  retryAfter: string | undefined;
}

describe('sign-in budget', () => {
  let server: TestServer;
  let owner: Caller;
  let clerk: Caller;
  beforeAll(async () => {
    server = await startTestServer({
      LOGIN_MAX_FAILURES: String(FREE),
      LOGIN_WINDOW_MINUTES: '15',
      PASSWORD_HASH_CONCURRENCY: '2',
      DEMO: '0',
    });
    const merchant = await createMerchant(server, (await platformAdmin(server)).token, { phone: '+62 812-3456-7890' });
    owner = merchant.admin;
    clerk = await createSubAccount(server, merchant, ['record.swap']);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.db.delete(loginThrottle);
    resetPasswordHashStats();
  });

  const loginFrom = async (remoteAddress: string, username: string, password: string): Promise<Answer> => {
    const raw = await server.app.inject({
      method: 'POST',
      url: endpointUrl(sessionApi.signIn),
      remoteAddress,
      payload: { username, password },
    });
    const retryAfter = raw.headers['retry-after'];
    return { status: raw.statusCode, ...raw.json<Omit<Answer, 'status' | 'retryAfter'>>(), retryAfter: retryAfter?.toString() };
  };

  /** Time passes for the throttle: every remembered moment moves back by this many seconds. */
  const pass = async (seconds: number) => {
    const shift = sql`make_interval(secs => ${seconds})`;
    await server.db.update(loginThrottle).set({
      notBefore: sql`${loginThrottle.notBefore} - ${shift}`,
      lastFailureAt: sql`${loginThrottle.lastFailureAt} - ${shift}`,
      lastSuccessAt: sql`${loginThrottle.lastSuccessAt} - ${shift}`,
    });
  };

  /** An attacker trying as fast as the throttle lets it for one hour; answers how many passwords were checked. */
  const attackForAnHour = async (attempt: (i: number) => Promise<Answer>): Promise<number> => {
    resetPasswordHashStats();
    let elapsed = 0;
    for (let i = 0; i < 500; i++) {
      const answer = await attempt(i);
      if (answer.status === 429) {
        expect(answer.code).toBe(1016);
        const wait = answer.data?.retryAfterSeconds ?? 0;
        expect(answer.retryAfter).toBe(String(wait));
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(15 * 60);
        if (elapsed + wait > 3600) break;
        await pass(wait);
        elapsed += wait;
      } else expect(answer.code).toBe(2002);
    }
    return passwordHashStats().checks;
  };

  it('gives one address on one account its free failures, then waits doubling to 15 minutes: measured over an hour', async () => {
    const checks = await attackForAnHour(() => loginFrom('203.0.113.10', owner.username, 'wrong-pass1'));
    expect(checks).toBe(perHour(FREE));
  });

  it('gives one account, tried from a new address each time, at most its account budget per hour', async () => {
    const checks = await attackForAnHour((i) => loginFrom(`10.1.${Math.floor(i / 250)}.${i % 250}`, owner.username, 'wrong-pass1'));
    expect(checks).toBe(perHour(WIDE));
  });

  it('gives one address, trying a new name each time, at most its address budget per hour', async () => {
    const checks = await attackForAnHour((i) => loginFrom('203.0.113.11', `guess${i}`, 'wrong-pass1'));
    expect(checks).toBe(perHour(WIDE));
  });

  it('checks no more than the free failures of 40 parallel sign-ins on one account, the right password among them', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => loginFrom('203.0.113.12', clerk.username, i === 39 ? FACTORY_PASSWORD : `wrong-pass${i}`)),
    );
    expect(passwordHashStats().checks).toBeLessThanOrEqual(FREE);
    expect(answers.filter((a) => a.status !== 429)).toHaveLength(passwordHashStats().checks);
    expect(answers.filter((a) => a.status === 429).every((a) => a.code === 1016)).toBe(true);
  });

  it('checks no more than the account budget of 40 parallel sign-ins on one account from 40 addresses', async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => loginFrom(`10.2.0.${i}`, clerk.username, `wrong-pass${i}`)));
    expect(passwordHashStats().checks).toBeLessThanOrEqual(WIDE);
  });

  it('hashes few of 300 parallel unknown names from one address, and the rest of the API answers meanwhile', async () => {
    const token = await server.login('admin');
    resetPasswordHashStats();
    const release = holdPasswordHashing();
    let settled = 0;
    const flood = Array.from({ length: 300 }, (_, i) =>
      loginFrom('203.0.113.13', `stranger${i}`, 'wrong-pass1').finally(() => {
        settled++;
      }),
    );
    try {
      // Everything beyond the address budget is refused while the admitted checks are still held.
      await eventually(() => expect(settled).toBe(300 - WIDE), 20_000);
      const menu = await server.request(menuApi.levels, undefined, { token });
      expect(menu.code).toBe(1);
    } finally {
      release();
    }
    const answers = await Promise.all(flood);
    expect(passwordHashStats().checks).toBe(WIDE);
    expect(answers.filter((a) => a.code === 2002)).toHaveLength(WIDE);
    expect(answers.filter((a) => a.code === 1016)).toHaveLength(300 - WIDE);
  });

  it('runs at most the configured number of hashes at once and refuses the overflow as busy, at once', async () => {
    const token = await server.login('admin');
    resetPasswordHashStats();
    const release = holdPasswordHashing();
    let settled = 0;
    // From 300 addresses, so only the hashing limit (2 running, 16 waiting) holds them back.
    const flood = Array.from({ length: 300 }, (_, i) =>
      loginFrom(`10.3.${Math.floor(i / 200)}.${i % 200}`, `crowd${i}`, 'wrong-pass1').finally(() => {
        settled++;
      }),
    );
    try {
      await eventually(() => expect(settled).toBe(300 - 18), 20_000);
      expect(passwordHashStats()).toMatchObject({ running: 2, waiting: 16 });
      expect((await server.request(menuApi.levels, undefined, { token })).code).toBe(1);
    } finally {
      release();
    }
    const answers = await Promise.all(flood);
    expect(passwordHashStats()).toMatchObject({ checks: 18, peak: 2 });
    const busy = answers.filter((a) => a.code === 2022);
    expect(busy).toHaveLength(282);
    expect(busy[0]).toMatchObject({ status: 429, message: 'Too many sign-ins are being checked right now, please try again in a moment' });
    // A refusal for being busy is not a failure: the address and names have all their tries left.
    const [row] = await server.db.select().from(loginThrottle).where(eq(loginThrottle.key, 'ip:10.3.1.99'));
    expect(row?.failures ?? 0).toBe(0);
  });

  it('lets the owner in from another address while a stranger is held, and from a known address while the account waits', async () => {
    // A stranger at one address exhausts what it may try on the account.
    for (let i = 0; i < 6; i++) await loginFrom('203.0.113.14', owner.username, 'wrong-pass1');
    expect((await loginFrom('203.0.113.14', owner.username, FACTORY_PASSWORD)).status).toBe(429);
    expect((await loginFrom('198.51.100.40', owner.username, FACTORY_PASSWORD)).code).toBe(1);

    // Strangers from many addresses put the whole account in a wait.
    for (let i = 0; i < WIDE + 2; i++) await loginFrom(`10.4.0.${i}`, owner.username, 'wrong-pass1');
    expect((await loginFrom('10.4.1.1', owner.username, 'wrong-pass1')).status).toBe(429);
    // The owner's own address (signed in there before) is not held by the others' failures...
    expect((await loginFrom('198.51.100.40', owner.username, FACTORY_PASSWORD)).code).toBe(1);
    // ...and a new address only waits, at most the longest wait, then signs in.
    const held = await loginFrom('198.51.100.41', owner.username, FACTORY_PASSWORD);
    expect(held.status).toBe(429);
    expect(held.data?.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    await pass(held.data?.retryAfterSeconds ?? 0);
    expect((await loginFrom('198.51.100.41', owner.username, FACTORY_PASSWORD)).code).toBe(1);
  });

  it('counts sign-ins by phone and by username against one budget for the account', async () => {
    await server.db.update(accounts).set({ phone: '+66 81-234-5678' }).where(eq(accounts.username, clerk.username));
    const names = [clerk.username, '+66812345678', clerk.username.toUpperCase(), '+66 81 234 5678'];
    for (let i = 0; i < FREE; i++) expect((await loginFrom('203.0.113.15', names[i % names.length]!, 'wrong-pass1')).code).toBe(2002);
    for (const name of names) expect((await loginFrom('203.0.113.15', name, FACTORY_PASSWORD)).status).toBe(429);
  });

  it('signs in with a phone typed with spaces or dashes, however it was stored', async () => {
    // The merchant administrator's phone is stored as +62 812-3456-7890.
    for (const typed of ['+62 812 3456 7890', '+62-812-3456-7890', ' +6281234567890 ', '+62 (812) 3456.7890']) {
      const answer = await loginFrom('198.51.100.50', typed, FACTORY_PASSWORD);
      expect(answer.code).toBe(1);
      expect(answer.data).toMatchObject({ username: owner.username });
    }
    await server.db.update(accounts).set({ phone: '081298765432' }).where(eq(accounts.username, clerk.username));
    expect((await loginFrom('198.51.100.50', '0812 9876 5432', FACTORY_PASSWORD)).data).toMatchObject({ username: clerk.username });
  });
});
