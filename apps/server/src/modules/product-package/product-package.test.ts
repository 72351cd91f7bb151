import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  areaApi,
  basePriceApi,
  currencyApi,
  deviceTypeApi,
  merchantApi,
  endpointUrl,
  productPackageApi,
  type BasePriceAdd,
  type Language,
  type ProductPackageAdd,
} from '@swap/contracts';
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
import { productPackages } from './product-package.table.js';

describe('products and packages', () => {
  let server: TestServer;
  let admin: string;
  let agent: MerchantFixture;
  let rival: MerchantFixture;
  let product: ProductPackageAdd;
  let provinceId: number;
  let otherCityId: number;
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;

  const add = (token: string, body: Record<string, unknown>, lang?: Language) =>
    server.call('POST', endpointUrl(productPackageApi.add), { token, body, ...(lang ? { lang } : {}) });
  const names = async (token: string, filter: Record<string, unknown> = {}) =>
    (await server.request(productPackageApi.search, filter, { token })).data.records.map((r) => r.name);
  const rowCount = async () => (await server.db.select({ id: productPackages.id }).from(productPackages)).length;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    const menuCodes = ['price.product'];
    agent = await createMerchant(server, admin, { menuCodes });
    rival = await createMerchant(server, admin, { menuCodes });
    await succeed(server, currencyApi.edit, { currency: 'THB', merchantId: rival.id }, admin);
    types = await createDeviceTypes(server, admin);
    const area = await createProvinceAndCity(server, admin);
    provinceId = area.provinceId;
    otherCityId = (
      await succeed(
        server,
        areaApi.add,
        { code: 'JK-N', name: 'North Jakarta', type: 'CITY', provinceId, polygon: square(106.5, -6.3, 0.2) },
        admin,
      )
    ).id;
    // The base prices products are held to (docs/operation-centre.md, "Products and packages"): the
    // agent's rent 350,000 and minimum daily rate 15,000 for a LEASE, its sale price for a SALE; the
    // rival's lower LEASE price in the same city never counts for the agent.
    const base = (merchantId: number, extra: Partial<BasePriceAdd>) =>
      succeed(
        server,
        basePriceApi.add,
        {
          merchantId,
          operationType: 'LEASE',
          vehicleTypeId: types.vehicle1,
          batteryCount: 1,
          cityId: area.cityId,
          price: '0',
          deposit: '500000',
          rent: '350000',
          dailyRate: '20000',
          minDailyRate: '15000',
          ...extra,
        },
        admin,
      );
    await base(agent.id, {});
    await base(agent.id, { operationType: 'SALE', price: '18500000', rent: '0', dailyRate: '0', minDailyRate: '0' });
    await base(rival.id, { rent: '100', dailyRate: '5', minDailyRate: '5' });
    product = {
      name: 'Daily Rent',
      operationType: 'LEASE',
      vehicleTypeId: types.vehicle1,
      cityId: area.cityId,
      deposit: '500000',
      adminFee: '0',
      pricePerCycle: '350000.5',
      renewalPrice: '330000.00',
      dailyRenewalPrice: '15000',
      cycles: 1,
      batteryCount: 1,
      swapsPerCycle: 60,
      timeLimit: 30,
      timeLimitUnit: 'DAY',
      agreement: 'Keep the vehicle in good order.',
      startAt: '2026-12-01T00:00:00+07:00',
      endAt: '2027-12-01T00:00:00+07:00',
      saleMode: 'RENT_ONLY',
      labels: ['RENT', 'SWAP_COMBO'],
    };
  });
  afterAll(() => server.close());

  it('adds a product for the agent in its currency, exact amounts, audited', async () => {
    const added = await succeed(server, productPackageApi.add, product, agent.admin.token);
    expect(added).toMatchObject({
      merchantId: agent.id,
      merchantName: agent.name,
      currency: 'IDR',
      deposit: '500000.00',
      adminFee: '0.00',
      pricePerCycle: '350000.50',
      vehicleTypeName: 'Scooter',
      cityName: 'South Jakarta',
      startAt: '2026-11-30T17:00:00.000Z',
      labels: ['RENT', 'SWAP_COMBO'],
    });
    const theirs = await succeed(server, productPackageApi.add, { ...product, name: 'Bangkok Rent' }, rival.admin.token);
    expect(theirs.currency).toBe('THB');
    const [audit] = await server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'productPackage.add'), eq(auditLogs.objectId, String(added.id))));
    expect(audit?.changes).toMatchObject({ name: 'Daily Rent', pricePerCycle: '350000.50', startAt: '2026-11-30T17:00:00.000Z' });
  });

  it('makes a platform administrator choose an existing agent, and writes it for that agent', async () => {
    const before = await rowCount();
    const none = await add(admin, product, 'th');
    expect([none.status, none.code, none.message]).toEqual([400, 2007, 'ผู้ดูแลแพลตฟอร์มต้องเลือกตัวแทน']);
    const unknown = await add(admin, { ...product, merchantId: 999_999 });
    expect([unknown.status, unknown.code]).toEqual([404, 2008]);
    expect(await rowCount()).toBe(before);
    const forRival = await succeed(server, productPackageApi.add, { ...product, name: 'Chosen', merchantId: rival.id }, admin);
    expect([forRival.merchantId, forRival.currency]).toEqual([rival.id, 'THB']);
    // A merchant's staff cannot write for another agent: the body's agent is ignored.
    const own = await succeed(server, productPackageApi.add, { ...product, name: 'Mine', merchantId: rival.id }, agent.admin.token);
    expect(own.merchantId).toBe(agent.id);
  });

  it('refuses amounts below 0 or with more than two decimals, in the caller’s language, and writes nothing', async () => {
    const before = await rowCount();
    const cases: [Record<string, unknown>, Language, string][] = [
      [{ deposit: '0.005' }, 'en', 'Deposit may have at most two decimals'],
      [{ pricePerCycle: '-0.01' }, 'in', 'Harga per siklus minimal 0'],
      [{ adminFee: 'abc' }, 'zh', '手续费必须是数字'],
      [{ renewalPrice: '' }, 'en', 'Renewal price is required'],
      [{ dailyRenewalPrice: '1'.repeat(12) }, 'en', 'Daily renewal price is too large'],
      [{ cycles: 0 }, 'en', 'Cycles must be at least 1'],
      [{ swapsPerCycle: 1.5 }, 'en', 'Swaps per cycle must be a whole number'],
      [{ batteryCount: 3 }, 'en', 'Number of batteries is too large'],
    ];
    for (const [change, lang, message] of cases) {
      const answer = await add(agent.admin.token, { ...product, ...change }, lang);
      expect([answer.status, answer.message], JSON.stringify(change)).toEqual([400, message]);
    }
    expect(await rowCount()).toBe(before);
    const edge = await succeed(
      server,
      productPackageApi.add,
      { ...product, name: 'Edge', deposit: '0', adminFee: '0.01' },
      agent.admin.token,
    );
    expect([edge.deposit, edge.adminFee]).toEqual(['0.00', '0.01']);
  });

  it('caps the time limit at 365 days, 12 months or 1 year, and wants the end after the start', async () => {
    for (const [timeLimit, timeLimitUnit] of [
      [365, 'DAY'],
      [12, 'MONTH'],
      [1, 'YEAR'],
    ] as const) {
      const ok = await add(agent.admin.token, { ...product, name: `Limit ${timeLimitUnit}`, timeLimit, timeLimitUnit });
      expect(ok.code, `${timeLimit} ${timeLimitUnit}`).toBe(1);
    }
    const before = await rowCount();
    for (const [timeLimit, timeLimitUnit] of [
      [366, 'DAY'],
      [13, 'MONTH'],
      [2, 'YEAR'],
      [0, 'DAY'],
    ] as const) {
      const refused = await add(agent.admin.token, { ...product, timeLimit, timeLimitUnit });
      expect(refused.status, `${timeLimit} ${timeLimitUnit}`).toBe(400);
    }
    const cap = await add(agent.admin.token, { ...product, timeLimit: 13, timeLimitUnit: 'MONTH' }, 'in');
    expect(cap.message).toBe('Batas waktu tidak boleh melebihi 365 hari, 12 bulan atau 1 tahun');
    const reversed = await add(agent.admin.token, { ...product, endAt: product.startAt });
    expect([reversed.status, reversed.message]).toEqual([400, 'End time must be after the start']);
    expect(await rowCount()).toBe(before);
  });

  it('holds the price per cycle and the daily renewal price to the agent’s own base price, to the cent', async () => {
    const before = await rowCount();
    const atRent = await add(agent.admin.token, { ...product, name: 'At base', pricePerCycle: '350000', dailyRenewalPrice: '15000.00' });
    expect(atRent.code).toBe(1);
    const below = await add(agent.admin.token, { ...product, pricePerCycle: '349999.99' }, 'in');
    expect([below.status, below.code, below.message, below.data]).toEqual([
      400,
      4150,
      'Harga per siklus tidak boleh di bawah harga dasar: minimal 350000.00 IDR',
      { field: 'pricePerCycle' },
    ]);
    const daily = await add(agent.admin.token, { ...product, dailyRenewalPrice: '14999.99' });
    expect([daily.status, daily.code, daily.message]).toEqual([
      400,
      4151,
      "The daily renewal price must not be below the base price's minimum daily rate: at least 15000.00 IDR",
    ]);
    // A sale answers to the base's sale price, not its rent.
    const sale = { ...product, operationType: 'SALE', saleMode: 'SALE_ONLY', dailyRenewalPrice: '0' };
    const cheapSale = await add(agent.admin.token, { ...sale, pricePerCycle: '18499999.99' }, 'th');
    expect([cheapSale.code, cheapSale.message]).toEqual([4150, 'ราคาต่อรอบต้องไม่ต่ำกว่าราคาพื้นฐาน: อย่างน้อย 18500000.00 IDR']);
    expect((await add(agent.admin.token, { ...sale, name: 'Sale at base', pricePerCycle: '18500000' })).code).toBe(1);
    // The rival's rent of 100 in the same city does not let the agent under its own.
    expect((await add(agent.admin.token, { ...product, pricePerCycle: '100' })).code).toBe(4150);
    expect(await rowCount()).toBe(before + 2);
    // An edit is held to the same base.
    const [own] = (await server.request(productPackageApi.search, { name: 'At base' }, { token: agent.admin.token })).data.records;
    const edit = await server.call('POST', endpointUrl(productPackageApi.edit), {
      token: agent.admin.token,
      body: { ...product, id: own!.id, pricePerCycle: '349999.99' },
    });
    expect(edit.code).toBe(4150);
  });

  it('refuses a product without a base price with the look-up’s reason', async () => {
    const before = await rowCount();
    // No price of the agent in the city at all; prices there, not for this operation type.
    const noCity = await add(agent.admin.token, { ...product, cityId: otherCityId }, 'zh');
    expect([noCity.code, noCity.message]).toEqual([4009, '该城市未设置价格']);
    expect((await add(agent.admin.token, { ...product, operationType: 'NEW' })).code).toBe(4001);
    // The rival has no SALE price: the agent's does not serve it.
    expect((await add(rival.admin.token, { ...product, operationType: 'SALE', pricePerCycle: '99999999' })).code).toBe(4001);
    expect(await rowCount()).toBe(before);
  });

  it('wants a vehicle type with room for the batteries and a city', async () => {
    const dual = await add(agent.admin.token, { ...product, batteryCount: 2 }, 'zh');
    expect([dual.status, dual.code]).toEqual([400, 3011]);
    const province = await add(agent.admin.token, { ...product, cityId: provinceId });
    expect(province.status).toBe(400);
    const noType = await add(agent.admin.token, { ...product, vehicleTypeId: 999_999 });
    expect(noType.status).toBe(404);
  });

  it('shows, edits and removes only the caller’s own; another agent’s id answers “does not exist” and stays', async () => {
    expect(await names(rival.admin.token)).toEqual(['Chosen', 'Bangkok Rent']);
    expect(await names(admin, { merchantId: rival.id })).toEqual(['Chosen', 'Bangkok Rent']);
    expect(await names(agent.admin.token, { name: 'daily' })).toEqual(['Daily Rent']);
    const [theirs] = (await server.request(productPackageApi.search, {}, { token: rival.admin.token })).data.records;
    const edit = await server.call('POST', endpointUrl(productPackageApi.edit), {
      token: agent.admin.token,
      body: { ...product, id: theirs!.id, name: 'Taken' },
    });
    expect([edit.status, edit.code]).toEqual([404, 1017]);
    expect((await server.request(productPackageApi.remove, { id: theirs!.id }, { token: agent.admin.token })).code).toBe(1017);
    expect(await names(rival.admin.token)).toContain(theirs!.name);

    const own = (await server.request(productPackageApi.search, { name: 'Daily Rent' }, { token: agent.admin.token })).data.records[0]!;
    const edited = await succeed(server, productPackageApi.edit, { ...product, id: own.id, renewalPrice: '1.1' }, agent.admin.token);
    expect([edited.renewalPrice, edited.merchantId]).toEqual(['1.10', agent.id]);
    expect((await server.request(productPackageApi.remove, { id: own.id }, { token: agent.admin.token })).code).toBe(1);
    expect(await names(agent.admin.token, { name: 'Daily Rent' })).toEqual([]);
  });
  it('keeps an agent, a vehicle type and a city while a base price or a product names them, saying so in the caller’s language', async () => {
    const bare = await createMerchantRecord(server, admin);
    const price = await succeed(
      server,
      basePriceApi.add,
      {
        merchantId: bare.id,
        operationType: 'LEASE',
        vehicleTypeId: types.vehicle2,
        batteryCount: 1,
        cityId: otherCityId,
        price: '0',
        deposit: '0',
        rent: '10',
        dailyRate: '1',
        minDailyRate: '1',
      },
      admin,
    );
    const removals = (lang: Language) =>
      Promise.all([
        server.request(merchantApi.remove, { id: bare.id }, { token: admin, lang }),
        server.request(deviceTypeApi.vehicle.remove, { id: types.vehicle2 }, { token: admin, lang }),
        server.request(areaApi.remove, { id: otherCityId }, { token: admin, lang }),
      ]).then((answers) => answers.map((answer) => [answer.code, answer.message]));
    expect(await removals('en')).toEqual([
      [4152, 'This agent still has base prices, price settings or products: remove them first'],
      [4153, 'Base prices or products use this vehicle type: remove them first'],
      [4154, 'Base prices, price settings or products are set in this city: remove them first'],
    ]);
    // A product alone holds them too (its base price removed after it was saved).
    const theirs = await succeed(
      server,
      productPackageApi.add,
      { ...product, merchantId: bare.id, vehicleTypeId: types.vehicle2, cityId: otherCityId },
      admin,
    );
    expect((await server.request(basePriceApi.remove, { id: price.id }, { token: admin })).code).toBe(1);
    expect((await removals('th')).map(([code]) => code)).toEqual([4152, 4153, 4154]);
    expect((await removals('th'))[2]![1]).toBe('มีราคาพื้นฐาน การตั้งราคา หรือผลิตภัณฑ์ตั้งไว้ในเมืองนี้ ลบออกก่อน');
    expect((await server.request(productPackageApi.remove, { id: theirs.id }, { token: admin })).code).toBe(1);
    expect((await removals('en')).map(([code]) => code)).toEqual([1, 1, 1]);
  });

  it('after the agent’s currency changes, refuses a product against a base price saved in the old currency until that price is saved again', async () => {
    const moved = await createMerchantRecord(server, admin);
    const cityId = product.cityId;
    const fields = {
      operationType: 'LEASE',
      vehicleTypeId: types.vehicle1,
      batteryCount: 1,
      cityId,
      price: '0',
      deposit: '0',
      rent: '350000',
      dailyRate: '1',
      minDailyRate: '1',
    } as const;
    const price = await succeed(server, basePriceApi.add, { ...fields, merchantId: moved.id }, admin);
    expect(price.currency).toBe('IDR');
    await succeed(server, currencyApi.edit, { currency: 'USD', merchantId: moved.id }, admin);
    // 25 dollars would pass 350,000 rupiah compared as bare numbers only by luck: it is never compared.
    const body = { ...product, merchantId: moved.id, pricePerCycle: '25', name: 'Dollar Rent' };
    const refused = await add(admin, body, 'in');
    expect([refused.status, refused.code, refused.message]).toEqual([
      409,
      4352,
      'Harga dasar dalam IDR tetapi agen kini memakai USD: simpan ulang harga dasar dahulu',
    ]);
    expect(refused.data).toMatchObject({ field: 'pricePerCycle' });
    expect(await names(admin, { merchantId: moved.id })).toEqual([]);
    // Saved again, the base price is in dollars and the product is held to it.
    const again = await succeed(server, basePriceApi.edit, { ...fields, id: price.id, rent: '20' }, admin);
    expect(again.currency).toBe('USD');
    const added = await succeed(server, productPackageApi.add, body, admin);
    expect([added.currency, added.pricePerCycle]).toEqual(['USD', '25.00']);
    const below = await add(admin, { ...body, name: 'Cheap Rent', pricePerCycle: '19.99' }, 'en');
    expect([below.code, below.message]).toEqual([4150, 'The price per cycle must not be below the base price: at least 20.00 USD']);
  });
});
