import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpointUrl, mailApi, profileApi, sessionApi } from '@swap/contracts';
import { OWN_SERVER_TEST_TIMEOUT, startTestServer, type TestServer } from '../../test/harness.js';
import { createMerchant, platformAdmin, unique, type Caller } from '../../test/factories.js';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp-receiver.js';
import { accounts } from '../account/account.table.js';
import { loginThrottle } from './session.table.js';

const PUBLIC_URL = 'https://backoffice.example.test';
const FREE_TRIES = 3;

/** The verification link in a "verify my mail" mail, and its token. */
function verifyLinkOf(text: string | undefined): { link: string; token: string } {
  const found = /(\S+\/profile\?verifyMail=([A-Za-z0-9_-]+))/.exec(text ?? '');
  if (!found) throw new Error(`no verification link in: ${text}`);
  return { link: found[1]!, token: found[2]! };
}

/** "Verify my mail" on one's own profile through a real SMTP receiver (docs/security.md, "One's own account"). */
describe('verify my mail', () => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let superToken: string;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startTestServer({ DEMO: '0', SMTP_URL: smtp.url, PUBLIC_URL, LOGIN_MAX_FAILURES: String(FREE_TRIES) });
    superToken = (await platformAdmin(server)).token;
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });
  beforeEach(async () => {
    await server.db.delete(loginThrottle);
  });

  async function ownerWithMail(): Promise<Caller & { email: string }> {
    const admin = (await createMerchant(server, superToken)).admin;
    const email = `${unique('verify')}@example.test`;
    expect((await server.request(profileApi.edit, { name: 'Owner', email, language: 'th' }, { token: admin.token })).code).toBe(1);
    return { ...admin, email };
  }
  const send = (token: string, lang: 'en' | 'in' | 'th' | 'zh' = 'en') =>
    server.call('POST', endpointUrl(profileApi.sendMailVerification), { token, lang });
  const verify = (token: string, body: unknown, lang: 'en' | 'in' | 'th' | 'zh' = 'en') =>
    server.call('POST', endpointUrl(profileApi.verifyMail), { token, body, lang });
  const verifiedOf = async (id: number) =>
    (await server.db.select({ v: accounts.verifiedEmail }).from(accounts).where(eq(accounts.id, id)))[0]!.v;

  it('mails a link to the present address in the account’s language; opening it signed in verifies the mail, once', async () => {
    const owner = await ownerWithMail();
    expect((await server.request(profileApi.detail, undefined, { token: owner.token })).data.emailVerified).toBe(false);
    const sent = await send(owner.token);
    expect(sent).toMatchObject({ code: 1, data: { email: owner.email } });
    const mail = await smtp.mailTo(owner.email);
    expect(mail.subject).toBe('ยืนยันอีเมลของคุณ');
    const { link, token } = verifyLinkOf(mail.text);
    expect(link.startsWith(`${PUBLIC_URL}/profile?verifyMail=`)).toBe(true);

    const done = await verify(owner.token, { token });
    expect(done).toMatchObject({ code: 1, data: { email: owner.email, emailVerified: true } });
    expect(await verifiedOf(owner.id)).toBe(owner.email);
    const again = await verify(owner.token, { token }, 'in');
    expect(again).toMatchObject({ status: 400, code: 459, message: 'Tautan verifikasi ini sudah digunakan' });
    // Verified already: nothing more is sent.
    expect(await send(owner.token, 'zh')).toMatchObject({ status: 409, code: 455 });
  });

  it('makes the link void when the mail changed before it was used, and refuses another account’s link', async () => {
    const owner = await ownerWithMail();
    expect((await send(owner.token)).code).toBe(1);
    const { token } = verifyLinkOf((await smtp.mailTo(owner.email)).text);

    const other = await ownerWithMail();
    const stolen = await verify(other.token, { token }, 'th');
    expect(stolen).toMatchObject({ status: 400, code: 457 });
    expect(await verifiedOf(other.id)).toBeNull();

    const moved = `${unique('moved')}@example.test`;
    expect((await server.request(profileApi.edit, { name: 'Owner', email: moved }, { token: owner.token })).code).toBe(1);
    const voided = await verify(owner.token, { token });
    expect(voided).toMatchObject({ status: 409, code: 460 });
    expect(await verifiedOf(owner.id)).toBeNull();
    // Back to the old address: the link was for it, so it verifies it again only while it is the account's.
    expect((await server.request(profileApi.edit, { name: 'Owner', email: owner.email }, { token: owner.token })).code).toBe(1);
    expect((await verify(owner.token, { token })).code).toBe(1);
    expect(await verifiedOf(owner.id)).toBe(owner.email);
  });

  it('refuses an account without a mail and bad or unknown tokens, verifying nothing', async () => {
    const bare = (await createMerchant(server, superToken)).admin;
    expect(await send(bare.token, 'th')).toMatchObject({ status: 400, code: 454 });

    const owner = await ownerWithMail();
    for (const body of [{ token: '' }, { token: 'a\u0000b' }, { token: 'x'.repeat(5000) }, { token: 'bad token!' }, {}, { token: ['x'] }]) {
      const answer = await verify(owner.token, body);
      expect(answer.status, JSON.stringify(body).slice(0, 30)).toBe(400);
      expect(answer.code).toBe(1002);
    }
    // Named as the link it is in the reader's language (not as a password reset's).
    expect((await verify(owner.token, { token: 'a\u0000b' }, 'th')).message).toBe('ลิงก์มีอักขระที่ไม่อนุญาต');
    expect((await verify(owner.token, { token: 'x'.repeat(5000) }, 'zh')).message).toBe('链接过长');
    expect(await verify(owner.token, { token: 'A'.repeat(43) })).toMatchObject({ status: 400, code: 457 });
    expect(await verifiedOf(owner.id)).toBeNull();
  });

  it('waits after a few asks, and after a few guessed links', async () => {
    const owner = await ownerWithMail();
    const answers = [];
    for (let i = 0; i <= FREE_TRIES + 1; i++) answers.push((await send(owner.token)).code);
    expect(answers).toContain(1016);
    expect(answers[0]).toBe(1);
    await server.db.delete(loginThrottle);
    const guesses = [];
    for (let i = 0; i <= FREE_TRIES + 1; i++) guesses.push((await verify(owner.token, { token: `guess${i}`.padEnd(43, 'x') })).code);
    expect(guesses.at(-1)).toBe(1016);
  });

  it('checks no more guessed links than the free tries when they all come at once', async () => {
    const owner = await ownerWithMail();
    const codes = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => (await verify(owner.token, { token: `race${i}`.padEnd(43, 'x') })).code),
    );
    expect(codes.filter((code) => code === 457)).toHaveLength(FREE_TRIES);
    expect(codes.filter((code) => code === 1016)).toHaveLength(20 - FREE_TRIES);
    expect(await verifiedOf(owner.id)).toBeNull();
  });

  it('verifies one’s own link from an address where others’ sign-ins failed many times (an office behind one address)', async () => {
    const owner = await ownerWithMail();
    expect((await send(owner.token)).code).toBe(1);
    const { token } = verifyLinkOf((await smtp.mailTo(owner.email)).text);
    // Enough failed sign-ins of other names from this address to make the address wait at sign-in.
    const failedSignIns = [];
    for (let i = 0; i <= FREE_TRIES * 4 + 1; i++) {
      const raw = await server.app.inject({
        method: 'POST',
        url: endpointUrl(sessionApi.signIn),
        payload: { username: unique('nobody'), password: 'Wrong-pass-1' },
      });
      failedSignIns.push(raw.json<{ code: number }>().code);
    }
    expect(failedSignIns.at(-1)).toBe(1016);

    expect(await verify(owner.token, { token })).toMatchObject({ code: 1, data: { email: owner.email, emailVerified: true } });
    expect(await verifiedOf(owner.id)).toBe(owner.email);
  });

  it(
    'ends a link whose mail went to the outbox instead of the reader',
    async () => {
      const outboxServer = await startTestServer({ DEMO: '0', PUBLIC_URL, SMTP_URL: 'smtp://127.0.0.1:9' });
      try {
        const admin = await platformAdmin(outboxServer);
        const email = `${unique('lost')}@example.test`;
        expect((await outboxServer.request(profileApi.edit, { name: 'Owner', email }, { token: admin.token })).code).toBe(1);
        const sent = await outboxServer.call('POST', endpointUrl(profileApi.sendMailVerification), { token: admin.token, lang: 'zh' });
        expect(sent).toMatchObject({ status: 503, code: 456 });
        expect(sent.message).toContain(email);
        const outbox = await outboxServer.request(mailApi.search, { keyword: email }, { token: admin.token });
        const { token } = verifyLinkOf(outbox.data.records[0]!.body);
        const used = await outboxServer.call('POST', endpointUrl(profileApi.verifyMail), { token: admin.token, body: { token } });
        expect(used.code).toBe(459);
      } finally {
        await outboxServer.close();
      }
    },
    OWN_SERVER_TEST_TIMEOUT,
  );
});
