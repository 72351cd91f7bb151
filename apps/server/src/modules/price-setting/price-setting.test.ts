import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  areaApi,
  currencyApi,
  deviceTypeApi,
  endpointUrl,
  merchantApi,
  priceSettingApi,
  type Language,
  type PriceSettingKind,
} from '@swap/contracts';
import { DEVICE_TYPE_SAMPLES } from '@swap/contracts/testing';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  createDeviceTypes,
  createMerchant,
  createMerchantRecord,
  createProvinceAndCity,
  platformAdmin,
  square,
  succeed,
  type MerchantFixture,
} from '../../test/factories.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { batteryPrices, consumerPrices, packagePrices, rechargeSettings } from './price-setting.table.js';

const TABLES = { battery: batteryPrices, consumer: consumerPrices, package: packagePrices, rechargeSetting: rechargeSettings };

describe('price settings: battery, consumer and package prices, top-up offers', () => {
  let server: TestServer;
  let admin: string;
  let agent: MerchantFixture;
  let rival: MerchantFixture;
  let provinceId: number;
  let otherCityId: number;
  /** A valid body of each kind; `amount` is the money field the boundary cases try. */
  let bodies: Record<PriceSettingKind, { body: Record<string, unknown>; amount: string; label: string }>;

  const add = (kind: PriceSettingKind, token: string, body: Record<string, unknown>, lang?: Language) =>
    server.call('POST', endpointUrl(priceSettingApi[kind].add), { token, body, ...(lang ? { lang } : {}) });
  type Saved = Record<string, unknown> & { id: number; merchantId: number; currency: string; enabled: boolean };
  const save = (kind: PriceSettingKind, action: 'add' | 'edit', body: Record<string, unknown>, token: string) =>
    succeed(server, priceSettingApi[kind][action] as typeof priceSettingApi.consumer.add, body as never, token) as Promise<Saved>;
  const rows = async (kind: PriceSettingKind) => (await server.db.select({ id: TABLES[kind].id }).from(TABLES[kind])).length;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    const menuCodes = ['price.battery', 'price.consumer', 'price.package', 'price.rechargeSetting'];
    agent = await createMerchant(server, admin, { menuCodes });
    rival = await createMerchant(server, admin, { menuCodes });
    await succeed(server, currencyApi.edit, { currency: 'THB', merchantId: rival.id }, admin);
    const types = await createDeviceTypes(server, admin);
    const area = await createProvinceAndCity(server, admin);
    provinceId = area.provinceId;
    const north = { code: 'JK-N', name: 'North Jakarta', type: 'CITY', provinceId, polygon: square(106.6, -6.6, 0.2) } as const;
    otherCityId = (await succeed(server, areaApi.add, north, admin)).id;
    const cityId = area.cityId;
    bodies = {
      battery: {
        body: { cityId, enabled: true, batteryTypeId: types.battery, deposit: '300000', rentPerCycle: '150000.5', cycleDays: 30 },
        amount: 'rentPerCycle',
        label: 'Rent per cycle',
      },
      consumer: { body: { cityId, enabled: true, billingMode: 'PER_SWAP', unitPrice: '12000' }, amount: 'unitPrice', label: 'Unit price' },
      package: {
        body: { cityId, enabled: true, name: 'Commuter 30', swaps: 30, price: '300000', validityDays: 30 },
        amount: 'price',
        label: 'Price',
      },
      rechargeSetting: {
        body: { cityId, enabled: true, paidAmount: '100000', giftAmount: '10000', marketingType: 'BONUS' },
        amount: 'giftAmount',
        label: 'Gifted amount',
      },
    };
  });
  afterAll(() => server.close());

  it('adds each kind for the caller’s agent, in its currency, amounts exact, audited', async () => {
    const battery = await save('battery', 'add', bodies.battery.body, agent.admin.token);
    expect(battery).toMatchObject({
      merchantId: agent.id,
      merchantName: agent.name,
      cityName: 'South Jakarta',
      currency: 'IDR',
      deposit: '300000.00',
      rentPerCycle: '150000.50',
      batteryTypeName: expect.any(String),
      enabled: true,
    });
    for (const kind of ['consumer', 'package', 'rechargeSetting'] as const) {
      const added = await save(kind, 'add', bodies[kind].body, rival.admin.token);
      expect([added.merchantId, added.currency], kind).toEqual([rival.id, 'THB']);
    }
    const [audit] = await server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'batteryPrice.add'), eq(auditLogs.objectId, String(battery.id))));
    expect(audit?.changes).toMatchObject({ rentPerCycle: '150000.50', cycleDays: 30 });
  });

  it('takes amounts of 0 and 0.01, refuses 0.005, negatives and past the maximum in the caller’s language, writing nothing', async () => {
    for (const kind of ['battery', 'consumer', 'package', 'rechargeSetting'] as const) {
      const { body, amount, label } = bodies[kind];
      const before = await rows(kind);
      const cases: [string, Language, string][] = [
        ['0.005', 'en', `${label} may have at most two decimals`],
        ['-0.01', 'en', `${label} must be at least 0`],
        ['100000000000', 'en', `${label} is too large`],
        ['12,5', 'en', `${label} must be a number`],
      ];
      for (const [value, lang, message] of cases) {
        const answer = await add(kind, agent.admin.token, { ...body, [amount]: value }, lang);
        expect([answer.status, answer.message], `${kind} ${value}`).toEqual([400, message]);
      }
      expect(await rows(kind), kind).toBe(before);
      // In another city, so the kind's unique key does not refuse it.
      const cityId = otherCityId;
      const zero = await save(kind, 'add', { ...body, cityId, [amount]: '0' }, agent.admin.token);
      expect(zero[amount], kind).toBe('0.00');
      const cent = await save(kind, 'edit', { ...body, id: zero.id, cityId, [amount]: '0.01' }, agent.admin.token);
      expect(cent[amount], kind).toBe('0.01');
      const most = await save(kind, 'edit', { ...body, id: zero.id, cityId, [amount]: '99999999999.99' }, agent.admin.token);
      expect(most[amount], kind).toBe('99999999999.99');
    }
  });

  it('wants a top-up offer’s paid amount above 0, whole days of 1 to 365, a battery type and a city', async () => {
    const paid = await add('rechargeSetting', agent.admin.token, { ...bodies.rechargeSetting.body, paidAmount: '0' }, 'th');
    expect([paid.status, paid.message]).toEqual([400, 'จำนวนที่ชำระต้องมากกว่า 0']);
    const cent = await add('rechargeSetting', agent.admin.token, { ...bodies.rechargeSetting.body, paidAmount: '0.01' });
    expect(cent.code).toBe(1);
    const year = await add('package', agent.admin.token, { ...bodies.package.body, name: 'Year', validityDays: 365 });
    expect(year.code).toBe(1);
    const before = await rows('package');
    const long = await add('package', agent.admin.token, { ...bodies.package.body, name: 'Long', validityDays: 366 }, 'in');
    expect([long.status, long.message]).toEqual([400, 'Berlaku (hari) tidak boleh melebihi 365 hari']);
    const none = await add('package', agent.admin.token, { ...bodies.package.body, name: 'None', swaps: 0 });
    expect([none.status, none.message]).toEqual([400, 'Swaps must be at least 1']);
    const cycle = await add('battery', agent.admin.token, { ...bodies.battery.body, cycleDays: 0.5 });
    expect([cycle.status, cycle.message]).toEqual([400, 'Cycle (days) must be a whole number']);
    expect(await rows('package')).toBe(before);
    const noType = await add('battery', agent.admin.token, { ...bodies.battery.body, batteryTypeId: 999_999 });
    expect(noType.status).toBe(404);
    const province = await add('consumer', agent.admin.token, { ...bodies.consumer.body, cityId: provinceId, billingMode: 'PER_KWH' });
    expect(province.status).toBe(400);
  });

  it('makes a platform administrator choose an existing agent', async () => {
    const before = await rows('consumer');
    const none = await add('consumer', admin, { ...bodies.consumer.body, billingMode: 'PER_KWH' }, 'zh');
    expect([none.status, none.code]).toEqual([400, 2007]);
    const unknown = await add('consumer', admin, { ...bodies.consumer.body, merchantId: 999_999 });
    expect([unknown.status, unknown.code]).toEqual([404, 2008]);
    expect(await rows('consumer')).toBe(before);
    const chosen = await save('consumer', 'add', { ...bodies.consumer.body, billingMode: 'PER_KWH', merchantId: rival.id }, admin);
    expect([chosen.merchantId, chosen.currency]).toEqual([rival.id, 'THB']);
  });

  it('keeps one setting per agent, city and key, also when two saves race', async () => {
    // The rival agent has this package already: the key is each agent's own.
    expect((await add('package', agent.admin.token, bodies.package.body)).code).toBe(1);
    const again = await add('package', agent.admin.token, bodies.package.body, 'in');
    expect([again.status, again.code, again.message]).toEqual([409, 4004, 'Pengaturan harga sudah ada']);
    const race = { ...bodies.rechargeSetting.body, paidAmount: '250000' };
    const answers = await Promise.all([1, 2, 3].map(() => add('rechargeSetting', agent.admin.token, race)));
    expect(answers.map((a) => a.code).sort()).toEqual([1, 4004, 4004]);
  });

  it('shows, edits and removes only the caller’s own; another agent’s id answers “does not exist” and stays', async () => {
    const theirs = (await server.request(priceSettingApi.consumer.search, {}, { token: rival.admin.token })).data.records;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((r) => r.merchantId === rival.id)).toBe(true);
    const target = theirs[0]!;
    const edit = await server.call('POST', endpointUrl(priceSettingApi.consumer.edit), {
      token: agent.admin.token,
      body: { ...bodies.consumer.body, id: target.id, unitPrice: '1' },
    });
    expect([edit.status, edit.code]).toEqual([404, 1017]);
    expect((await server.request(priceSettingApi.consumer.remove, { id: target.id }, { token: agent.admin.token })).code).toBe(1017);
    const still = (await server.request(priceSettingApi.consumer.search, {}, { token: rival.admin.token })).data.records;
    expect(still.find((r) => r.id === target.id)?.unitPrice).toBe(target.unitPrice);

    const own = (await server.request(priceSettingApi.battery.search, {}, { token: agent.admin.token })).data.records[0]!;
    const off = await save(
      'battery',
      'edit',
      { ...bodies.battery.body, id: own.id, cityId: own.cityId, enabled: false },
      agent.admin.token,
    );
    expect([off.enabled, off.merchantId]).toEqual([false, agent.id]);
    const disabled = await server.request(priceSettingApi.battery.search, { enabled: false }, { token: agent.admin.token });
    expect(disabled.data.records.map((r) => r.id)).toEqual([own.id]);
    expect((await server.request(priceSettingApi.battery.remove, { id: own.id }, { token: agent.admin.token })).code).toBe(1);
    const platform = await server.request(priceSettingApi.package.search, { merchantId: rival.id }, { token: admin });
    expect(platform.data.records.every((r) => r.merchantName === rival.name)).toBe(true);
  });

  it('keeps the agent, city and battery type a setting names: removing them is refused in the caller’s language, nothing removed', async () => {
    const bare = await createMerchantRecord(server, admin);
    const west = { code: 'JK-W', name: 'West Jakarta', type: 'CITY', provinceId, polygon: square(106.4, -6.6, 0.2) } as const;
    const cityId = (await succeed(server, areaApi.add, west, admin)).id;
    const packType = await succeed(
      server,
      deviceTypeApi.battery.add,
      { ...DEVICE_TYPE_SAMPLES.battery, code: 'PSREMOVE', name: 'Pack to remove' },
      admin,
    );
    const removals = (lang: Language) =>
      Promise.all([
        server.request(merchantApi.remove, { id: bare.id }, { token: admin, lang }),
        server.request(areaApi.remove, { id: cityId }, { token: admin, lang }),
        server.request(deviceTypeApi.battery.remove, { id: packType.id }, { token: admin, lang }),
      ]).then((answers) => answers.map((answer) => [answer.code, answer.message]));

    // A top-up offer alone holds its agent and its city.
    const offer = await save('rechargeSetting', 'add', { ...bodies.rechargeSetting.body, merchantId: bare.id, cityId }, admin);
    const [merchant, city, type] = await removals('en');
    expect(merchant).toEqual([4152, 'This agent still has base prices, price settings or products: remove them first']);
    expect(city).toEqual([4154, 'Base prices, price settings or products are set in this city: remove them first']);
    expect(type![0]).toBe(1);
    const pack2 = await succeed(
      server,
      deviceTypeApi.battery.add,
      { ...DEVICE_TYPE_SAMPLES.battery, code: 'PSREMOVE2', name: 'Pack kept' },
      admin,
    );
    expect((await server.request(priceSettingApi.rechargeSetting.remove, { id: offer.id }, { token: admin })).code).toBe(1);

    // A battery price holds its battery type too, in every language.
    const battery = await save('battery', 'add', { ...bodies.battery.body, merchantId: bare.id, cityId, batteryTypeId: pack2.id }, admin);
    const thai = await Promise.all([
      server.request(deviceTypeApi.battery.remove, { id: pack2.id }, { token: admin, lang: 'th' }),
      server.request(deviceTypeApi.battery.remove, { id: pack2.id }, { token: admin, lang: 'zh' }),
      server.request(merchantApi.remove, { id: bare.id }, { token: admin, lang: 'in' }),
    ]);
    expect(thai.map((answer) => [answer.code, answer.message])).toEqual([
      [4353, 'ราคาแบตเตอรี่ใช้ประเภทแบตเตอรี่นี้อยู่ ลบออกก่อน'],
      [4353, '有电池价格使用此电池类型：请先删除'],
      [4152, 'Agen ini masih memiliki harga dasar, pengaturan harga atau produk: hapus dahulu'],
    ]);
    const kept = await server.request(priceSettingApi.battery.search, { merchantId: bare.id }, { token: admin });
    expect(kept.data.records.map((r) => [r.id, r.batteryTypeName, r.cityName])).toEqual([[battery.id, 'Pack kept', 'West Jakarta']]);

    // Once the settings are gone, each goes.
    expect((await server.request(priceSettingApi.battery.remove, { id: battery.id }, { token: admin })).code).toBe(1);
    expect((await server.request(deviceTypeApi.battery.remove, { id: pack2.id }, { token: admin })).code).toBe(1);
    // The battery type was removed above: it now answers "type does not exist".
    expect((await removals('en')).map(([code]) => code)).toEqual([1, 1, 3000]);
  });
});
