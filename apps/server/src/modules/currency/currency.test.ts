import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyApi, endpointUrl } from '@swap/contracts';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createMerchant, createSubAccount, platformAdmin, succeed, type MerchantFixture } from '../../test/factories.js';
import { auditLogs } from '../audit-log/audit-log.table.js';

describe('currency config', () => {
  let server: TestServer;
  let admin: string;
  let merchant: string;
  let sub: string;
  let agent: number;
  let siam: number;
  let siamMerchant: MerchantFixture;
  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    // The agent has a currency row of its own; the other merchant has none and may set its own.
    const agentMerchant = await createMerchant(server, admin);
    agent = agentMerchant.id;
    merchant = agentMerchant.admin.token;
    sub = (await createSubAccount(server, agentMerchant, ['operation.battery'])).token;
    await succeed(server, currencyApi.edit, { currency: 'IDR', merchantId: agent }, admin);
    siamMerchant = await createMerchant(server, admin, { menuCodes: ['system.international.currency'] });
    siam = siamMerchant.id;
  });
  afterAll(() => server.close());

  it('answers the platform default to platform staff and a merchant its own row', async () => {
    const platform = await server.request(currencyApi.detail, {}, { token: admin });
    expect(platform.data).toMatchObject({ currency: 'IDR', merchantId: null });
    expect(platform.data.updatedAt).toMatch(/Z$/);
    expect((await server.request(currencyApi.detail, {}, { token: merchant })).data).toMatchObject({
      currency: 'IDR',
      merchantId: agent,
    });
    // Any signed-in account reads it, even one granted nothing about currencies.
    expect((await server.request(currencyApi.detail, {}, { token: sub })).data).toMatchObject({ merchantId: agent });
  });

  it('falls back to the platform row for a merchant without one; a merchant cannot read another', async () => {
    const siamView = await server.request(currencyApi.detail, { merchantId: siam }, { token: admin });
    expect(siamView.data).toMatchObject({ currency: 'IDR', merchantId: null });
    const asMerchant = await server.request(currencyApi.detail, { merchantId: siam }, { token: merchant });
    expect(asMerchant.data.merchantId).toBe(agent);
    const unknown = await server.request(currencyApi.detail, { merchantId: '999999' }, { token: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.code).toBe(2008);
  });

  it('lets the platform set a merchant currency and the default, audited', async () => {
    const set = await server.request(currencyApi.edit, { currency: 'THB', merchantId: siam }, { token: admin });
    expect(set.data).toMatchObject({ currency: 'THB', merchantId: siam });
    expect((await server.request(currencyApi.detail, { merchantId: siam }, { token: admin })).data.currency).toBe('THB');
    const platform = await server.request(currencyApi.edit, { currency: 'USD' }, { token: admin });
    expect(platform.data).toMatchObject({ currency: 'USD', merchantId: null });
    expect((await server.request(currencyApi.detail, {}, { token: merchant })).data.currency).toBe('IDR');
    const rows = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'currency.edit'));
    expect(rows.map((row) => [row.objectId, row.changes])).toEqual(
      expect.arrayContaining([
        [String(siam), { currency: [null, 'THB'] }],
        ['platform', { currency: ['IDR', 'USD'] }],
      ]),
    );
    await server.request(currencyApi.edit, { currency: 'IDR' }, { token: admin });
  });

  it('lets a merchant edit only its own tenant', async () => {
    const own = await server.request(currencyApi.edit, { currency: 'MYR' }, { token: merchant });
    expect(own.data).toMatchObject({ currency: 'MYR', merchantId: agent });
    const sameByName = await server.request(currencyApi.edit, { currency: 'VND', merchantId: agent }, { token: merchant });
    expect(sameByName.data.currency).toBe('VND');
    const other = await server.request(currencyApi.edit, { currency: 'KES', merchantId: siam }, { token: merchant });
    expect(other.code).toBe(2008);
    expect((await server.request(currencyApi.detail, { merchantId: siam }, { token: admin })).data.currency).toBe('THB');
  });

  it('refuses the sub-account without the edit code', async () => {
    const answer = await server.request(currencyApi.edit, { currency: 'USD' }, { token: sub, lang: 'th' });
    expect(answer.status).toBe(403);
    expect(answer.code).toBe(2005);
    expect(answer.message).toBe('บัญชีย่อยนี้ไม่มีสิทธิ์');
  });

  it('refuses a currency outside the list naming the field, and an unknown merchant', async () => {
    const answer = await server.call('POST', endpointUrl(currencyApi.edit), { token: admin, body: { currency: 'EUR' }, lang: 'in' });
    expect(answer.status).toBe(400);
    expect(answer.data.fields[0].field).toBe('currency');
    expect(answer.message).toBe('Mata uang tidak valid');
    const missing = await server.call('POST', endpointUrl(currencyApi.edit), { token: admin, body: {} });
    expect(missing.status).toBe(400);
    const unknown = await server.request(currencyApi.edit, { currency: 'USD', merchantId: 999999 }, { token: admin });
    expect(unknown.code).toBe(2008);
  });

  it('lets another merchant granted the screen set its own currency', async () => {
    const { token } = siamMerchant.admin;
    expect((await server.request(currencyApi.detail, {}, { token })).data).toMatchObject({ currency: 'THB', merchantId: siam });
    expect((await server.request(currencyApi.edit, { currency: 'USD' }, { token })).data).toMatchObject({
      currency: 'USD',
      merchantId: siam,
    });
    expect((await server.request(currencyApi.detail, {}, { token: merchant })).data.merchantId).toBe(agent);
  });
});
