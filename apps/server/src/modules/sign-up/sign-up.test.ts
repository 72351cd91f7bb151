import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { FACTORY_PASSWORD } from '@swap/contracts/testing';
import { accountApi, endpointUrl, menuApi, merchantApplicationApi, sessionApi, signUpApi } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp-receiver.js';
import { eventually } from '../../test/eventually.js';
import {
  applicantIp,
  applyForMerchant,
  createMerchant,
  createPlatformAccount,
  platformAdmin,
  unique,
  uploadSignUpDocument,
} from '../../test/factories.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { accounts } from '../account/account.table.js';
import { mailOutbox } from '../mail/mail.table.js';
import { merchants } from '../merchant/merchant.table.js';
import { merchantApplications } from './sign-up.table.js';

const PUBLIC_URL = 'https://backoffice.example.test';

describe('sign-up: a company applies, platform staff approve or reject', () => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let admin: string;

  const signIn = (username: string, password = FACTORY_PASSWORD, lang: 'en' | 'in' | 'th' | 'zh' = 'en') =>
    server.request(sessionApi.signIn, { username, password }, { lang });
  const apply = (body: Parameters<typeof applyForMerchant>[1] & { ip: string }) => {
    const { ip, ...fields } = body;
    return server.request(signUpApi.apply, fields as never, { headers: { 'x-forwarded-for': ip } });
  };
  const applicationCount = async () => (await server.db.select({ n: count() }).from(merchantApplications))[0]!.n;

  beforeAll(async () => {
    // Each applicant comes from its own address (X-Forwarded-For), so the per-address throttle counts them apart.
    // The review's mails go through a real SMTP receiver; the job queue sends them soon after the review.
    smtp = await startSmtpReceiver();
    server = await startTestServer({ DEMO: '0', TRUST_PROXY: '1', SMTP_URL: smtp.url, PUBLIC_URL, JOB_POLL_MS: '100' });
    admin = (await platformAdmin(server)).token;
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('an applicant is "not activated" until approved; approval creates the merchant, its role and administrator at once', async () => {
    const application = await applyForMerchant(server);
    const { username, name } = application.body;
    expect((await signIn(username)).code).toBe(2001);
    expect((await signIn(username, FACTORY_PASSWORD, 'in')).message).toBe('Akun belum diaktifkan');
    // A wrong password tells nothing about the application.
    expect((await signIn(username, 'Wrong-Password-1')).code).toBe(2002);

    const waiting = await server.request(merchantApplicationApi.search, { status: 'PENDING', keyword: name }, { token: admin });
    expect(waiting.data.records.map((row) => row.username)).toEqual([username]);

    const approved = await server.request(merchantApplicationApi.approve, { id: application.id }, { token: admin });
    expect(approved.code).toBe(1);
    expect(approved.data).toMatchObject({ status: 'APPROVED', reviewerName: 'Administrator' });
    const [merchant] = await server.db.select().from(merchants).where(eq(merchants.name, name));
    expect(merchant).toMatchObject({ type: 'AGENT', idCardFrontFileId: application.body.idCardFrontFileId });
    expect(approved.data.merchantId).toBe(merchant!.id);

    // The administrator signs in with the applied password and holds the merchant's menus.
    const session = await signIn(username);
    expect(session.code).toBe(1);
    expect(session.data.admin).toMatchObject({ merchantId: merchant!.id, type: 'NORMAL', accountType: 'MERCHANT' });
    const levels = await server.request(menuApi.levels, undefined, { token: session.data.token });
    expect(levels.data.codes).toEqual(expect.arrayContaining(['admin.admin', 'operation.cabinet', 'order.product']));
    expect(levels.data.codes).not.toContain('admin.merchantApplication');

    const actions = await server.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.username, 'admin'));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['merchant.add', 'role.add', 'account.add', 'merchantApplication.approve']),
    );
    // The new administrator's account entry carries the mail it takes from the application.
    const added = await server.db.select({ changes: auditLogs.changes }).from(auditLogs).where(eq(auditLogs.action, 'account.add'));
    expect(added.map((row) => row.changes)).toContainEqual(expect.objectContaining({ username, email: application.body.email }));
    // Reviewed once: a second approval or a rejection changes nothing.
    expect((await server.request(merchantApplicationApi.approve, { id: application.id }, { token: admin })).code).toBe(2032);
    expect((await server.request(merchantApplicationApi.reject, { id: application.id, reason: 'No' }, { token: admin })).code).toBe(2032);
    expect(await server.db.select().from(merchants).where(eq(merchants.name, name))).toHaveLength(1);
  });

  it('a rejected applicant reads the reason on signing in and may apply again from the same contact', async () => {
    const application = await applyForMerchant(server);
    const rejected = await server.request(
      merchantApplicationApi.reject,
      { id: application.id, reason: 'The ID card photo cannot be read' },
      { token: admin },
    );
    expect(rejected.data).toMatchObject({ status: 'REJECTED', reason: 'The ID card photo cannot be read' });
    const answer = await signIn(application.body.username, FACTORY_PASSWORD, 'zh');
    expect(answer.code).toBe(2033);
    expect(answer.message).toBe('您的商户入驻申请被拒绝：The ID card photo cannot be read');
    expect(await server.db.select().from(merchants).where(eq(merchants.name, application.body.name))).toHaveLength(0);

    const again = await applyForMerchant(server, { contact: application.body.contact, username: application.body.username });
    expect((await signIn(again.body.username)).code).toBe(2001);
  });

  it('mails the applicant the outcome in the language they applied in: approval with the sign-in name, rejection with the reason', async () => {
    const approvedOne = await applyForMerchant(server);
    await server.request(merchantApplicationApi.approve, { id: approvedOne.id }, { token: admin });
    const approval = await smtp.mailTo(approvedOne.body.email);
    expect(approval.subject).toBe('Your merchant application is approved');
    expect(approval.text).toContain(`Hello Ayu Lestari,`);
    expect(approval.text).toContain(
      `The application of ${approvedOne.body.name} to become a merchant is approved. Sign in as ${approvedOne.body.username}`,
    );
    expect(approval.text).toContain(`${PUBLIC_URL}/session/login`);
    // The administrator's recovery mails go to the address the application gave.
    const [account] = await server.db
      .select({ email: accounts.email })
      .from(accounts)
      .where(eq(accounts.username, approvedOne.body.username));
    expect(account!.email).toBe(approvedOne.body.email);

    const thai = await applyForMerchant(server, { lang: 'th' });
    const reason = 'รูปบัตรประชาชนอ่านไม่ออก';
    await server.request(merchantApplicationApi.reject, { id: thai.id, reason }, { token: admin });
    const rejection = await smtp.mailTo(thai.body.email);
    expect(rejection.subject).toBe('คำขอเป็นผู้ค้าของคุณถูกปฏิเสธ');
    expect(rejection.text).toContain(`คำขอเป็นผู้ค้าของ ${thai.body.name} ถูกปฏิเสธด้วยเหตุผลนี้:\n\n${reason}`);
    expect(rejection.text).toContain(`${PUBLIC_URL}/session/sign-up`);
    // One mail each.
    const mailsTo = (address: string) =>
      smtp.mails.filter((mail) => [mail.to].flat().some((to) => to?.value.some((one) => one.address === address))).length;
    expect([mailsTo(approvedOne.body.email), mailsTo(thai.body.email)]).toEqual([1, 1]);

    // An application sent before the form asked for a mail: the outcome waits in the outbox under its username.
    const older = await applyForMerchant(server);
    await server.db.update(merchantApplications).set({ email: '' }).where(eq(merchantApplications.id, older.id));
    await server.request(merchantApplicationApi.reject, { id: older.id, reason: 'Incomplete' }, { token: admin });
    await eventually(async () => {
      const [kept] = await server.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, older.body.username));
      expect(kept).toMatchObject({ subject: 'Your merchant application was rejected', error: '' });
      expect(kept!.body).toContain('Incomplete');
    });
  });

  it('refuses an application without a mail address, in the caller’s language', async () => {
    const ip = applicantIp();
    const before = await applicationCount();
    const body = {
      name: unique('Mailless '),
      type: 'AGENT' as const,
      personInCharge: 'Ayu Lestari',
      contact: '+62 811 7777 101',
      email: 'ayu at example',
      officeAddress: 'Jakarta',
      idCardFrontFileId: await uploadSignUpDocument(server, ip),
      idCardBackFileId: await uploadSignUpDocument(server, ip),
      facePhotoFileId: await uploadSignUpDocument(server, ip),
      username: unique('mailless.'),
      password: FACTORY_PASSWORD,
    };
    const messages = [];
    for (const lang of ['en', 'in', 'th', 'zh'] as const) {
      const answer = await server.request(signUpApi.apply, body, { lang, headers: { 'x-forwarded-for': ip } });
      expect(answer).toMatchObject({ status: 400, code: 1002 });
      messages.push(answer.message);
    }
    expect(messages).toEqual(['Email must be an email address', 'Email harus alamat email', 'อีเมลต้องเป็นที่อยู่อีเมล', '邮箱必须是邮箱地址']);
    const { email: _, ...without } = body;
    expect((await server.request(signUpApi.apply, without as never, { headers: { 'x-forwarded-for': ip } })).code).toBe(1002);
    expect(await applicationCount()).toBe(before);
  });

  it('an account cannot take the username a waiting application holds, and may once it is rejected', async () => {
    const application = await applyForMerchant(server);
    const { username } = application.body;
    const staff = (await createMerchant(server, admin)).admin.token;
    const body = { username: username.toUpperCase(), name: 'Clerk', password: 'Strong-Pass-42', type: 'SON', roleIds: [] };
    const add = (token: string, lang: 'en' | 'in' | 'th' | 'zh' = 'en') =>
      server.call('POST', endpointUrl(accountApi.add), { token, body, lang });
    const accountCount = async () => (await server.db.select({ n: count() }).from(accounts))[0]!.n;
    const before = await accountCount();

    const refused = await add(staff);
    expect(refused).toMatchObject({ status: 409, code: 2034, message: 'A merchant application waiting for review holds this user name' });
    expect((await add(staff, 'in')).message).toBe('Pengajuan merchant yang menunggu peninjauan memakai nama pengguna ini');
    expect((await add(staff, 'th')).message).toBe('คำขอเป็นผู้ค้าที่รอการตรวจสอบใช้ชื่อผู้ใช้นี้อยู่');
    expect((await add(staff, 'zh')).message).toBe('待审核的商户入驻申请已占用该用户名');
    expect(await accountCount()).toBe(before);
    // The applicant still signs in as one whose application waits.
    expect((await signIn(username)).code).toBe(2001);

    await server.request(merchantApplicationApi.reject, { id: application.id, reason: 'Incomplete' }, { token: admin });
    const added = await add(staff);
    expect(added.code).toBe(1);
    expect(await accountCount()).toBe(before + 1);
  });

  it('an application and an account added at the same moment under one name: only one of them gets it', async () => {
    const staff = (await createMerchant(server, admin)).admin.token;
    for (let round = 0; round < 4; round++) {
      const ip = applicantIp();
      const username = unique('race.');
      const body = {
        name: unique('Race '),
        type: 'AGENT' as const,
        personInCharge: 'Ayu Lestari',
        contact: `+62 811 8888 ${100 + round}`,
        email: `${username}@example.test`,
        officeAddress: 'Jakarta',
        idCardFrontFileId: await uploadSignUpDocument(server, ip),
        idCardBackFileId: await uploadSignUpDocument(server, ip),
        facePhotoFileId: await uploadSignUpDocument(server, ip),
        username,
        password: FACTORY_PASSWORD,
      };
      const account = { username: username.toUpperCase(), name: 'Clerk', password: 'Strong-Pass-42', type: 'SON', roleIds: [] };
      const [applied, added] = await Promise.all([
        apply({ ...body, ip }),
        server.call('POST', endpointUrl(accountApi.add), { token: staff, body: account }),
      ]);
      // Either the application holds the name (2034 to the account) or the account does (2006 to the applicant).
      expect([applied.code, added.code].sort()).toEqual(applied.code === 1 ? [1, 2034] : [1, 2006]);
      const applications = await server.db.select().from(merchantApplications).where(eq(merchantApplications.username, username));
      const holders = await server.db.select().from(accounts).where(eq(accounts.username, account.username));
      expect(applications.length + holders.length).toBe(1);
    }
  });

  it('one waiting application per contact and per username; a taken username or merchant name is refused', async () => {
    const first = await applyForMerchant(server);
    const ip = applicantIp();
    const documents = async () => ({
      idCardFrontFileId: await uploadSignUpDocument(server, ip),
      idCardBackFileId: await uploadSignUpDocument(server, ip),
      facePhotoFileId: await uploadSignUpDocument(server, ip),
    });
    const before = await applicationCount();
    // The same phone written otherwise is the same contact.
    const sameContact = await apply({
      ...first.body,
      ...(await documents()),
      name: unique('Other '),
      username: unique('other.'),
      contact: first.body.contact.replace(/ /g, '-'),
      ip,
    });
    expect(sameContact).toMatchObject({ status: 409, code: 2031 });
    const sameUsername = await apply({
      ...first.body,
      ...(await documents()),
      name: unique('Other '),
      contact: '+62 899 1234 567',
      username: first.body.username.toUpperCase(),
      ip,
    });
    expect(sameUsername.code).toBe(2006);
    const taken = await apply({ ...first.body, ...(await documents()), contact: '+62 899 1234 568', username: 'admin', ip });
    expect(taken.code).toBe(2006);
    const merchant = await createMerchant(server, admin);
    const nameTaken = await apply({
      ...first.body,
      ...(await documents()),
      name: merchant.name,
      contact: '+62 899 1234 569',
      username: unique('other.'),
      ip: applicantIp(),
    });
    expect(nameTaken.code).toBe(1018);
    expect(await applicationCount()).toBe(before);
  });

  it('parallel identical applications make one; parallel approvals make one merchant', async () => {
    const ip = applicantIp();
    const body = {
      name: unique('Parallel '),
      type: 'DIRECT' as const,
      personInCharge: 'Somchai Kaew',
      contact: '+66 81 555 0199',
      email: 'parallel@example.test',
      officeAddress: 'Chiang Mai',
      idCardFrontFileId: await uploadSignUpDocument(server, ip),
      idCardBackFileId: await uploadSignUpDocument(server, ip),
      facePhotoFileId: await uploadSignUpDocument(server, ip),
      username: unique('parallel.'),
      password: FACTORY_PASSWORD,
    };
    const answers = await Promise.all(Array.from({ length: 4 }, () => apply({ ...body, ip })));
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
    const rows = await server.db.select().from(merchantApplications).where(eq(merchantApplications.name, body.name));
    expect(rows).toHaveLength(1);

    const approvals = await Promise.all(
      Array.from({ length: 3 }, () => server.request(merchantApplicationApi.approve, { id: rows[0]!.id }, { token: admin })),
    );
    expect(approvals.map((answer) => answer.code).sort()).toEqual([1, 2032, 2032]);
    expect(await server.db.select().from(merchants).where(eq(merchants.name, body.name))).toHaveLength(1);
    expect(await server.db.select().from(accounts).where(eq(accounts.username, body.username))).toHaveLength(1);
  });

  it('bad input is refused in the caller’s language and writes nothing', async () => {
    const ip = applicantIp();
    const upload = () => uploadSignUpDocument(server, ip);
    const valid = {
      name: unique('Bad '),
      type: 'AGENT' as const,
      personInCharge: 'Ayu Lestari',
      contact: '+62 811 7777 001',
      email: 'bad@example.test',
      officeAddress: 'Jakarta',
      idCardFrontFileId: await upload(),
      idCardBackFileId: await upload(),
      facePhotoFileId: await upload(),
      username: unique('bad.'),
      password: FACTORY_PASSWORD,
    };
    const before = await applicationCount();
    const nul = await apply({ ...valid, name: 'Bad\u0000Name', ip });
    expect(nul).toMatchObject({ status: 400, code: 1002 });
    const huge = await apply({ ...valid, officeAddress: 'x'.repeat(100_000), ip });
    expect(huge.code).toBe(1002);
    const weak = await server.request(
      signUpApi.apply,
      { ...valid, password: 'password1' },
      { lang: 'th', headers: { 'x-forwarded-for': ip } },
    );
    expect(weak.status).toBe(400);
    expect(weak.message).not.toBe('');
    // A document this address did not upload for sign-up (another applicant's) is refused, naming the field.
    const othersFile = await uploadSignUpDocument(server, applicantIp());
    const foreign = await apply({ ...valid, facePhotoFileId: othersFile, ip });
    expect(foreign.code).toBe(1021);
    expect((foreign.data as unknown as { fields: { field: string }[] }).fields[0]!.field).toBe('facePhotoFileId');
    const twice = await apply({ ...valid, idCardBackFileId: valid.idCardFrontFileId, ip });
    expect(twice.code).toBe(1021);
    expect(await applicationCount()).toBe(before);
    // A document used by an application is not used again.
    await apply({ ...valid, ip });
    const reused = await apply({ ...valid, name: unique('Bad '), contact: '+62 811 7777 002', username: unique('bad.'), ip: ip });
    expect(reused.code).toBe(1021);
  });

  it('refuses the review to merchant staff and to platform staff without its code', async () => {
    const application = await applyForMerchant(server);
    const merchant = await createMerchant(server, admin);
    const staff = await createPlatformAccount(server, admin, ['admin.merchant']);
    const reviewer = await createPlatformAccount(server, admin, ['admin.merchantApplication']);
    for (const token of [merchant.admin.token, staff.token]) {
      expect((await server.request(merchantApplicationApi.search, {}, { token })).status).toBe(403);
      expect((await server.request(merchantApplicationApi.approve, { id: application.id }, { token })).status).toBe(403);
    }
    const [row] = await server.db.select().from(merchantApplications).where(eq(merchantApplications.id, application.id));
    expect(row!.status).toBe('PENDING');
    // Platform staff granted the screen review like the administrator.
    expect((await server.request(merchantApplicationApi.detail, { id: application.id }, { token: reviewer.token })).code).toBe(1);
    expect((await server.request(merchantApplicationApi.approve, { id: application.id }, { token: reviewer.token })).code).toBe(1);
  });

  it('throttles applications from one address the sign-in throttle’s way', async () => {
    const ip = applicantIp();
    const answers = [];
    for (let i = 0; i < 6; i++) {
      const body = {
        name: unique('Flood '),
        type: 'AGENT' as const,
        personInCharge: 'Flood',
        contact: `+62 877 000 ${100 + i}`,
        email: `flood${i}@example.test`,
        officeAddress: 'Jakarta',
        // The sixth is refused before its documents are looked at (and uploads have their own allowance).
        ...(i < 5
          ? {
              idCardFrontFileId: await uploadSignUpDocument(server, ip),
              idCardBackFileId: await uploadSignUpDocument(server, ip),
              facePhotoFileId: await uploadSignUpDocument(server, ip),
            }
          : { idCardFrontFileId: 1, idCardBackFileId: 2, facePhotoFileId: 3 }),
        username: unique('flood.'),
        password: FACTORY_PASSWORD,
      };
      answers.push(await apply({ ...body, ip }));
    }
    expect(answers.slice(0, 5).map((answer) => answer.code)).toEqual([1, 1, 1, 1, 1]);
    expect(answers[5]).toMatchObject({ status: 429, code: 1016 });
    expect(Number(answers[5]!.raw.headers['retry-after'])).toBeGreaterThan(0);
  });
});
