import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { sessions } from './auth.table.js';
import { auditLogs } from '../audit-log/audit-log.table.js';

describe('sign-in and sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LOGIN_MAX_FAILURES: '3' });
  });
  afterAll(() => server.close());

  it('signs in with a trimmed username and answers token and user info', async () => {
    const answer = await server.call('POST', '/api/auth/oms/login', { body: { username: '  merchant ', password: 'Demo-Pass-2026' } });
    expect(answer.code).toBe(1);
    expect(answer.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(answer.data.admin).toMatchObject({ username: 'merchant', type: 'NORMAL', merchantName: 'Demo Agent' });
    expect(answer.data.type).toBe('NORMAL');
  });

  it('stores only a hash of the token', async () => {
    const token = await server.login('admin');
    const rows = await server.db.select().from(sessions);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('gives the same message for an unknown account and a wrong password, in the asked language', async () => {
    const unknown = await server.call('POST', '/api/auth/oms/login', { body: { username: 'nobody', password: 'whatever1' }, lang: 'in' });
    const wrong = await server.call('POST', '/api/auth/oms/login', { body: { username: 'subaccount', password: 'whatever1' }, lang: 'in' });
    expect(unknown.code).toBe(wrong.code);
    expect(unknown.message).toBe(wrong.message);
    expect(unknown.message).toBe('Nama pengguna atau kata sandi salah');
  });

  it('refuses empty fields and illegal characters naming the field', async () => {
    const empty = await server.call('POST', '/api/auth/oms/login', { body: { username: '   ', password: '' } });
    expect(empty.status).toBe(400);
    expect(empty.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['password', 'username']);
    const illegal = await server.call('POST', '/api/auth/oms/login', { body: { username: "ad'min", password: 'x' } });
    expect(illegal.message).toBe('Username contains illegal characters');
  });

  it('throttles repeated failures per account with 429', async () => {
    for (let i = 0; i < 3; i++) {
      await server.call('POST', '/api/auth/oms/login', { body: { username: 'throttled', password: 'wrong-pass1' } });
    }
    const blocked = await server.call('POST', '/api/auth/oms/login', { body: { username: 'throttled', password: 'wrong-pass1' } });
    expect(blocked.status).toBe(429);
    expect(blocked.message).toBe('Too many attempts, please try again later');
  });

  it('ends the session on logout: the token then answers 405', async () => {
    const token = await server.login('merchant');
    expect((await server.call('GET', '/api/oms/admin/menu/levels', { token })).code).toBe(1);
    expect((await server.call('GET', '/api/auth/oms/logout', { token })).code).toBe(1);
    const after = await server.call('GET', '/api/oms/admin/menu/levels', { token });
    expect(after.code).toBe(405);
    expect(after.message).toBe('Login expired, please login again');
  });

  it('answers 401 without a token and 406 for a token it never issued', async () => {
    expect((await server.call('GET', '/api/oms/admin/menu/levels')).code).toBe(401);
    expect((await server.call('GET', '/api/oms/admin/menu/levels', { token: 'forged-token' })).code).toBe(406);
  });

  it('expires a session after the idle time', async () => {
    const token = await server.login('admin');
    const past = new Date(Date.now() - 3 * 3_600_000);
    await server.db.update(sessions).set({ lastSeenAt: past });
    expect((await server.call('GET', '/api/oms/admin/menu/levels', { token })).code).toBe(405);
  });

  it('writes sign-ins and failed sign-ins to the audit log without the password', async () => {
    const rows = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'login'));
    expect(rows.some((row) => !row.success && row.username === 'nobody')).toBe(true);
    expect(rows.some((row) => row.success && row.username === 'merchant')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('whatever1');
  });
});

describe('envelope and platform behaviour', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('reports the database in health', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(answer.json()).toMatchObject({ status: 'ok' });
  });

  it('refuses JSON bodies over 1 MB with 413', async () => {
    const big = { username: 'a'.repeat(1_100_000), password: 'x' };
    const answer = await server.call('POST', '/api/auth/oms/login', { body: big });
    expect(answer.status).toBe(413);
    expect(answer.code).toBe(1015);
  });

  it('refuses script input with the invalid-input message', async () => {
    const answer = await server.call('POST', '/api/auth/oms/login', { body: { username: 'x', password: '<script>alert(1)</script>' }, lang: 'zh' });
    expect(answer.code).toBe(1014);
    expect(answer.message).toBe('输入无效：不允许包含脚本');
  });

  it('answers an unknown API path with interface missing', async () => {
    const answer = await server.call('GET', '/api/oms/nothing/here');
    expect(answer.status).toBe(404);
    expect(answer.code).toBe(1001);
  });

  it('answers malformed JSON with the parse error', async () => {
    const raw = await server.app.inject({ method: 'POST', url: '/api/auth/oms/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().code).toBe(1005);
  });
});
