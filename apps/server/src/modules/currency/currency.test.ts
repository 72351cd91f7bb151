import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createAccountWithMenus, merchantIdByName } from '../../test/grant-fixtures.js';
import { auditLogs } from '../audit-log/audit-log.table.js';

const DETAIL = '/api/oms/currency/config/detail';
const EDIT = '/api/oms/currency/config/edit';

describe('currency config', () => {
  let server: TestServer;
  let admin: string;
  let merchant: string;
  let sub: string;
  let demoAgent: number;
  let siam: number;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.login('admin');
    merchant = await server.login('merchant');
    sub = await server.login('subaccount');
    demoAgent = await merchantIdByName(server.db, 'Demo Agent');
    siam = await merchantIdByName(server.db, 'Siam Swap Direct');
  });
  afterAll(() => server.close());

  it('answers the platform default to platform staff and a merchant its own row', async () => {
    const platform = await server.call('GET', DETAIL, { token: admin });
    expect(platform.data).toMatchObject({ currency: 'IDR', merchantId: null });
    expect(platform.data.updatedAt).toMatch(/Z$/);
    expect((await server.call('GET', DETAIL, { token: merchant })).data).toMatchObject({ currency: 'IDR', merchantId: demoAgent });
    // Any signed-in account reads it, even one granted nothing about currencies.
    expect((await server.call('GET', DETAIL, { token: sub })).data).toMatchObject({ merchantId: demoAgent });
  });

  it('falls back to the platform row for a merchant without one; a merchant cannot read another', async () => {
    const siamView = await server.call('GET', DETAIL, { token: admin, query: { merchantId: String(siam) } });
    expect(siamView.data).toMatchObject({ currency: 'IDR', merchantId: null });
    const asMerchant = await server.call('GET', DETAIL, { token: merchant, query: { merchantId: String(siam) } });
    expect(asMerchant.data.merchantId).toBe(demoAgent);
    const unknown = await server.call('GET', DETAIL, { token: admin, query: { merchantId: '999999' } });
    expect(unknown.status).toBe(404);
    expect(unknown.code).toBe(2008);
  });

  it('lets the platform set a merchant currency and the default, audited', async () => {
    const set = await server.call('POST', EDIT, { token: admin, body: { currency: 'THB', merchantId: siam } });
    expect(set.data).toMatchObject({ currency: 'THB', merchantId: siam });
    expect((await server.call('GET', DETAIL, { token: admin, query: { merchantId: String(siam) } })).data.currency).toBe('THB');
    const platform = await server.call('POST', EDIT, { token: admin, body: { currency: 'USD' } });
    expect(platform.data).toMatchObject({ currency: 'USD', merchantId: null });
    expect((await server.call('GET', DETAIL, { token: merchant })).data.currency).toBe('IDR');
    const rows = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'currency.edit'));
    expect(rows.map((row) => [row.objectId, row.changes])).toEqual(
      expect.arrayContaining([
        [String(siam), { currency: [null, 'THB'] }],
        ['platform', { currency: ['IDR', 'USD'] }],
      ]),
    );
    await server.call('POST', EDIT, { token: admin, body: { currency: 'IDR' } });
  });

  it('lets a merchant edit only its own tenant', async () => {
    const own = await server.call('POST', EDIT, { token: merchant, body: { currency: 'MYR' } });
    expect(own.data).toMatchObject({ currency: 'MYR', merchantId: demoAgent });
    const sameByName = await server.call('POST', EDIT, { token: merchant, body: { currency: 'VND', merchantId: demoAgent } });
    expect(sameByName.data.currency).toBe('VND');
    const other = await server.call('POST', EDIT, { token: merchant, body: { currency: 'KES', merchantId: siam } });
    expect(other.code).toBe(2008);
    expect((await server.call('GET', DETAIL, { token: admin, query: { merchantId: String(siam) } })).data.currency).toBe('THB');
  });

  it('refuses the sub-account without the edit code', async () => {
    const answer = await server.call('POST', EDIT, { token: sub, body: { currency: 'USD' }, lang: 'th' });
    expect(answer.status).toBe(403);
    expect(answer.code).toBe(2005);
    expect(answer.message).toBe('บัญชีย่อยนี้ไม่มีสิทธิ์');
  });

  it('refuses a currency outside the list naming the field, and an unknown merchant', async () => {
    const answer = await server.call('POST', EDIT, { token: admin, body: { currency: 'EUR' }, lang: 'in' });
    expect(answer.status).toBe(400);
    expect(answer.data.fields[0].field).toBe('currency');
    expect(answer.message).toBe('Mata uang tidak valid');
    const missing = await server.call('POST', EDIT, { token: admin, body: {} });
    expect(missing.status).toBe(400);
    const unknown = await server.call('POST', EDIT, { token: admin, body: { currency: 'USD', merchantId: 999999 } });
    expect(unknown.code).toBe(2008);
  });

  it('lets another merchant granted the screen set its own currency', async () => {
    await createAccountWithMenus(server.db, {
      username: 'siam-admin',
      merchantId: siam,
      menuCodes: ['system.international.currency'],
      withResources: true,
    });
    const token = await server.login('siam-admin');
    expect((await server.call('GET', DETAIL, { token })).data).toMatchObject({ currency: 'THB', merchantId: siam });
    expect((await server.call('POST', EDIT, { token, body: { currency: 'USD' } })).data).toMatchObject({
      currency: 'USD',
      merchantId: siam,
    });
    expect((await server.call('GET', DETAIL, { token: merchant })).data.merchantId).toBe(demoAgent);
  });
});
