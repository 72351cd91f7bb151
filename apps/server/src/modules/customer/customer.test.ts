import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customerApi, endpointUrl, fileApi, identityApi, topUpApi } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createCustomer, createMerchant, platformAdmin } from '../../test/factories.js';
import { PNG, multipart } from '../../test/upload.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { customers, identitySubmissions } from './customer.table.js';

const MENUS = ['customer.list', 'customer.authentication', 'price.rechargeRecord'];

describe('customers: tenant, restriction, soft delete and identity audits', () => {
  let server: TestServer;
  let admin: string;
  let agent: string;
  let agentId = 0;
  let rival: string;

  const row = async (id: number) => (await server.db.select().from(customers).where(eq(customers.id, id)))[0]!;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    const merchant = await createMerchant(server, admin, { menuCodes: MENUS });
    agent = merchant.admin.token;
    agentId = merchant.id;
    rival = (await createMerchant(server, admin, { menuCodes: MENUS })).admin.token;
  });
  afterAll(() => server.close());

  it('registers a customer with its number or the next one; phone and number are unique per merchant', async () => {
    const given = await createCustomer(server, agent, { customerNumber: 'C20003', phone: '+62 812-0000-0001' });
    expect(given).toMatchObject({
      customerNumber: 'C20003',
      phone: '+6281200000001',
      authStatus: 'NOT_CERTIFIED',
      restriction: 'UNRESTRICTED',
    });
    const next = await createCustomer(server, agent);
    expect(next.customerNumber).toBe(`C${100000 + next.id}`);
    // The form sends a cleared number as null: the server's next, like a number left out.
    const cleared = await server.request(
      customerApi.add,
      { givenName: 'A', familyName: 'B', phone: '+6281200000777', customerNumber: null },
      { token: agent },
    );
    expect(cleared.code).toBe(1);
    expect(cleared.data?.customerNumber).toBe(`C${100000 + cleared.data.id}`);
    const samePhone = await server.request(
      customerApi.add,
      { givenName: 'A', familyName: 'B', phone: '+6281200000001' },
      { token: agent, lang: 'th' },
    );
    expect([samePhone.code, samePhone.message]).toEqual([7002, 'ลูกค้ารายอื่นของผู้ค้านี้ใช้หมายเลขโทรศัพท์นี้แล้ว']);
    const sameNumber = await server.request(
      customerApi.add,
      { customerNumber: 'C20003', givenName: 'A', familyName: 'B', phone: '+628' },
      { token: agent },
    );
    expect(sameNumber.code).toBe(7012);
    // Another merchant may have its own C20003 and the same phone.
    expect((await createCustomer(server, rival, { customerNumber: 'C20003', phone: '+6281200000001' })).customerNumber).toBe('C20003');
    // Platform staff must name the merchant.
    expect((await server.request(customerApi.add, { givenName: 'A', familyName: 'B', phone: '+628' }, { token: admin })).code).toBe(2007);
  });

  it('refuses bad input in the caller’s language and writes nothing', async () => {
    const before = (await server.db.select({ id: customers.id }).from(customers)).length;
    const bad = await server.call('POST', '/api/oms/customer/add', {
      token: agent,
      lang: 'in',
      body: { givenName: 'x'.repeat(10_000), familyName: '', phone: '12ab', customerNumber: 'C 1' },
    });
    expect(bad.status).toBe(400);
    expect([...new Set(bad.data.fields.map((f: { field: string }) => f.field))].sort()).toEqual([
      'customerNumber',
      'familyName',
      'givenName',
      'phone',
    ]);
    const nul = await server.call('POST', '/api/oms/customer/add', {
      token: agent,
      body: { givenName: 'Nul\u0000byte', familyName: 'B', phone: '+62' },
    });
    expect(nul.status).toBe(400);
    expect((await server.db.select({ id: customers.id }).from(customers)).length).toBe(before);
  });

  it('shows each merchant only its own customers; another merchant’s id answers “does not exist” and changes nothing', async () => {
    const theirs = await createCustomer(server, rival, { givenName: 'Somchai' });
    for (const answer of [
      await server.request(customerApi.detail, { id: theirs.id }, { token: agent }),
      await server.request(customerApi.edit, { id: theirs.id, givenName: 'X', familyName: 'Y', phone: '+62' }, { token: agent }),
      await server.request(customerApi.restrict, { id: theirs.id, reason: 'r' }, { token: agent }),
      await server.request(customerApi.remove, { id: theirs.id }, { token: agent }),
      await server.request(
        identityApi.submit,
        { customerId: theirs.id, certificateType: 'PASSPORT', certificateNumber: 'AB123456' },
        { token: agent },
      ),
    ])
      expect(answer.code).toBe(1017);
    expect(await row(theirs.id)).toMatchObject({
      givenName: 'Somchai',
      restriction: 'UNRESTRICTED',
      deletion: 'NORMAL',
      authStatus: 'NOT_CERTIFIED',
    });
    const mine = (await server.request(customerApi.search, { name: 'soM' }, { token: agent })).data;
    expect(mine.total).toBe(0);
    const all = (await server.request(customerApi.search, { name: 'som' }, { token: admin })).data;
    expect(all.records.map((r) => r.id)).toEqual([theirs.id]);
  });

  it('searches by name, phone, number, status and merchant', async () => {
    const c = await createCustomer(server, agent, {
      givenName: 'Wayan',
      familyName: 'Siregar',
      phone: '+6289912345',
      customerNumber: 'C77001',
    });
    const search = async (q: Record<string, unknown>) =>
      (await server.request(customerApi.search, q, { token: agent })).data.records.map((r) => r.id);
    expect(await search({ name: 'sireg' })).toEqual([c.id]);
    expect(await search({ phone: '+62 899' })).toEqual([c.id]);
    expect(await search({ customerNumber: 'C770' })).toEqual([c.id]);
    expect(await search({ customerNumber: 'C770', authStatus: 'APPROVED' })).toEqual([]);
    expect(await search({ customerNumber: 'C770', merchantId: agentId })).toEqual([c.id]);
  });

  it('restricts and relaxes with a reason, once each; racing restricts restrict once', async () => {
    const c = await createCustomer(server, agent);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => server.request(customerApi.restrict, { id: c.id, reason: 'Unpaid rental' }, { token: agent })),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([1, 7003, 7003, 7003, 7003]);
    expect(await row(c.id)).toMatchObject({ restriction: 'RESTRICTED', restrictReason: 'Unpaid rental' });
    expect((await server.request(customerApi.relax, { id: c.id, reason: '' }, { token: agent })).status).toBe(400);
    expect((await server.request(customerApi.relax, { id: c.id, reason: 'Paid' }, { token: agent })).data.restriction).toBe('UNRESTRICTED');
    expect((await server.request(customerApi.relax, { id: c.id, reason: 'Paid' }, { token: agent })).code).toBe(7004);
  });

  it('deletes softly: the customer stays readable, old top-ups keep naming it, new ones are refused naming it', async () => {
    const c = await createCustomer(server, agent, { customerNumber: 'C50001' });
    const topUp = (body: Record<string, unknown>) =>
      server.request(
        topUpApi.add,
        { customerId: 'C50001', paidAmount: '5.00', giftAmount: '0', marketingType: 'NONE', ...body },
        { token: agent, lang: 'en' },
      );
    expect((await topUp({})).code).toBe(1);
    const unknown = await topUp({ customerId: 'C59999' });
    expect([unknown.code, unknown.message]).toEqual([7000, 'Customer C59999 does not exist']);
    const removed = await Promise.all([1, 2].map(() => server.request(customerApi.remove, { id: c.id }, { token: agent })));
    expect(removed.map((a) => a.code).sort()).toEqual([1, 7001]);
    expect((await server.request(customerApi.detail, { id: c.id }, { token: agent })).data.deletion).toBe('DELETED');
    const refused = await topUp({});
    expect([refused.code, refused.message]).toEqual([7001, 'Customer C50001 has been deleted']);
    expect((await server.request(topUpApi.search, { customerId: 'C50001' }, { token: agent })).data.total).toBe(1);
  });

  it('audits automatically: a wrong format or another customer’s certificate fails, the rest waits for a person', async () => {
    const submit = (customerId: number, certificateType: 'ID_CARD' | 'PASSPORT', certificateNumber: string) =>
      server.request(identityApi.submit, { customerId, certificateType, certificateNumber }, { token: agent, lang: 'in' });
    const [a, b, d, e] = [
      await createCustomer(server, agent),
      await createCustomer(server, agent),
      await createCustomer(server, agent),
      await createCustomer(server, agent),
    ];
    // NIK: exactly 16 digits; passport: 6 to 9 letters or digits.
    for (const [type, number] of [
      ['ID_CARD', '317410010001000'],
      ['ID_CARD', '31741001000100011'],
      ['PASSPORT', 'AB123'],
      ['PASSPORT', 'AB1234567X'],
    ] as const) {
      const failed = await submit(a.id, type, number);
      expect(failed.data).toMatchObject({
        auditState: 'FAILED',
        auditMode: 'AUTOMATIC',
        auditReason: 'Nomor identitas tidak sesuai format jenisnya',
      });
      expect((await row(a.id)).authStatus).toBe('NOT_CERTIFIED');
    }
    const pending = await submit(a.id, 'ID_CARD', '3174100100010001');
    expect(pending.data).toMatchObject({ auditState: 'PENDING', auditMode: null });
    expect((await row(a.id)).authStatus).toBe('TO_BE_REVIEWED');
    expect((await submit(a.id, 'ID_CARD', '3174100100010001')).code).toBe(7008);
    expect((await submit(b.id, 'PASSPORT', 'AB123456')).data.auditState).toBe('PENDING');
    expect((await submit(d.id, 'PASSPORT', 'X12345678')).data.auditState).toBe('PENDING');

    // Pass a; then the same NIK on another customer fails automatically, naming the holder.
    const passed = await server.request(identityApi.audit, { id: pending.data.id, decision: 'PASSED' }, { token: agent });
    expect(passed.data).toMatchObject({ auditState: 'PASSED', auditMode: 'MANUAL' });
    expect(await row(a.id)).toMatchObject({ authStatus: 'APPROVED', certificateType: 'ID_CARD', certificateNumber: '3174100100010001' });
    const dup = await submit(e.id, 'ID_CARD', '3174100100010001');
    expect(dup.data).toMatchObject({ auditState: 'FAILED', auditReason: `Pelanggan lain memegang identitas ini (${a.customerNumber})` });
    expect((await submit(a.id, 'PASSPORT', 'AB999999')).code).toBe(7009);

    // A failure needs its reason; the customer follows.
    const listed = await server.request(identityApi.search, { customerNumber: b.customerNumber }, { token: agent });
    expect(listed.message).toBe('Success');
    const b1 = (await server.request(identityApi.search, { customerNumber: b.customerNumber }, { token: agent })).data.records[0]!;
    expect((await server.request(identityApi.audit, { id: b1.id, decision: 'FAILED' }, { token: agent, lang: 'th' })).code).toBe(7007);
    expect(
      (await server.request(identityApi.audit, { id: b1.id, decision: 'FAILED', reason: 'Blurred photo' }, { token: agent })).data
        .auditReason,
    ).toBe('Blurred photo');
    expect((await row(b.id)).authStatus).toBe('NOT_CERTIFIED');
    // Another merchant cannot see or decide it.
    const d1 = (await server.request(identityApi.search, { customerNumber: d.customerNumber }, { token: agent })).data.records[0]!;
    expect((await server.request(identityApi.audit, { id: d1.id, decision: 'PASSED' }, { token: rival })).code).toBe(1017);
    expect((await server.request(identityApi.search, { customerNumber: d.customerNumber }, { token: rival })).data.total).toBe(0);
  });

  it('stores identity photos in the customer’s merchant for staff holding the customer edit, never for another tenant’s customer', async () => {
    const upload = (token: string, customerId: string, lang: 'en' | 'th' = 'en') => {
      const { body, headers } = multipart('face.png', 'image/png', PNG, undefined, { customerId });
      return server.call('POST', endpointUrl(identityApi.upload), { token, body, headers, lang });
    };
    const files = async () =>
      (await server.db.select({ id: auditLogs.id }).from(auditLogs).where(eq(auditLogs.action, 'file.upload'))).length;
    const c = await createCustomer(server, agent);
    const theirs = await createCustomer(server, rival);
    // The agent's role holds customers, not merchants: the merchant documents' upload stays closed.
    const closed = multipart('face.png', 'image/png', PNG);
    expect((await server.call('POST', endpointUrl(fileApi.upload), { token: agent, ...closed })).status).toBe(403);
    const own = await upload(agent, String(c.id));
    expect(own.code).toBe(1);
    // Platform staff upload for the agent's customer: the photo is the agent's, so its staff see it.
    const byPlatform = await upload(admin, String(c.id));
    expect(byPlatform.code).toBe(1);
    for (const id of [own.data.id, byPlatform.data.id])
      expect((await server.request(fileApi.download, { id }, { token: agent })).raw.headers['content-type']).toBe('image/png');
    expect((await server.request(fileApi.download, { id: own.data.id }, { token: rival })).code).toBe(1017);
    // Another tenant's customer reads as unknown; a missing or malformed id is refused by name; nothing is stored.
    const before = await files();
    expect((await upload(agent, String(theirs.id))).code).toBe(1017);
    for (const bad of ['', 'abc', '0', '99999999999', '1\u0000'])
      expect((await upload(agent, bad, 'th')).status, bad).toBeGreaterThanOrEqual(400);
    expect(await files()).toBe(before);
    // The photos go with a submission and the review shows them.
    const sent = await server.request(
      identityApi.submit,
      {
        customerId: c.id,
        certificateType: 'PASSPORT',
        certificateNumber: 'PH123456',
        documentFileIds: [own.data.id],
        faceFileId: byPlatform.data.id,
      },
      { token: agent },
    );
    expect(sent.data).toMatchObject({ documentFileIds: [own.data.id], faceFileId: byPlatform.data.id, auditState: 'PENDING' });
    // Another merchant cannot send the agent's photos for its own customer.
    const stolen = await server.request(
      identityApi.submit,
      { customerId: theirs.id, certificateType: 'PASSPORT', certificateNumber: 'PH654321', faceFileId: own.data.id },
      { token: rival },
    );
    expect(stolen.code).not.toBe(1);
  });

  it('lets exactly one of two staff auditing the same submission at once decide', async () => {
    const c = await createCustomer(server, agent);
    const sent = await server.request(
      identityApi.submit,
      { customerId: c.id, certificateType: 'PASSPORT', certificateNumber: 'RACE1234' },
      { token: agent },
    );
    const answers = await Promise.all([
      server.request(identityApi.audit, { id: sent.data.id, decision: 'PASSED' }, { token: agent }),
      server.request(identityApi.audit, { id: sent.data.id, decision: 'FAILED', reason: 'No' }, { token: admin }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([1, 7006]);
    const winner = answers.find((a) => a.code === 1)!.data.auditState;
    const [stored] = await server.db.select().from(identitySubmissions).where(eq(identitySubmissions.id, sent.data.id));
    expect(stored!.auditState).toBe(winner);
    expect((await row(c.id)).authStatus).toBe(winner === 'PASSED' ? 'APPROVED' : 'NOT_CERTIFIED');
  });

  it('exports the caller’s customers only, in words', async () => {
    const csv = await server.call('POST', '/api/oms/customer/export', { token: rival, lang: 'en', body: {} });
    expect(csv.status).toBe(200);
    expect(csv.raw.body).toContain('Customer number');
    expect(csv.raw.body).toContain('Not certified');
    expect(csv.raw.body).not.toContain('Wayan');
  });
});
