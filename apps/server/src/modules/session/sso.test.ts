import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accountApi, endpointUrl, menuApi, merchantApplicationApi, profileApi, sessionApi, type Language } from '@swap/contracts';
import type { ApiAnswer, TestServer } from '../../test/harness.js';
import { applyForMerchant, createMerchant, succeed, unique, type Caller } from '../../test/factories.js';
import type { TestProvider } from '../../test/oidc-provider.js';
import { SSO_PUBLIC_URL, startSsoTestServer, type SsoTestServer } from '../../test/sso-server.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { accounts } from '../account/account.table.js';
import { loginThrottle, ssoSignIns } from './session.table.js';

/** Single sign-on against a real OpenID provider on 127.0.0.1 (docs/security.md, "Single sign-on"). */
describe('single sign-on', () => {
  let sso: SsoTestServer;
  let provider: TestProvider;
  let server: TestServer;
  let superToken: string;

  beforeAll(async () => {
    sso = await startSsoTestServer({ OIDC_NAME: 'Company login' });
    ({ provider, server, superToken } = sso);
  });
  afterAll(() => sso.close());
  beforeEach(async () => {
    await server.db.delete(loginThrottle);
  });

  /**
   * A merchant's administrator with this mail on its profile, verified unless told otherwise: as a
   * used reset link mailed there verifies it (recovery.test walks that way through a mail server).
   */
  async function accountWithMail(email: string, { verified = true } = {}): Promise<Caller> {
    const admin = (await createMerchant(server, superToken)).admin;
    await succeed(server, profileApi.edit, { name: 'Mail owner', email }, admin.token);
    if (verified) await server.db.update(accounts).set({ verifiedEmail: email }).where(eq(accounts.id, admin.id));
    return admin;
  }

  /** The sign-in page's button: the provider's address, and the cookie the browser is given. */
  async function start(redirect?: string) {
    const raw = await server.app.inject({ method: 'POST', url: endpointUrl(sessionApi.ssoStart), payload: redirect ? { redirect } : {} });
    const cookie = String(raw.headers['set-cookie']).split(';')[0]!;
    const url = raw.json<{ data: { url: string } }>().data.url;
    return { url, cookie };
  }

  /** /callback's call with the provider's answer (as the browser that started, unless told otherwise). */
  async function finish(answer: URL, cookie: string | null, change: Record<string, string> = {}, lang: Language = 'en') {
    const payload = { ...Object.fromEntries(answer.searchParams), ...change };
    const raw = await server.app.inject({
      method: 'POST',
      url: endpointUrl(sessionApi.ssoFinish),
      payload,
      headers: { ...(cookie ? { cookie } : {}), language: lang },
    });
    return { status: raw.statusCode, ...raw.json<Pick<ApiAnswer, 'code' | 'message' | 'data'>>() };
  }

  async function signInAs(subject: string, options: { redirect?: string; lang?: Language } = {}) {
    const { url, cookie } = await start(options.redirect);
    return finish(await provider.authorize(url, subject), cookie, {}, options.lang);
  }

  it('signs in by a verified address with the code flow and PKCE, once per state, back where the user was going', async () => {
    const email = `${unique('ayu')}@example.test`;
    const account = await accountWithMail(email);
    const subject = unique('sub-');
    provider.person(subject, { email: email.toUpperCase(), email_verified: true });

    const config = await server.request(sessionApi.config, undefined);
    expect(config.data.sso).toEqual({ name: 'Company login' });

    const { url, cookie } = await start('/system/admin/list');
    const asked = new URL(url);
    expect(asked.origin).toBe(provider.issuer);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('redirect_uri')).toBe(`${SSO_PUBLIC_URL}/callback`);
    expect(asked.searchParams.get('state')).toBeTruthy();
    expect(asked.searchParams.get('nonce')).toBeTruthy();
    expect(cookie).toMatch(/^sso_browser=.{40,}/);
    // Only the state's hash is kept.
    expect(JSON.stringify(await server.db.select().from(ssoSignIns))).not.toContain(asked.searchParams.get('state'));

    const answer = await provider.authorize(url, subject);
    expect(answer.origin + answer.pathname).toBe(`${SSO_PUBLIC_URL}/callback`);
    const signedIn = await finish(answer, cookie);
    expect(signedIn).toMatchObject({ code: 1, data: { username: account.username, redirect: '/system/admin/list' } });
    expect((await server.request(menuApi.levels, undefined, { token: signedIn.data.token })).code).toBe(1);

    // The same answer again (a replay, or a second tab): refused, in the reader's language.
    const replay = await finish(answer, cookie, {}, 'in');
    expect(replay).toMatchObject({ status: 400, code: 446 });
    expect(replay.message).toContain('sudah kedaluwarsa atau sudah digunakan');

    const audit = await server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'login'), eq(auditLogs.accountId, account.id), eq(auditLogs.success, true)));
    expect(audit.map((row) => row.changes)).toContainEqual({ method: 'Company login' });
  });

  it('refuses a start whose return address is too long, holds NUL or a control character, or leaves the app; nothing is kept', async () => {
    const kept = async () => (await server.db.select({ id: ssoSignIns.id }).from(ssoSignIns)).length;
    const before = await kept();
    for (const redirect of [
      `/${'a'.repeat(512)}`,
      '/dashboard\u0000',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      // A browser drops a tab or a line break in an address: each would leave '//evil.example'.
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      ' //evil.example',
    ]) {
      const raw = await server.app.inject({
        method: 'POST',
        url: endpointUrl(sessionApi.ssoStart),
        payload: { redirect },
        headers: { language: 'th' },
      });
      const answer = raw.json<{ code: number; message: string }>();
      expect([raw.statusCode, answer.code], JSON.stringify(redirect).slice(0, 40)).toEqual([400, 1002]);
      expect(answer.message).toMatch(/[\u0E00-\u0E7F]/);
      expect(raw.headers['set-cookie']).toBeUndefined();
    }
    expect(await kept()).toBe(before);
  });

  it('refuses a wrong state, an answer in another browser, a wrong nonce and a wrong PKCE verifier', async () => {
    const email = `${unique('budi')}@example.test`;
    const account = await accountWithMail(email);
    const subject = unique('sub-');
    provider.person(subject, { email, email_verified: true });

    // A state the server never gave: refused, and the genuine answer still signs in.
    const first = await start();
    const answer = await provider.authorize(first.url, subject);
    expect(await finish(answer, first.cookie, { state: 'forged-state-0123456789' })).toMatchObject({ code: 446 });
    expect(await finish(answer, first.cookie)).toMatchObject({ code: 1, data: { username: account.username } });

    // An answer brought to another browser (no cookie, or another's): refused, and the state is spent.
    const second = await start();
    const other = await start();
    const secondAnswer = await provider.authorize(second.url, subject);
    expect(await finish(secondAnswer, null)).toMatchObject({ code: 446 });
    expect(await finish(secondAnswer, second.cookie)).toMatchObject({ code: 446 });
    const third = await start();
    expect(await finish(await provider.authorize(third.url, subject), other.cookie)).toMatchObject({ code: 446 });

    // An ID token made for another nonce.
    const fourth = await start();
    const swapped = new URL(fourth.url);
    swapped.searchParams.set('nonce', 'nonce-of-another-sign-in-0123456789');
    expect(await finish(await provider.authorize(swapped.href, subject), fourth.cookie)).toMatchObject({ status: 400, code: 447 });

    // The code exchanged with another verifier: the provider refuses it.
    const fifth = await start();
    const fifthAnswer = await provider.authorize(fifth.url, subject);
    await server.db.update(ssoSignIns).set({ codeVerifier: 'x'.repeat(64) });
    expect(await finish(fifthAnswer, fifth.cookie)).toMatchObject({ status: 400, code: 447 });

    // Each of those counted as a failed try of this address: guessing states waits like guessing passwords.
    const throttled = await finish(fifthAnswer, fifth.cookie);
    expect(throttled).toMatchObject({ status: 429, code: 1016 });
    await server.db.delete(loginThrottle);

    // The provider's own refusal, a missing code, NUL bytes and a huge code change nothing.
    const sixth = await start();
    const state = new URL(sixth.url).searchParams.get('state')!;
    expect(await finish(new URL(`${SSO_PUBLIC_URL}/callback`), sixth.cookie, { state, error: 'access_denied' })).toMatchObject({
      code: 451,
    });
    const seventh = await start();
    const state7 = new URL(seventh.url).searchParams.get('state')!;
    expect(await finish(new URL(`${SSO_PUBLIC_URL}/callback`), seventh.cookie, { state: state7 })).toMatchObject({ code: 2012 });
    expect((await finish(new URL(`${SSO_PUBLIC_URL}/callback`), null, { state: 'a\u0000b', code: 'c' })).status).toBe(400);
    expect((await finish(new URL(`${SSO_PUBLIC_URL}/callback`), null, { state: 's', code: 'c'.repeat(5000) })).status).toBe(400);
  });

  it('refuses an unverified, unknown or shared address and a disabled account, each with its reason', async () => {
    const unverified = unique('sub-');
    const unverifiedMail = `${unique('citra')}@example.test`;
    await accountWithMail(unverifiedMail);
    provider.person(unverified, { email: unverifiedMail, email_verified: false });
    const refusedUnverified = await signInAs(unverified, { lang: 'zh' });
    expect(refusedUnverified).toMatchObject({ status: 403, code: 449 });
    expect(refusedUnverified.message).toContain(unverifiedMail);
    expect(refusedUnverified.message).toContain(unverified);

    const unknown = unique('sub-');
    provider.person(unknown, { email: `${unique('nobody')}@example.test`, email_verified: true });
    expect(await signInAs(unknown)).toMatchObject({ status: 403, code: 448 });
    const noMail = unique('sub-');
    provider.person(noMail, {});
    expect(await signInAs(noMail, { lang: 'th' })).toMatchObject({ code: 448 });

    const shared = `${unique('shared')}@example.test`;
    await accountWithMail(shared);
    await accountWithMail(shared);
    const sharedSubject = unique('sub-');
    provider.person(sharedSubject, { email: shared, email_verified: true });
    expect(await signInAs(sharedSubject)).toMatchObject({ status: 403, code: 450 });

    const disabledMail = `${unique('dewi')}@example.test`;
    const disabled = await accountWithMail(disabledMail);
    await succeed(server, accountApi.status, { id: disabled.id, status: 'DISABLED' }, superToken);
    const disabledSubject = unique('sub-');
    provider.person(disabledSubject, { email: disabledMail, email_verified: true });
    expect(await signInAs(disabledSubject)).toMatchObject({ status: 403, code: 2015 });
    const refusals = await server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.accountId, disabled.id), eq(auditLogs.action, 'login.disabled')));
    expect(refusals).toHaveLength(1);
  });

  it('matches only a mail its account verified: one typed on another profile or application neither signs in nor blocks the owner', async () => {
    const typed = `${unique('typed')}@example.test`;
    await accountWithMail(typed, { verified: false });
    const typedSubject = unique('sub-');
    provider.person(typedSubject, { email: typed, email_verified: true });
    expect(await signInAs(typedSubject)).toMatchObject({ status: 403, code: 448 });

    // Someone names the owner's address on a profile, and an applicant on an application that is approved.
    const mail = `${unique('owner')}@example.test`;
    const owner = await accountWithMail(mail);
    await accountWithMail(mail.toUpperCase(), { verified: false });
    const application = await applyForMerchant(server, { email: mail });
    await succeed(server, merchantApplicationApi.approve, { id: application.id }, superToken);
    expect(await server.db.select().from(accounts).where(eq(accounts.username, application.body.username))).toMatchObject([
      { email: mail, verifiedEmail: null },
    ]);
    const ownerSubject = unique('sub-');
    provider.person(ownerSubject, { email: mail, email_verified: true });
    expect(await signInAs(ownerSubject)).toMatchObject({ code: 1, data: { username: owner.username } });
  });

  it('signs in an identity an administrator linked, within the administrator tenant only; unlinking ends it', async () => {
    const merchant = await createMerchant(server, superToken);
    const other = await createMerchant(server, superToken);
    const subject = unique('employee-');
    provider.person(subject, { email: `${unique('eka')}@elsewhere.test`, email_verified: true });
    expect(await signInAs(subject)).toMatchObject({ code: 448 });

    // Another tenant's account does not exist for the merchant's administrator.
    const foreign = await server.request(accountApi.linkSso, { id: other.admin.id, ssoSubject: subject }, { token: merchant.admin.token });
    expect(foreign.code).toBe(1017);
    const linked = await succeed(server, accountApi.linkSso, { id: merchant.admin.id, ssoSubject: subject }, superToken);
    expect(linked.ssoSubject).toBe(subject);
    expect(await signInAs(subject)).toMatchObject({ code: 1, data: { username: merchant.admin.username } });

    // One identity, one account, also when two administrators link it at once.
    const taken = await server.request(accountApi.linkSso, { id: other.admin.id, ssoSubject: subject }, { token: superToken });
    expect(taken).toMatchObject({ status: 409, code: 452 });
    const race = unique('race-');
    const answers = await Promise.all(
      [merchant.admin.id, other.admin.id].map((id) => server.request(accountApi.linkSso, { id, ssoSubject: race }, { token: superToken })),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([1, 452]);

    const bad = await server.request(accountApi.linkSso, { id: merchant.admin.id, ssoSubject: 'a\u0000b' }, { token: superToken });
    expect(bad.status).toBe(400);

    await succeed(server, accountApi.unlinkSso, { id: merchant.admin.id }, superToken);
    expect(await signInAs(subject)).toMatchObject({ code: 448 });
    const audit = await server.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.objectId, String(merchant.admin.id)));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['account.linkSso', 'account.unlinkSso']));
  });
});
