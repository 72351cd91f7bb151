import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { menuApi, profileApi, sessionApi } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { FACTORY_PASSWORD, createMerchant, platformAdmin, type Caller, type MerchantFixture } from '../../test/factories.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { loginThrottle } from './session.table.js';

/** One's own account: profile, password and sessions (docs/security.md, "One's own account"). */
describe("one's own account", () => {
  let server: TestServer;
  let superToken: string;
  let merchant: MerchantFixture;
  let other: MerchantFixture;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0', LOGIN_MAX_FAILURES: '3' });
    superToken = (await platformAdmin(server)).token;
    merchant = await createMerchant(server, superToken);
    other = await createMerchant(server, superToken, { phone: '+62 811-0000-4471' });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.db.delete(loginThrottle);
  });

  const signInWith = async (username: string, password: string, userAgent: string) => {
    const raw = await server.app.inject({
      method: 'POST',
      url: '/api/auth/oms/login',
      headers: { 'user-agent': userAgent },
      payload: { username, password },
    });
    return raw.json<{ data: { token: string } }>().data.token;
  };

  it('shows and edits only one’s own profile: name, phone, email, language, time zone', async () => {
    const me = merchant.admin;
    const edit = await server.request(
      profileApi.edit,
      { name: 'Dewi Lestari', phone: '+62 812 5555 0101', email: 'dewi@example.test', language: 'in', timeZone: 'Asia/Jakarta' },
      { token: me.token },
    );
    expect(edit.code).toBe(1);
    expect(edit.data).toMatchObject({
      id: me.id,
      username: me.username,
      name: 'Dewi Lestari',
      email: 'dewi@example.test',
      timeZone: 'Asia/Jakarta',
    });
    const detail = await server.request(profileApi.detail, undefined, { token: me.token });
    expect(detail.data).toMatchObject({ language: 'in', phone: '+62 812 5555 0101', merchantName: merchant.name });
    // The new phone is a sign-in name.
    expect(await server.login('+6281255550101', FACTORY_PASSWORD)).toBeTruthy();
    const audit = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'account.edit'));
    expect(audit.some((row) => row.objectId === String(me.id))).toBe(true);
    // Clearing optional fields with empty values.
    const cleared = await server.request(profileApi.edit, { name: 'Dewi', phone: '', email: '', timeZone: '' }, { token: me.token });
    expect(cleared.data).toMatchObject({ phone: null, email: null, timeZone: null, language: null });
  });

  it('refuses another account’s phone, an unknown time zone, NUL and huge values, changing nothing', async () => {
    const me = merchant.admin;
    const before = (await server.request(profileApi.detail, undefined, { token: me.token })).data;
    const taken = await server.request(profileApi.edit, { name: 'Me', phone: '+62 811 0000 4471' }, { token: me.token });
    expect(taken).toMatchObject({ status: 409, code: 2006 });
    const zone = await server.request(profileApi.edit, { name: 'Me', timeZone: 'Mars/Olympus' }, { token: me.token, lang: 'zh' });
    expect(zone.status).toBe(400);
    expect(zone.data).toMatchObject({ fields: [{ field: 'timeZone' }] });
    const nul = await server.request(profileApi.edit, { name: 'Me', email: 'a\u0000@example.test' }, { token: me.token });
    expect(nul).toMatchObject({ status: 400, code: 1002 });
    const huge = await server.request(profileApi.edit, { name: 'Me', email: `${'a'.repeat(5000)}@example.test` }, { token: me.token });
    expect(huge.status).toBe(400);
    const badEmail = await server.request(profileApi.edit, { name: 'Me', email: 'not-an-address' }, { token: me.token, lang: 'th' });
    expect(badEmail.status).toBe(400);
    expect((await server.request(profileApi.detail, undefined, { token: me.token })).data).toEqual(before);
  });

  it('changes one’s own password with the current one: other sessions end, this one stays', async () => {
    const fresh = await createMerchant(server, superToken);
    const me = fresh.admin;
    const elsewhere = await signInWith(me.username, FACTORY_PASSWORD, 'Phone browser');
    const wrong = await server.request(
      profileApi.changePassword,
      { currentPassword: 'Wrong-pass-1', password: 'Lantern-Orchid-58' },
      { token: me.token, lang: 'in' },
    );
    expect(wrong).toMatchObject({ status: 400, code: 443, message: 'Kata sandi saat ini salah' });
    const same = await server.request(
      profileApi.changePassword,
      { currentPassword: FACTORY_PASSWORD, password: FACTORY_PASSWORD },
      { token: me.token },
    );
    expect(same.code).toBe(444);
    const weak = await server.request(
      profileApi.changePassword,
      { currentPassword: FACTORY_PASSWORD, password: 'qwerty123' },
      { token: me.token },
    );
    expect([2023, 2024]).toContain(weak.code);
    expect((await server.request(menuApi.levels, undefined, { token: elsewhere })).code).toBe(1);

    const changed = await server.request(
      profileApi.changePassword,
      { currentPassword: FACTORY_PASSWORD, password: 'Lantern-Orchid-58' },
      { token: me.token },
    );
    expect(changed.code).toBe(1);
    expect((await server.request(menuApi.levels, undefined, { token: elsewhere })).code).toBe(405);
    expect((await server.request(menuApi.levels, undefined, { token: me.token })).code).toBe(1);
    expect(await server.login(me.username, 'Lantern-Orchid-58')).toBeTruthy();
  });

  it('throttles guessing the current password like sign-in', async () => {
    const me = (await createMerchant(server, superToken)).admin;
    const codes = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        (
          await server.request(
            profileApi.changePassword,
            { currentPassword: `Guess-${i}-pass`, password: 'Lantern-Orchid-58' },
            { token: me.token },
          )
        ).code,
      );
    expect(codes.slice(0, 3)).toEqual([443, 443, 443]);
    expect(codes[4]).toBe(1016);
  });

  it('lists one’s open sessions with their browser, this one marked, and signs out everywhere else', async () => {
    const me: Caller = (await createMerchant(server, superToken)).admin;
    const desk = await signInWith(me.username, FACTORY_PASSWORD, 'Desk browser');
    const phone = await signInWith(me.username, FACTORY_PASSWORD, 'Phone browser');
    const list = await server.request(profileApi.sessions, undefined, { token: desk });
    expect(list.code).toBe(1);
    expect(list.data.length).toBeGreaterThanOrEqual(3);
    expect(list.data.filter((s) => s.current).map((s) => s.userAgent)).toEqual(['Desk browser']);
    expect(list.data.some((s) => s.userAgent === 'Phone browser' && !s.current)).toBe(true);

    const result = await server.request(profileApi.signOutOthers, undefined, { token: desk });
    expect(result.data.ended).toBeGreaterThanOrEqual(2);
    expect((await server.request(menuApi.levels, undefined, { token: phone })).code).toBe(405);
    expect((await server.request(menuApi.levels, undefined, { token: me.token })).code).toBe(405);
    expect((await server.request(menuApi.levels, undefined, { token: desk })).code).toBe(1);
    const after = await server.request(profileApi.sessions, undefined, { token: desk });
    expect(after.data.map((s) => s.userAgent)).toEqual(['Desk browser']);
    const audit = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'logoutOthers'));
    expect(audit.some((row) => row.accountId === me.id)).toBe(true);
  });

  it('ends one of one’s own sessions, and answers another account’s session id as not found', async () => {
    const victim = other.admin;
    const victimSessions = await server.request(profileApi.sessions, undefined, { token: victim.token });
    const victimSession = victimSessions.data.find((s) => s.current)!;
    const attacker = merchant.admin;
    const refused = await server.request(profileApi.endSession, { id: victimSession.id }, { token: attacker.token });
    expect(refused).toMatchObject({ status: 404, code: 1017 });
    expect((await server.request(menuApi.levels, undefined, { token: victim.token })).code).toBe(1);
    expect((await server.request(profileApi.endSession, { id: 2_147_483_648 }, { token: attacker.token })).status).toBe(400);

    const second = await signInWith(attacker.username, FACTORY_PASSWORD, 'Second browser');
    const mine = (await server.request(profileApi.sessions, undefined, { token: attacker.token })).data.find(
      (s) => s.userAgent === 'Second browser',
    )!;
    expect((await server.request(profileApi.endSession, { id: mine.id }, { token: attacker.token })).code).toBe(1);
    expect((await server.request(menuApi.levels, undefined, { token: second })).code).toBe(405);
  });

  it('needs a session for every call of one’s own account', async () => {
    expect((await server.request(profileApi.detail, undefined)).code).toBe(401);
    expect((await server.request(profileApi.signOutOthers, undefined)).code).toBe(401);
    expect((await server.request(sessionApi.signIn, { username: merchant.admin.username, password: 'x' })).code).toBe(2002);
  });
});
