import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accountApi, endpointUrl, mailApi, menuApi, profileApi, sessionApi } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { eventually } from '../../test/eventually.js';
import { FACTORY_PASSWORD, createMerchant, platformAdmin, unique, type Caller } from '../../test/factories.js';
import { resetTokenOf, startSmtpReceiver, type SmtpReceiver } from '../../test/smtp-receiver.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { accounts, passwordResets } from '../account/account.table.js';
import { mailOutbox } from '../mail/mail.table.js';
import { loginThrottle } from './session.table.js';

const PUBLIC_URL = 'https://backoffice.example.test';
const NEW_PASSWORD = 'Mangrove-Ferry-2041';
/** Free failed tries of one address before it waits (LOGIN_MAX_FAILURES). */
const FREE_TRIES = 3;

/** Password recovery by mail through a real SMTP receiver (docs/security.md, "Password recovery"). */
describe('forgot and reset password', () => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let superToken: string;
  let merchantAdmin: Caller;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startTestServer({
      DEMO: '0',
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      LOGIN_MAX_FAILURES: String(FREE_TRIES),
      MAIL_FROM: 'desk@example.test',
    });
    superToken = (await platformAdmin(server)).token;
    merchantAdmin = (await createMerchant(server, superToken)).admin;
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });
  beforeEach(async () => {
    await server.db.delete(loginThrottle);
  });

  /** A fresh account with an email address on its profile, signed in. */
  async function accountWithEmail(): Promise<Caller & { email: string }> {
    const merchant = await createMerchant(server, superToken);
    const email = `${unique('owner')}@example.test`;
    const edit = await server.request(profileApi.edit, { name: 'Owner', email }, { token: merchant.admin.token });
    expect(edit.code).toBe(1);
    return { ...merchant.admin, email };
  }

  const post = (url: string, payload: object, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url, payload, remoteAddress, headers }).then((raw) => ({ status: raw.statusCode, ...raw.json() }));

  it('mails a single-use link to the account, answers an unknown name the same, and the reset ends every session', async () => {
    const owner = await accountWithEmail();
    const known = await post(endpointUrl(sessionApi.forgotPassword), { username: owner.username });
    const unknown = await post(endpointUrl(sessionApi.forgotPassword), { username: unique('nobody') });
    expect(known).toEqual(unknown);
    expect(known).toMatchObject({ status: 200, code: 1, data: null });

    const mail = await smtp.mailTo(owner.email);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.from?.text).toContain('desk@example.test');
    const { link, token } = resetTokenOf(mail);
    expect(link.startsWith(`${PUBLIC_URL}/session/reset-password?token=`)).toBe(true);
    // Only the token's hash is kept.
    const rows = await server.db.select().from(passwordResets);
    expect(JSON.stringify(rows)).not.toContain(token);

    const reset = await server.request(sessionApi.resetPassword, { token, password: NEW_PASSWORD });
    expect(reset.code).toBe(1);
    expect((await server.request(menuApi.levels, undefined, { token: owner.token })).code).toBe(405);
    expect(await server.login(owner.username, NEW_PASSWORD)).toBeTruthy();
    const old = await server.request(sessionApi.signIn, { username: owner.username, password: FACTORY_PASSWORD });
    expect(old.code).toBe(2002);

    const again = await server.request(sessionApi.resetPassword, { token, password: 'Second-Harbour-77' }, { lang: 'zh' });
    expect(again).toMatchObject({ status: 400, code: 442, message: '此密码重置链接已被使用，请重新申请' });
    expect(await server.login(owner.username, NEW_PASSWORD)).toBeTruthy();

    const audit = await server.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.objectId, String(owner.id)));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['account.forgotPassword', 'account.recoverPassword']));
  });

  it('verifies the mail a used link was mailed to; a mail changed meanwhile, an unused link or the outbox verify nothing', async () => {
    const verifiedOf = async (id: number) =>
      (await server.db.select({ verified: accounts.verifiedEmail }).from(accounts).where(eq(accounts.id, id)))[0]!.verified;
    const owner = await accountWithEmail();
    await post(endpointUrl(sessionApi.forgotPassword), { username: owner.username });
    const { token } = resetTokenOf(await smtp.mailTo(owner.email));
    // Typed on the profile, asked for, not yet used: not verified.
    expect(await verifiedOf(owner.id)).toBeNull();
    expect((await server.request(sessionApi.resetPassword, { token, password: NEW_PASSWORD })).code).toBe(1);
    expect(await verifiedOf(owner.id)).toBe(owner.email);

    // A link mailed to the old address, used after the mail changed, verifies neither.
    const moved = await accountWithEmail();
    await post(endpointUrl(sessionApi.forgotPassword), { username: moved.username });
    const old = resetTokenOf(await smtp.mailTo(moved.email));
    await server.request(profileApi.edit, { name: 'Owner', email: `${unique('new')}@example.test` }, { token: moved.token });
    expect((await server.request(sessionApi.resetPassword, { token: old.token, password: NEW_PASSWORD })).code).toBe(1);
    expect(await verifiedOf(moved.id)).toBeNull();
  });

  it('refuses an expired link and a link that is not ours, in the reader’s language, changing nothing', async () => {
    const owner = await accountWithEmail();
    await post(endpointUrl(sessionApi.forgotPassword), { username: owner.email });
    const { token } = resetTokenOf(await smtp.mailTo(owner.email));
    await server.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.accountId, owner.id));
    const expired = await server.request(sessionApi.resetPassword, { token, password: NEW_PASSWORD }, { lang: 'in' });
    expect(expired).toMatchObject({
      status: 400,
      code: 441,
      message: 'Tautan atur ulang kata sandi ini sudah kedaluwarsa: minta tautan baru',
    });
    const forged = await server.request(sessionApi.resetPassword, { token: 'A'.repeat(43), password: NEW_PASSWORD }, { lang: 'th' });
    expect(forged).toMatchObject({ status: 400, code: 440, message: 'ลิงก์รีเซ็ตรหัสผ่านนี้ไม่ถูกต้อง กรุณาขอลิงก์ใหม่' });
    expect((await server.request(menuApi.levels, undefined, { token: owner.token })).code).toBe(1);
    expect(await server.login(owner.username, FACTORY_PASSWORD)).toBeTruthy();
  });

  it('uses one link once when many resets race with it', async () => {
    const owner = await accountWithEmail();
    await post(endpointUrl(sessionApi.forgotPassword), { username: owner.username });
    const { token } = resetTokenOf(await smtp.mailTo(owner.email));
    // As many at once as the address has free tries: a try beyond them waits like a guess would
    // (the throttle test below), so the race is between tries that all reach the link.
    const answers = await Promise.all(
      Array.from({ length: FREE_TRIES }, (_, i) => server.request(sessionApi.resetPassword, { token, password: `Parallel-Tide-${i}42` })),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 442)).toHaveLength(FREE_TRIES - 1);
    const winner = answers.findIndex((a) => a.code === 1);
    expect(await server.login(owner.username, `Parallel-Tide-${winner}42`)).toBeTruthy();
  });

  it("ends the account's open links when an administrator resets its password", async () => {
    const owner = await accountWithEmail();
    await post(endpointUrl(sessionApi.forgotPassword), { username: owner.username });
    const { token } = resetTokenOf(await smtp.mailTo(owner.email));
    const reset = await server.request(
      accountApi.resetPassword,
      { id: owner.id, password: 'Admin-Chosen-Lantern-58' },
      { token: superToken },
    );
    expect(reset.code).toBe(1);
    const late = await server.request(sessionApi.resetPassword, { token, password: NEW_PASSWORD });
    expect(late).toMatchObject({ status: 400, code: 442 });
    expect(await server.login(owner.username, 'Admin-Chosen-Lantern-58')).toBeTruthy();
  });

  it('keeps the link for a second try when the new password is too weak', async () => {
    const owner = await accountWithEmail();
    await post(endpointUrl(sessionApi.forgotPassword), { username: owner.username });
    const { token } = resetTokenOf(await smtp.mailTo(owner.email));
    const weak = await server.request(sessionApi.resetPassword, { token, password: 'password1' });
    expect(weak.status).toBe(400);
    expect(weak.code).toBe(2023);
    expect((await server.request(sessionApi.resetPassword, { token, password: NEW_PASSWORD })).code).toBe(1);
  });

  it('refuses NUL, huge and malformed input naming the field, and throttles token guessing per address', async () => {
    const nul = await server.request(sessionApi.resetPassword, { token: 'abc\u0000def', password: NEW_PASSWORD });
    expect(nul).toMatchObject({ status: 400, code: 1002 });
    const huge = await server.request(sessionApi.resetPassword, { token: 'x'.repeat(10_000), password: NEW_PASSWORD });
    expect(huge).toMatchObject({ status: 400, code: 1002 });
    const noName = await server.request(sessionApi.forgotPassword, { username: 'a\u0000' });
    expect(noName).toMatchObject({ status: 400, code: 1002 });

    const guess = (i: number, address: string) =>
      post(endpointUrl(sessionApi.resetPassword), { token: `guess${i}`.padEnd(43, 'x'), password: NEW_PASSWORD }, address);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await guess(i, '203.0.113.40'));
    expect(answers.slice(0, FREE_TRIES).map((a) => a.code)).toEqual(Array(FREE_TRIES).fill(440));
    expect(answers[4]).toMatchObject({ status: 429, code: 1016 });
    // Another address is not held back, and a genuine link works there.
    const owner = await accountWithEmail();
    await post(endpointUrl(sessionApi.forgotPassword), { username: owner.username });
    const { token } = resetTokenOf(await smtp.mailTo(owner.email));
    expect((await post(endpointUrl(sessionApi.resetPassword), { token, password: NEW_PASSWORD }, '203.0.113.41')).code).toBe(1);
  });

  it('throttles asking again and again for one account; the answer still tells nothing', async () => {
    const owner = await accountWithEmail();
    const asks = [];
    for (let i = 0; i < 5; i++)
      asks.push(await post(endpointUrl(sessionApi.forgotPassword), { username: owner.username }, '198.51.100.50'));
    expect(asks.slice(0, FREE_TRIES).every((a) => a.code === 1)).toBe(true);
    expect(asks[4]).toMatchObject({ status: 429, code: 1016 });
    const stranger = [];
    for (let i = 0; i < 5; i++)
      stranger.push(await post(endpointUrl(sessionApi.forgotPassword), { username: 'no-such-account' }, '198.51.100.51'));
    expect(stranger.map((a) => a.code)).toEqual(asks.map((a) => a.code));
  });

  it('points the link at PUBLIC_URL whatever Host the asker sends', async () => {
    const owner = await accountWithEmail();
    await post(endpointUrl(sessionApi.forgotPassword), { username: owner.username }, '127.0.0.1', {
      host: 'attacker.example',
      'x-forwarded-host': 'attacker.example',
    });
    const { link } = resetTokenOf(await smtp.mailTo(owner.email));
    expect(link.startsWith(PUBLIC_URL)).toBe(true);
  });

  it('puts the mail of an account without an email in the outbox, which only a super administrator reads', async () => {
    const before = await server.db.select().from(mailOutbox);
    await post(endpointUrl(sessionApi.forgotPassword), { username: merchantAdmin.username });
    await eventually(async () => expect((await server.db.select().from(mailOutbox)).length).toBe(before.length + 1));
    const outbox = await server.request(mailApi.search, { current: 1, size: 10, keyword: merchantAdmin.username }, { token: superToken });
    expect(outbox.code).toBe(1);
    expect(outbox.data.records).toHaveLength(1);
    const { token } = resetTokenOf({ text: outbox.data.records[0]!.body });
    expect((await server.request(mailApi.search, { current: 1, size: 10 }, { token: merchantAdmin.token })).status).toBe(403);
    expect((await server.request(sessionApi.resetPassword, { token, password: NEW_PASSWORD })).code).toBe(1);
    // The outbox is read by administrators: its link proves no address.
    const [row] = await server.db.select({ verified: accounts.verifiedEmail }).from(accounts).where(eq(accounts.id, merchantAdmin.id));
    expect(row!.verified).toBeNull();
  });
});

describe('password recovery without an SMTP server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
  });
  afterAll(() => server.close());

  it('keeps the mail in the outbox even for an account with an email, so the demo works offline', async () => {
    const superToken = (await platformAdmin(server)).token;
    const owner = (await createMerchant(server, superToken)).admin;
    await server.request(profileApi.edit, { name: 'Owner', email: 'owner@example.test', language: 'zh' }, { token: owner.token });
    await server.request(sessionApi.forgotPassword, { username: owner.username });
    await eventually(async () => {
      const [mail] = await server.db.select().from(mailOutbox);
      expect(mail).toMatchObject({ recipient: `${owner.username} <owner@example.test>`, subject: '重置您的密码', error: '' });
    });
  });
});
