import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl, priceSettingApi, topUpApi, type Language } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createCustomer, createMerchant, createProvinceAndCity, platformAdmin, succeed } from '../../test/factories.js';
import { topUps } from './top-up.table.js';

describe('top-ups: the wallet balance follows each recharge exactly', () => {
  let server: TestServer;
  let admin: string;
  let agent: string;
  let agentId = 0;
  let rival: string;
  let rivalId = 0;

  const add = (token: string, body: Record<string, unknown>, lang?: Language) =>
    server.call('POST', endpointUrl(topUpApi.add), {
      token,
      body: { customerId: 'C40001', paidAmount: '10.00', giftAmount: '0', marketingType: 'NONE', ...body },
      ...(lang ? { lang } : {}),
    });
  const balance = async (token: string, customerId: string, merchantId?: number) =>
    (
      await server.call('GET', endpointUrl(topUpApi.balance), {
        token,
        query: { customerId, ...(merchantId ? { merchantId: String(merchantId) } : {}) },
      })
    ).data;
  const rows = async () => (await server.db.select({ id: topUps.id }).from(topUps)).length;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    const menuCodes = ['price.rechargeRecord', 'customer.list'];
    const agentMerchant = await createMerchant(server, admin, { menuCodes });
    agent = agentMerchant.admin.token;
    agentId = agentMerchant.id;
    const rivalMerchant = await createMerchant(server, admin, { menuCodes });
    rival = rivalMerchant.admin.token;
    rivalId = rivalMerchant.id;
    for (const customerNumber of ['C40001', 'C40002', 'C40003']) await createCustomer(server, agent, { customerNumber });
    await createCustomer(server, rival, { customerNumber: 'C40001' });
  });
  afterAll(() => server.close());

  it('refuses bad amounts in the caller’s language and a top-up of nothing, writing nothing', async () => {
    const bad = await add(agent, { paidAmount: '0.005', giftAmount: '-1', customerId: '' }, 'in');
    expect(bad.status).toBe(400);
    expect([...new Set(bad.data.fields.map((f: { field: string }) => f.field))].sort()).toEqual(['customerId', 'giftAmount', 'paidAmount']);
    expect((await add(agent, { paidAmount: '1e3' })).status).toBe(400);
    expect((await add(agent, { paidAmount: '123456789012.00' })).status).toBe(400);
    expect((await add(agent, { paidAmount: 10 })).status).toBe(400);
    const nothing = await add(agent, { paidAmount: '0', giftAmount: '0.00' }, 'th');
    expect([nothing.code, nothing.message]).toEqual([4305, 'การเติมเงินต้องมากกว่า 0: จำนวนที่ชำระและที่แถมเป็น 0 ทั้งคู่']);
    expect((await add(admin, {})).code).toBe(2007);
    expect(await rows()).toBe(0);
    expect((await balance(agent, 'C40001')).balance).toBe('0.00');
  });

  it('adds paid and gifted amounts to the balance exactly, recording the balance each left', async () => {
    const first = await add(agent, { paidAmount: '0.10', giftAmount: '0.20', marketingType: 'BONUS' });
    expect(first.data).toMatchObject({
      paidAmount: '0.10',
      giftAmount: '0.20',
      balanceAfter: '0.30',
      marketingType: 'BONUS',
      merchantId: agentId,
    });
    const second = await add(agent, { paidAmount: '99999999999.69', giftAmount: '0' });
    expect(second.data.balanceAfter).toBe('99999999999.99');
    // A balance never passes the largest amount: the top-up that would is refused and changes nothing.
    const over = await add(agent, { paidAmount: '0.01' });
    expect(over.status).toBe(400);
    expect((await balance(agent, 'C40001')).balance).toBe('99999999999.99');
    expect(await rows()).toBe(2);
  });

  it('counts every one of parallel top-ups of one customer once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => add(agent, { customerId: 'C40002', paidAmount: '1.10', giftAmount: '0.05' })),
    );
    expect(answers.every((a) => a.code === 1)).toBe(true);
    expect((await balance(agent, 'C40002')).balance).toBe('23.00');
    const after = answers.map((a) => a.data.balanceAfter as string).sort((a, b) => Number(a) - Number(b));
    expect(after).toEqual(Array.from({ length: 20 }, (_, i) => (1.15 * (i + 1)).toFixed(2)));
  });

  it('keeps each merchant to its own wallets and records', async () => {
    await add(rival, { customerId: 'C40001', paidAmount: '5.00' });
    expect((await balance(rival, 'C40001')).balance).toBe('5.00');
    expect((await balance(agent, 'C40001')).balance).toBe('99999999999.99');
    const own = (await server.request(topUpApi.search, { customerId: 'C40001' }, { token: rival })).data;
    expect(own.records.map((r) => r.paidAmount)).toEqual(['5.00']);
    expect((await server.request(topUpApi.search, {}, { token: agent })).data.total).toBe(22);
    // Platform staff top up for the merchant they name, and read its balance.
    expect((await add(admin, { merchantId: agentId, customerId: 'C40003', paidAmount: '2.50' })).data.balanceAfter).toBe('2.50');
    expect((await balance(admin, 'C40003', agentId)).balance).toBe('2.50');
    expect((await balance(rival, 'C40003')).balance).toBe('0.00');
  });

  it('offers the merchant’s enabled top-up offers and records a top-up made with one as the offer says', async () => {
    const { cityId } = await createProvinceAndCity(server, admin);
    const offer = (merchantId: number, paidAmount: string, giftAmount: string, enabled = true) =>
      succeed(
        server,
        priceSettingApi.rechargeSetting.add,
        { merchantId, cityId, enabled, paidAmount, giftAmount, marketingType: 'BONUS' },
        admin,
      );
    const bonus = await offer(agentId, '200', '20');
    const small = await offer(agentId, '50', '0');
    const off = await offer(agentId, '500', '75', false);
    const theirs = await offer(rivalId, '300', '30');
    const offers = async (token: string, merchantId?: number) =>
      server.call('GET', endpointUrl(topUpApi.offers), { token, query: merchantId ? { merchantId: String(merchantId) } : {} });

    // The merchant's enabled offers only, smallest first; platform staff name the merchant.
    const own = await offers(agent);
    expect(own.data.map((o: { id: number; paidAmount: string; giftAmount: string }) => [o.id, o.paidAmount, o.giftAmount])).toEqual([
      [small.id, '50.00', '0.00'],
      [bonus.id, '200.00', '20.00'],
    ]);
    expect(own.data[0]).toMatchObject({ cityName: 'South Jakarta', currency: 'IDR', marketingType: 'BONUS' });
    expect((await offers(admin)).code).toBe(2007);
    expect((await offers(admin, rivalId)).data.map((o: { id: number }) => o.id)).toEqual([theirs.id]);
    expect((await offers(rival, agentId)).data.map((o: { id: number }) => o.id)).toEqual([theirs.id]);

    const before = await rows();
    const made = await add(agent, {
      customerId: 'C40003',
      offerId: bonus.id,
      paidAmount: '200',
      giftAmount: '20.00',
      marketingType: 'BONUS',
    });
    expect(made.data).toMatchObject({ paidAmount: '200.00', giftAmount: '20.00', marketingType: 'BONUS', balanceAfter: '222.50' });

    // A disabled offer, another agent's, an unknown one, or amounts other than the offer's: refused, nothing written.
    const disabled = await add(
      agent,
      { customerId: 'C40003', offerId: off.id, paidAmount: '500', giftAmount: '75', marketingType: 'BONUS' },
      'th',
    );
    expect([disabled.code, disabled.message]).toEqual([4350, 'ข้อเสนอการเติมเงินนี้ใช้ไม่ได้: ถูกปิดใช้งานหรือเป็นของตัวแทนอื่น']);
    const foreign = await add(agent, {
      customerId: 'C40003',
      offerId: theirs.id,
      paidAmount: '300',
      giftAmount: '30',
      marketingType: 'BONUS',
    });
    expect([foreign.status, foreign.code, foreign.data]).toEqual([400, 4350, { field: 'offerId' }]);
    expect((await add(agent, { customerId: 'C40003', offerId: 2_147_483_647, paidAmount: '1', giftAmount: '0' })).code).toBe(4350);
    const other = await add(
      agent,
      { customerId: 'C40003', offerId: bonus.id, paidAmount: '200', giftAmount: '40', marketingType: 'BONUS' },
      'en',
    );
    expect([other.code, other.message]).toEqual([
      4351,
      "A top-up made with an offer takes the offer's amounts and marketing type: paid 200.00 IDR, gifted 20.00 IDR",
    ]);
    expect(
      (await add(agent, { customerId: 'C40003', offerId: bonus.id, paidAmount: '200', giftAmount: '20', marketingType: 'NONE' })).code,
    ).toBe(4351);
    expect((await add(agent, { offerId: 'x' })).status).toBe(400);
    expect(await rows()).toBe(before + 1);
    expect((await balance(agent, 'C40003')).balance).toBe('222.50');
  });
});
