import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { accountApi, endpointUrl, profileApi, sessionApi, SSO_REFUSAL_KEEP_ROWS, ssoRefusalApi } from '@swap/contracts';
import type { TestServer } from '../../test/harness.js';
import { createMerchant, createPlatformAccount, succeed, unique, type Caller } from '../../test/factories.js';
import type { TestProvider } from '../../test/oidc-provider.js';
import { startSsoTestServer, type SsoTestServer } from '../../test/sso-server.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { accounts, accountSso } from '../account/account.table.js';
import { loginThrottle, ssoRefusals } from './session.table.js';

/** Refused single sign-ons (docs/security.md, "Refused single sign-ons") against a real OpenID provider. */
describe('refused single sign-ons', () => {
  let sso: SsoTestServer;
  let provider: TestProvider;
  let server: TestServer;
  let superToken: string;

  beforeAll(async () => {
    sso = await startSsoTestServer();
    ({ provider, server, superToken } = sso);
  });
  afterAll(() => sso.close());
  beforeEach(async () => {
    await server.db.delete(loginThrottle);
  });

  /** A provider's person refused (or not) at sign-in; answers the sign-in's answer. */
  async function signInAs(subject: string) {
    const started = await server.app.inject({ method: 'POST', url: endpointUrl(sessionApi.ssoStart), payload: {} });
    const cookie = String(started.headers['set-cookie']).split(';')[0]!;
    const answer = await provider.authorize(started.json<{ data: { url: string } }>().data.url, subject);
    const raw = await server.app.inject({
      method: 'POST',
      url: endpointUrl(sessionApi.ssoFinish),
      payload: Object.fromEntries(answer.searchParams),
      headers: { cookie },
    });
    return raw.json<{ code: number; data: { username?: string } }>();
  }

  /** A refused identity: its subject and the refusal's id in the list. */
  async function refusedPerson(claims: Record<string, unknown> = {}): Promise<{ subject: string; id: number }> {
    const subject = unique('person-');
    provider.person(subject, claims);
    expect((await signInAs(subject)).code).toBe(448);
    const page = await succeed(server, ssoRefusalApi.search, { keyword: subject }, superToken);
    return { subject, id: page.records[0]!.id };
  }

  async function accountWithMail(email: string, verified = true): Promise<Caller> {
    const admin = (await createMerchant(server, superToken)).admin;
    await succeed(server, profileApi.edit, { name: 'Mail owner', email }, admin.token);
    if (verified) await server.db.update(accounts).set({ verifiedEmail: email }).where(eq(accounts.id, admin.id));
    return admin;
  }

  it('records every refusal with why, searchable by subject, mail or reason, and exports them in the reader’s language', async () => {
    const unknown = await refusedPerson({ email: `${unique('nobody')}@example.test`, email_verified: true });

    const unverifiedMail = `${unique('citra')}@example.test`;
    await accountWithMail(unverifiedMail);
    const unverified = unique('person-');
    provider.person(unverified, { email: unverifiedMail, email_verified: false });
    expect((await signInAs(unverified)).code).toBe(449);

    const shared = `${unique('shared')}@example.test`;
    await accountWithMail(shared);
    await accountWithMail(shared);
    const ambiguous = unique('person-');
    provider.person(ambiguous, { email: shared, email_verified: true });
    expect((await signInAs(ambiguous)).code).toBe(450);

    const disabledMail = `${unique('dewi')}@example.test`;
    const disabled = await accountWithMail(disabledMail);
    await succeed(server, accountApi.status, { id: disabled.id, status: 'DISABLED' }, superToken);
    const disabledSubject = unique('person-');
    provider.person(disabledSubject, { email: disabledMail, email_verified: true });
    expect((await signInAs(disabledSubject)).code).toBe(2015);

    const all = await succeed(server, ssoRefusalApi.search, { size: 100 }, superToken);
    const bySubject = new Map(all.records.map((r) => [r.ssoSubject, r]));
    expect(bySubject.get(unknown.subject)).toMatchObject({ refusalReason: 'UNLINKED', iss: provider.issuer, linkedUsername: null });
    expect(bySubject.get(unverified)).toMatchObject({ refusalReason: 'UNVERIFIED', email: unverifiedMail, reachedUsername: null });
    expect(bySubject.get(ambiguous)).toMatchObject({ refusalReason: 'AMBIGUOUS', email: shared });
    expect(bySubject.get(disabledSubject)).toMatchObject({ refusalReason: 'DISABLED', reachedUsername: disabled.username });
    // Newest first.
    expect(all.records[0]!.ssoSubject).toBe(disabledSubject);

    const byMail = await succeed(server, ssoRefusalApi.search, { keyword: shared.toUpperCase() }, superToken);
    expect(byMail.records.map((r) => r.ssoSubject)).toEqual([ambiguous]);
    const byReason = await succeed(server, ssoRefusalApi.search, { refusalReason: 'DISABLED' }, superToken);
    expect(byReason.records.map((r) => r.ssoSubject)).toEqual([disabledSubject]);

    const csv = await server.call('POST', endpointUrl(ssoRefusalApi.export), {
      token: superToken,
      body: { keyword: disabledSubject },
      lang: 'in',
    });
    const [header, row] = csv.raw.body.split('\r\n');
    expect(header).toContain('Alasan ditolak');
    expect(row).toContain('Akun dinonaktifkan');
    expect(row).toContain(disabled.username);
  });

  it('lists no answer that names nobody: the provider’s own refusal, a replayed or forged state', async () => {
    const before = await server.db.select({ id: ssoRefusals.id }).from(ssoRefusals);
    const started = await server.app.inject({ method: 'POST', url: endpointUrl(sessionApi.ssoStart), payload: {} });
    const cookie = String(started.headers['set-cookie']).split(';')[0]!;
    const state = new URL(started.json<{ data: { url: string } }>().data.url).searchParams.get('state')!;
    const finish = async (payload: Record<string, string>) =>
      (await server.app.inject({ method: 'POST', url: endpointUrl(sessionApi.ssoFinish), payload, headers: { cookie } })).json<{
        code: number;
      }>().code;
    expect(await finish({ state, error: 'access_denied' })).toBe(451);
    expect(await finish({ state, code: 'replayed' })).toBe(446);
    expect(await finish({ state: 'forged', code: 'forged' })).toBe(446);
    expect(await server.db.select({ id: ssoRefusals.id }).from(ssoRefusals)).toEqual(before);
  });

  it('links a refused identity to an account, which then signs in; audited as the account’s link', async () => {
    const refused = await refusedPerson({ email: `${unique('eka')}@elsewhere.test`, email_verified: true });
    const merchant = await createMerchant(server, superToken);
    const options = await succeed(server, ssoRefusalApi.accounts, { keyword: merchant.admin.username }, superToken);
    expect(options.map((o) => o.id)).toContain(merchant.admin.id);

    const linked = await succeed(server, ssoRefusalApi.link, { id: refused.id, accountId: merchant.admin.id }, superToken);
    expect(linked).toMatchObject({ id: merchant.admin.id, ssoSubject: refused.subject });
    expect(await signInAs(refused.subject)).toMatchObject({ code: 1, data: { username: merchant.admin.username } });
    const listed = await succeed(server, ssoRefusalApi.search, { keyword: refused.subject }, superToken);
    expect(listed.records[0]).toMatchObject({ linkedUsername: merchant.admin.username });
    const audit = await server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'account.linkSso'), eq(auditLogs.objectId, String(merchant.admin.id))));
    expect(audit.map((entry) => entry.changes)).toEqual([{ ssoSubject: [null, refused.subject] }]);

    // The same identity to another account: refused, the first link kept.
    const other = await createMerchant(server, superToken);
    const again = await server.request(ssoRefusalApi.link, { id: refused.id, accountId: other.admin.id }, { token: superToken });
    expect(again).toMatchObject({ status: 409, code: 452 });
    expect(await server.db.select().from(accountSso).where(eq(accountSso.accountId, other.admin.id))).toEqual([]);

    // Another refused identity to the account already linked: refused at the account's field in the
    // reader's language, the account's link kept (it would have been replaced unseen).
    const second = await refusedPerson();
    const replace = await server.request(
      ssoRefusalApi.link,
      { id: second.id, accountId: merchant.admin.id },
      { token: superToken, lang: 'zh' },
    );
    expect(replace).toMatchObject({ status: 409, code: 461, data: { field: 'accountId' } });
    expect(replace.message).toBe(`账号 ${merchant.admin.username} 已关联其他登录身份（${refused.subject}），请先在账号页面解除关联`);
    const kept = await server.db.select().from(accountSso).where(eq(accountSso.accountId, merchant.admin.id));
    expect(kept.map((link) => link.subject)).toEqual([refused.subject]);
  });

  it('refuses merchants, an account the caller does not outrank, unknown ids and bad input, linking nothing', async () => {
    const refused = await refusedPerson();
    // A merchant granted the menu still is no platform staff.
    const merchant = await createMerchant(server, superToken, { menuCodes: ['admin.admin', 'admin.ssoRefusal'] });
    for (const [endpoint, body] of [
      [ssoRefusalApi.search, {}],
      [ssoRefusalApi.export, {}],
      [ssoRefusalApi.accounts, {}],
      [ssoRefusalApi.link, { id: refused.id, accountId: merchant.admin.id }],
    ] as const) {
      const answer = await server.call('POST', endpointUrl(endpoint), { token: merchant.admin.token, body, lang: 'th' });
      expect([answer.status, answer.code], endpoint.path).toEqual([403, 2003]);
      expect(answer.message).toBe('ไม่มีสิทธิ์');
    }

    // Platform staff holding the link, but not above the super administrator.
    const staff = await createPlatformAccount(server, superToken, ['admin.ssoRefusal']);
    const [superAccount] = await server.db.select().from(accounts).where(eq(accounts.username, 'admin'));
    const higher = await server.request(ssoRefusalApi.link, { id: refused.id, accountId: superAccount!.id }, { token: staff.token });
    expect(higher.code).toBe(2003);
    const stronger = await server.request(ssoRefusalApi.link, { id: refused.id, accountId: merchant.admin.id }, { token: staff.token });
    expect(stronger.code).toBe(2030);
    // The link's choices offer only the accounts the caller outranks: neither of those, even named by id.
    const peer = await createPlatformAccount(server, superToken, ['admin.ssoRefusal']);
    const offered = async (token: string, query: { keyword?: string; ids?: number[] }) =>
      (await succeed(server, ssoRefusalApi.accounts, query, token)).map((option) => option.id);
    expect(await offered(staff.token, { keyword: merchant.admin.username, ids: [merchant.admin.id, superAccount!.id] })).toEqual([]);
    expect(await offered(staff.token, { keyword: 'admin' })).not.toContain(superAccount!.id);
    expect(await offered(staff.token, { keyword: peer.username })).toEqual([peer.id]);
    expect(await offered(staff.token, { keyword: staff.username })).toEqual([staff.id]);
    expect(await offered(superToken, { ids: [merchant.admin.id, superAccount!.id] })).toEqual(
      expect.arrayContaining([merchant.admin.id, superAccount!.id]),
    );

    const unknownRefusal = await server.request(
      ssoRefusalApi.link,
      { id: 2_000_000_000, accountId: merchant.admin.id },
      { token: superToken },
    );
    expect(unknownRefusal).toMatchObject({ status: 404, code: 1017 });
    const unknownAccount = await server.request(ssoRefusalApi.link, { id: refused.id, accountId: 2_000_000_000 }, { token: superToken });
    expect(unknownAccount).toMatchObject({ status: 404, code: 1017 });
    for (const body of [
      { id: 'a\u0000', accountId: merchant.admin.id },
      { id: refused.id, accountId: 1e15 },
      { id: refused.id, accountId: merchant.admin.id, ssoSubject: 'other' },
      { id: refused.id },
    ]) {
      const answer = await server.call('POST', endpointUrl(ssoRefusalApi.link), { token: superToken, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{ keyword: 'a\u0000b' }, { keyword: 'x'.repeat(5000) }, { refusalReason: 'HACKED' }, { size: 100_000 }]) {
      const answer = await server.call('POST', endpointUrl(ssoRefusalApi.search), { token: superToken, body });
      expect(answer.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect(await server.db.select().from(accountSso).where(eq(accountSso.subject, refused.subject))).toEqual([]);
  });

  it('links one identity once when administrators link it to several accounts at the same moment, and one account once', async () => {
    const refused = await refusedPerson();
    const targets = await Promise.all([1, 2, 3, 4].map(() => createMerchant(server, superToken)));
    const answers = await Promise.all(
      targets.map((target) => server.request(ssoRefusalApi.link, { id: refused.id, accountId: target.admin.id }, { token: superToken })),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([1, 452, 452, 452]);
    const links = await server.db.select().from(accountSso).where(eq(accountSso.subject, refused.subject));
    expect(links).toHaveLength(1);
    const winner = targets[answers.findIndex((a) => a.code === 1)]!;
    expect(links[0]!.accountId).toBe(winner.admin.id);

    // Two identities to one account at once: one links, the other is refused, nothing replaced.
    const [first, second] = await Promise.all([refusedPerson(), refusedPerson()]);
    const account = (await createMerchant(server, superToken)).admin;
    const both = await Promise.all(
      [first, second].map((one) => server.request(ssoRefusalApi.link, { id: one.id, accountId: account.id }, { token: superToken })),
    );
    expect(both.map((a) => a.code).sort()).toEqual([1, 461]);
    const linked = await server.db.select().from(accountSso).where(eq(accountSso.accountId, account.id));
    expect(linked.map((link) => link.subject)).toEqual([[first, second][both.findIndex((a) => a.code === 1)]!.subject]);
  });

  it('keeps a huge claim cut, refuses a NUL-bearing one, and forgets refusals past 30 days or beyond the most kept', async () => {
    const huge = await refusedPerson({ email: `ab${'c'.repeat(3000)}@example.test`, email_verified: true });
    const [row] = await server.db.select().from(ssoRefusals).where(eq(ssoRefusals.id, huge.id));
    expect(row!.email).toHaveLength(254);
    expect(row!.email).toMatch(/^abccc/);
    // A claim holding NUL is refused as bad input before any account is looked for: nothing is kept.
    const before = await server.db.select({ id: ssoRefusals.id }).from(ssoRefusals);
    const nul = unique('person-');
    provider.person(nul, { email: 'a\u0000b@example.test', email_verified: true });
    expect((await signInAs(nul)).code).toBe(1002);
    expect(await server.db.select({ id: ssoRefusals.id }).from(ssoRefusals)).toEqual(before);

    const old = unique('old-');
    await server.db.insert(ssoRefusals).values({
      issuer: provider.issuer,
      subject: old,
      reason: 'UNLINKED',
      ip: '192.0.2.1',
      createdAt: sql`now() - interval '31 days'`,
    });
    await server.db.execute(
      sql`insert into sso_refusal (issuer, subject, reason, ip) select 'https://filler.example', 'filler-' || n, 'UNLINKED', '192.0.2.2' from generate_series(1, ${SSO_REFUSAL_KEEP_ROWS}) n`,
    );
    const latest = await refusedPerson();
    const [{ n }] = (await server.db.select({ n: sql<number>`count(*)::int` }).from(ssoRefusals)) as [{ n: number }];
    expect(n).toBe(SSO_REFUSAL_KEEP_ROWS);
    expect(await server.db.select().from(ssoRefusals).where(eq(ssoRefusals.subject, old))).toEqual([]);
    expect(await server.db.select().from(ssoRefusals).where(eq(ssoRefusals.id, latest.id))).toHaveLength(1);
    await server.db.delete(ssoRefusals).where(eq(ssoRefusals.issuer, 'https://filler.example'));
  });
});
