import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ANY_BIKE,
  PRICE_SCREEN_CODES,
  CITY_CHOOSING_ORDER_CODES,
  areaApi,
  basePriceApi,
  currencyApi,
  endpointUrl,
  pricingApi,
  type BasePriceAdd,
  type Language,
} from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  createDeviceTypes,
  createMerchant,
  createPlatformAccount,
  createProvinceAndCity,
  createSubAccount,
  MERCHANT_ADMIN_MENUS,
  platformAdmin,
  square,
  succeed,
} from '../../test/factories.js';
import { AppError } from '../../app/errors.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { basePrices } from './price.table.js';
import { findBasePrice } from './index.js';

const AMOUNTS = { price: '0', deposit: '500000', rent: '650000.5', dailyRate: '25000', minDailyRate: '20000' } as const;

describe('base prices', () => {
  let server: TestServer;
  let admin: string;
  let agent: string;
  let agentId: number;
  let rival: string;
  let rivalId: number;
  let rivalName: string;
  let single: number; // one battery compartment
  let dual: number; // two
  let city: number;
  let otherCity: number;
  let provinceId: number;

  const add = (token: string, body: Record<string, unknown>, lang?: Language) =>
    server.call('POST', endpointUrl(basePriceApi.add), { token, body, ...(lang ? { lang } : {}) });
  const lease = (extra: Partial<BasePriceAdd> = {}): BasePriceAdd => ({
    operationType: 'LEASE',
    vehicleTypeId: single,
    batteryCount: 1,
    cityId: city,
    ...AMOUNTS,
    ...extra,
  });
  const count = async () => (await server.db.select({ id: basePrices.id }).from(basePrices)).length;
  const codeOf = async (work: Promise<unknown>) =>
    work.then(
      () => 'found',
      (error: unknown) => (error instanceof AppError ? error.key : String(error)),
    );

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    const types = await createDeviceTypes(server, admin);
    single = types.vehicle1;
    dual = types.vehicle2;
    ({ provinceId, cityId: city } = await createProvinceAndCity(server, admin));
    otherCity = (
      await succeed(
        server,
        areaApi.add,
        { code: 'JK-N', name: 'North Jakarta', type: 'CITY', provinceId, polygon: square(106.5, -6.3, 0.2) },
        admin,
      )
    ).id;
    const menuCodes = ['price.vehicle'];
    const agentMerchant = await createMerchant(server, admin, { menuCodes });
    agent = agentMerchant.admin.token;
    agentId = agentMerchant.id;
    const rivalMerchant = await createMerchant(server, admin, { menuCodes });
    rival = rivalMerchant.admin.token;
    rivalId = rivalMerchant.id;
    rivalName = rivalMerchant.name;
    await succeed(server, currencyApi.edit, { currency: 'THB', merchantId: rivalId }, admin);
  });
  afterAll(() => server.close());

  it('adds a price in the merchant’s currency with exact amounts, audited', async () => {
    const added = await server.request(basePriceApi.add, lease(), { token: agent });
    expect(added.code).toBe(1);
    expect(added.data).toMatchObject({
      merchantId: agentId,
      operationType: 'LEASE',
      vehicleTypeId: single,
      currency: 'IDR',
      price: '0.00',
      rent: '650000.50',
      dailyRate: '25000.00',
    });
    const theirs = await server.request(basePriceApi.add, lease({ rent: '99999999999.99' }), { token: rival });
    expect(theirs.data).toMatchObject({ currency: 'THB', rent: '99999999999.99', merchantId: rivalId });
    const [audit] = await server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'basePrice.add'), eq(auditLogs.objectId, String(added.data.id))));
    expect(audit?.changes).toMatchObject({ merchantId: agentId, rent: '650000.50', operationType: 'LEASE' });
  });

  it('takes amounts at their boundaries: 0 and two decimals; refuses 0.005, negative, huge and a JSON number, changing nothing', async () => {
    const ok = await server.request(basePriceApi.add, lease({ batteryCount: 1, vehicleTypeId: dual, dailyRate: '20000.01' }), {
      token: agent,
    });
    expect(ok.data.dailyRate).toBe('20000.01');
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ deposit: '0.005' }, 'Deposit maksimal dua angka desimal'],
      [{ rent: '-1' }, 'Sewa minimal 0'],
      [{ price: '100000000000' }, 'Harga terlalu besar'],
      [{ price: 12 }, 'Harga'],
      [{ price: '1e5' }, 'Harga'],
      [{ dailyRate: '19999.99' }, 'Tarif harian tidak boleh di bawah minimum'],
    ];
    for (const [change, words] of cases) {
      const refused = await add(agent, { ...lease({ operationType: 'SALE' }), ...change }, 'in');
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.message, JSON.stringify(change)).toContain(words);
    }
    expect(await count()).toBe(before);
  });

  it('allows Any Bike only with LEASE and never more batteries than the vehicle type’s compartments', async () => {
    const anyBike = await server.request(basePriceApi.add, lease({ vehicleTypeId: ANY_BIKE, batteryCount: 2 }), { token: agent });
    expect(anyBike.data).toMatchObject({ vehicleTypeId: ANY_BIKE, vehicleTypeName: null });
    const before = await count();
    const sale = await add(agent, lease({ operationType: 'SALE', vehicleTypeId: ANY_BIKE }), 'en');
    expect(sale.status).toBe(400);
    expect(sale.message).toContain('Any Bike is allowed only with operation type LEASE');
    const over = await add(agent, lease({ operationType: 'SALE', vehicleTypeId: single, batteryCount: 2 }));
    expect([over.status, over.code]).toEqual([400, 3011]);
    expect((await add(agent, lease({ operationType: 'SALE', vehicleTypeId: dual, batteryCount: 3 }))).status).toBe(400);
    expect((await add(agent, lease({ operationType: 'SALE', vehicleTypeId: 999999 }))).status).toBe(404);
    // A province is not a city.
    expect((await add(agent, lease({ operationType: 'SALE', cityId: provinceId }))).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('refuses a second price for the same key, also when two adds race', async () => {
    const again = await add(agent, lease(), 'th');
    expect([again.status, again.code]).toEqual([409, 4004]);
    const racing = await Promise.all([1, 2].map(() => add(agent, lease({ operationType: 'NEW', price: '18500000' }))));
    expect(racing.map((answer) => answer.code).sort()).toEqual([1, 4004]);
    // The same key in another merchant, another city or with another battery count is another price.
    expect((await add(agent, lease({ cityId: otherCity }))).code).toBe(1);
    expect((await add(agent, lease({ vehicleTypeId: dual, batteryCount: 2 }))).code).toBe(1);
  });

  it('makes a platform administrator choose an existing agent', async () => {
    const none = await add(admin, lease({ operationType: 'SALE' }), 'zh');
    expect([none.code, none.message]).toEqual([2007, '平台管理员必须选择代理商']);
    expect((await add(admin, lease({ operationType: 'SALE', merchantId: 999999 }))).code).toBe(2008);
    const chosen = await server.request(basePriceApi.add, lease({ operationType: 'SALE', merchantId: rivalId }), { token: admin });
    expect(chosen.data).toMatchObject({ merchantId: rivalId, currency: 'THB' });
  });

  it('shows, edits and removes only the merchant’s own prices; another’s id answers “does not exist” and stays', async () => {
    const own = (await server.request(basePriceApi.search, {}, { token: agent })).data.records;
    const theirs = (await server.request(basePriceApi.search, {}, { token: rival })).data.records;
    expect(own.every((price) => price.merchantId === agentId)).toBe(true);
    expect(theirs.map((price) => price.merchantId)).toEqual([rivalId, rivalId]);
    const all = (await server.request(basePriceApi.search, { size: 100 }, { token: admin })).data;
    expect(all.total).toBe(own.length + theirs.length);
    const filtered = await server.request(basePriceApi.search, { vehicleTypeId: ANY_BIKE }, { token: admin });
    expect(filtered.data.records.map((price) => price.vehicleTypeId)).toEqual([ANY_BIKE]);
    expect((await server.request(basePriceApi.search, { cityId: otherCity }, { token: admin })).data.total).toBe(1);
    expect((await server.request(basePriceApi.search, { merchantId: rivalId }, { token: admin })).data.total).toBe(2);

    const target = theirs[0]!;
    const edited = await server.call('POST', endpointUrl(basePriceApi.edit), { token: agent, body: { ...lease(), id: target.id } });
    expect([edited.status, edited.code]).toEqual([404, 1017]);
    expect((await server.request(basePriceApi.remove, { id: target.id }, { token: agent })).code).toBe(1017);
    const [kept] = await server.db.select().from(basePrices).where(eq(basePrices.id, target.id));
    expect(kept?.rent).toBe(target.rent);

    const mine = own.find((price) => price.operationType === 'LEASE' && price.vehicleTypeId === single && price.cityId === city)!;
    const changed = await server.request(basePriceApi.edit, { ...lease({ rent: '700000' }), id: mine.id }, { token: agent });
    expect(changed.data.rent).toBe('700000.00');
    // Editing into another price's key is refused like a second add.
    const clash = await server.call('POST', endpointUrl(basePriceApi.edit), {
      token: agent,
      body: { ...lease({ cityId: otherCity }), id: mine.id },
    });
    expect(clash.code).toBe(4004);
    expect((await server.request(basePriceApi.remove, { id: mine.id }, { token: agent })).code).toBe(1);
  });

  it('exports the caller’s own prices as CSV', async () => {
    const csv = await server.call('POST', endpointUrl(basePriceApi.export), { token: rival, body: {}, lang: 'in' });
    const text = csv.raw.body;
    expect(text.split('\n')[0]).toContain('Jenis operasi');
    const rows = text.trim().split('\n').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.includes(rivalName) && row.includes('THB'))).toBe(true);
    expect(text).toContain('99999999999.99');
  });

  it('answers the cities to the staff of any price screen, in one call, and to nobody else', async () => {
    const merchant = await createMerchant(server, admin, {
      menuCodes: [
        ...MERCHANT_ADMIN_MENUS,
        ...PRICE_SCREEN_CODES,
        'order.vehicle',
        'order.battery',
        'customer.list',
        'price.rechargeRecord',
      ],
    });
    for (const code of PRICE_SCREEN_CODES) {
      const staff = await createSubAccount(server, merchant, [code]);
      const cities = await server.request(pricingApi.cities, undefined, { token: staff.token });
      expect(cities.code, code).toBe(1);
      expect(cities.data.map((one) => one.id)).toEqual(expect.arrayContaining([city, otherCity]));
      expect(cities.data.find((one) => one.id === city)).toMatchObject({ name: 'South Jakarta', province: 'Jakarta' });
    }
    // Placing a vehicle or battery order (the menu's Place order button) chooses the city it is priced in.
    for (const menu of ['order.vehicle', 'order.battery']) {
      const clerk = await createSubAccount(server, merchant, [menu]);
      expect(CITY_CHOOSING_ORDER_CODES).toContain(`${menu}.add`);
      expect((await server.request(pricingApi.cities, undefined, { token: clerk.token })).code, menu).toBe(1);
    }
    const platformStaff = await createPlatformAccount(server, admin, ['price.rechargeSetting']);
    expect((await server.request(pricingApi.cities, undefined, { token: platformStaff.token })).code).toBe(1);
    // A menu outside pricing (even a price record menu that offers no city) does not open it.
    const outsider = await createSubAccount(server, merchant, ['customer.list', 'price.rechargeRecord']);
    const refused = await server.call('GET', endpointUrl(pricingApi.cities), { token: outsider.token });
    expect(refused.status).toBe(403);
    expect((await server.call('GET', endpointUrl(pricingApi.cities), {})).status).toBe(401);
  });

  it('looks a price up for an order, and says why there is none', async () => {
    const query = { merchantId: agentId, operationType: 'LEASE', vehicleTypeId: dual, batteryCount: 2, cityId: city };
    expect((await findBasePrice(server.db, query)).rent).toBe('650000.50');
    // A LEASE of a vehicle type without its own price takes the city's Any Bike price.
    const singleTwo = await codeOf(findBasePrice(server.db, { ...query, vehicleTypeId: single, batteryCount: 2 }));
    expect(singleTwo).toBe('noBasePriceFound'); // the type has one compartment
    await succeed(server, basePriceApi.remove, { id: (await findBasePrice(server.db, { ...query, vehicleTypeId: dual })).id }, agent);
    const fallback = await findBasePrice(server.db, query);
    expect(fallback.vehicleTypeId).toBeNull();
    expect(await codeOf(findBasePrice(server.db, { ...query, operationType: 'RENT' }))).toBe('noBasePriceFound');
    expect(await codeOf(findBasePrice(server.db, { ...query, operationType: 'SALE', vehicleTypeId: null }))).toBe('noBasePriceFound');
    expect(await codeOf(findBasePrice(server.db, { ...query, batteryCount: 0 }))).toBe('noBasePriceFound');
    expect(await codeOf(findBasePrice(server.db, { ...query, vehicleTypeId: 999999 }))).toBe('noBasePriceFound');
    expect(await codeOf(findBasePrice(server.db, { ...query, operationType: 'LEASE_TO_OWN' }))).toBe('priceNotConfigured');
    expect(await codeOf(findBasePrice(server.db, { ...query, merchantId: rivalId, cityId: otherCity }))).toBe('noPriceInCity');
  });
});
