import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  FACTORY_PASSWORD,
  createMerchant,
  createSubAccount,
  platformAdmin,
  type Caller,
  type MerchantFixture,
} from '../../test/factories.js';
import { sessions } from './session.table.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { accounts } from '../account/account.table.js';
import { sessionApi, endpointUrl, menuApi } from '@swap/contracts';

describe('sign-in and sessions', () => {
  let server: TestServer;
  let merchant: MerchantFixture;
  beforeAll(async () => {
    server = await startTestServer({ LOGIN_MAX_FAILURES: '3', DEMO: '0' });
    merchant = await createMerchant(server, (await platformAdmin(server)).token);
  });
  afterAll(() => server.close());

  it('signs in with a trimmed username and answers token and user info', async () => {
    const answer = await server.request(sessionApi.signIn, { username: `  ${merchant.admin.username} `, password: FACTORY_PASSWORD });
    expect(answer.code).toBe(1);
    expect(answer.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(answer.data.admin).toMatchObject({ username: merchant.admin.username, type: 'NORMAL', merchantName: merchant.name });
    expect(answer.data.type).toBe('NORMAL');
  });

  it('stores only a hash of the token', async () => {
    const token = await server.login('admin');
    const rows = await server.db.select().from(sessions);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('gives the same message for an unknown account and a wrong password, in the asked language', async () => {
    const unknown = await server.request(sessionApi.signIn, { username: 'nobody', password: 'whatever1' }, { lang: 'in' });
    const wrong = await server.request(sessionApi.signIn, { username: merchant.admin.username, password: 'whatever1' }, { lang: 'in' });
    expect(unknown.code).toBe(wrong.code);
    expect(unknown.message).toBe(wrong.message);
    expect(unknown.message).toBe('Nama pengguna atau kata sandi salah');
  });

  it('refuses empty fields and illegal characters naming the field', async () => {
    const empty = await server.request(sessionApi.signIn, { username: '   ', password: '' });
    expect(empty.status).toBe(400);
    expect(
      empty.raw
        .json()
        .data.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['password', 'username']);
    const illegal = await server.request(sessionApi.signIn, { username: "ad'min", password: 'x' });
    expect(illegal.message).toBe('Username contains illegal characters');
  });

  it('throttles repeated failures per account with 429', async () => {
    for (let i = 0; i < 3; i++) {
      await server.request(sessionApi.signIn, { username: 'throttled', password: 'wrong-pass1' });
    }
    const blocked = await server.request(sessionApi.signIn, { username: 'throttled', password: 'wrong-pass1' });
    expect(blocked.status).toBe(429);
    expect(blocked.message).toBe('Too many attempts, please try again later');
  });

  it('ends the session on logout: the token then answers 405', async () => {
    const token = await server.login(merchant.admin.username, FACTORY_PASSWORD);
    expect((await server.request(menuApi.levels, undefined, { token })).code).toBe(1);
    expect((await server.request(sessionApi.signOut, undefined, { token })).code).toBe(1);
    const after = await server.request(menuApi.levels, undefined, { token });
    expect(after.code).toBe(405);
    expect(after.message).toBe('Login expired, please login again');
  });

  it('answers 401 without a token and 406 for a token it never issued', async () => {
    expect((await server.request(menuApi.levels, undefined)).code).toBe(401);
    expect((await server.request(menuApi.levels, undefined, { token: 'forged-token' })).code).toBe(406);
  });

  it('expires a session after the idle time', async () => {
    const token = await server.login('admin');
    const past = new Date(Date.now() - 3 * 3_600_000);
    await server.db.update(sessions).set({ lastSeenAt: past });
    expect((await server.request(menuApi.levels, undefined, { token })).code).toBe(405);
  });

  it('writes sign-ins and failed sign-ins to the audit log without the password', async () => {
    const rows = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'login'));
    expect(rows.some((row) => !row.success && row.username === 'nobody')).toBe(true);
    expect(rows.some((row) => row.success && row.username === merchant.admin.username)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('whatever1');
  });
});

describe('sign-in throttling per address, absolute expiry and refused accounts', () => {
  let server: TestServer;
  let owner: Caller;
  let clerk: Caller;
  beforeAll(async () => {
    server = await startTestServer({ LOGIN_MAX_FAILURES: '2', TOKEN_ABSOLUTE_HOURS: '12', DEMO: '0' });
    const merchant = await createMerchant(server, (await platformAdmin(server)).token);
    owner = merchant.admin;
    clerk = await createSubAccount(server, merchant, ['record.swap']);
  });
  afterAll(() => server.close());

  const loginFrom = async (remoteAddress: string, username: string, password: string) => {
    const raw = await server.app.inject({
      method: 'POST',
      url: endpointUrl(sessionApi.signIn),
      remoteAddress,
      payload: { username, password },
    });
    return { status: raw.statusCode, ...raw.json<{ code: number; message: string }>() };
  };

  it('throttles one address trying many accounts, while other addresses still sign in', async () => {
    // Per account 2 failures; per address four times that, so 8 different names exhaust the address.
    for (let i = 0; i < 8; i++) expect((await loginFrom('203.0.113.7', `guess${i}`, 'wrong-pass1')).status).toBe(400);
    const blocked = await loginFrom('203.0.113.7', owner.username, FACTORY_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.code).toBe(1016);
    expect((await loginFrom('198.51.100.9', owner.username, FACTORY_PASSWORD)).code).toBe(1);
  });

  it("does not refuse the owner's right password because of failures from other addresses", async () => {
    await loginFrom('198.51.100.20', clerk.username, 'wrong-pass1');
    await loginFrom('198.51.100.20', clerk.username, 'wrong-pass1');
    await loginFrom('198.51.100.21', clerk.username, 'wrong-pass1');
    await loginFrom('198.51.100.21', clerk.username, 'wrong-pass1');
    expect((await loginFrom('198.51.100.20', clerk.username, 'wrong-pass1')).status).toBe(429);
    expect((await loginFrom('198.51.100.22', clerk.username, FACTORY_PASSWORD)).code).toBe(1);
    const rows = await server.db.select().from(auditLogs).where(eq(auditLogs.username, clerk.username));
    expect(rows.some((row) => !row.success && row.action === 'login.throttled')).toBe(true);
  });

  it('ends a session at its absolute expiry even while it is in use', async () => {
    const token = await server.login('admin');
    expect((await server.request(menuApi.levels, undefined, { token })).code).toBe(1);
    const [row] = await server.db.select().from(sessions).orderBy(desc(sessions.id)).limit(1);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(11.9 * 3_600_000);
    await server.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
      .where(eq(sessions.id, row!.id));
    const after = await server.request(menuApi.levels, undefined, { token });
    expect(after.status).toBe(401);
    expect(after.code).toBe(405);
  });

  it('answers a disabled account with the right password exactly as a wrong password, and audits it as disabled', async () => {
    await server.db.update(accounts).set({ status: 'DISABLED' }).where(eq(accounts.id, owner.id));
    const refused = await loginFrom('198.51.100.30', owner.username, FACTORY_PASSWORD);
    const wrong = await loginFrom('198.51.100.31', owner.username, 'wrong-pass1');
    expect(refused).toEqual(wrong);
    expect(refused).toMatchObject({ status: 400, code: 2002, message: 'Incorrect username or password' });
    const rows = await server.db.select().from(auditLogs).where(eq(auditLogs.username, owner.username));
    expect(rows.some((row) => !row.success && row.action === 'login.disabled')).toBe(true);
  });
});

describe('envelope and platform behaviour', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
  });
  afterAll(() => server.close());

  it('reports the database in health', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(answer.json()).toMatchObject({ status: 'ok' });
  });

  it('refuses JSON bodies over 1 MB with 413', async () => {
    const big = { username: 'a'.repeat(1_100_000), password: 'x' };
    const answer = await server.request(sessionApi.signIn, big);
    expect(answer.status).toBe(413);
    expect(answer.code).toBe(1015);
  });

  it('refuses script input with the invalid-input message', async () => {
    const answer = await server.request(sessionApi.signIn, { username: 'x', password: '<script>alert(1)</script>' }, { lang: 'zh' });
    expect(answer.code).toBe(1014);
    expect(answer.message).toBe('输入无效：不允许包含脚本');
  });

  it('answers an unknown API path with interface missing', async () => {
    const answer = await server.call('GET', endpointUrl({ path: '/nothing/here' }));
    expect(answer.status).toBe(404);
    expect(answer.code).toBe(1001);
  });

  it('answers malformed JSON with the parse error', async () => {
    const raw = await server.app.inject({
      method: 'POST',
      url: endpointUrl(sessionApi.signIn),
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().code).toBe(1005);
  });
});
