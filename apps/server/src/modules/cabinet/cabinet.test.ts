import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cabinetApi, distributionApi, endpointUrl, stationApi, type InputOf, type Language } from '@swap/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { databaseBefore } from '../../test/migrations.js';
import { numbers, deviceCallers, createAccountWithMenus, createDeviceTypes, type DeviceCallers } from '../../test/factories.js';
import { stations } from '../station/station.table.js';
import { cabinetCompartments, cabinets } from './cabinet.table.js';

describe('cabinets', () => {
  let server: TestServer;
  let who: DeviceCallers;
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;

  // Most bodies here are hostile or half-filled on purpose, so they go through the untyped caller at the declared path.
  const post = (token: string, name: Exclude<keyof typeof cabinetApi, 'detail'>, body: unknown, lang?: Language) =>
    server.call('POST', endpointUrl(cabinetApi[name]), { token, body, ...(lang ? { lang } : {}) });
  const search = (token: string, body: InputOf<typeof cabinetApi.search>) => server.request(cabinetApi.search, body, { token });
  const detail = (token: string, id: number) => server.request(cabinetApi.detail, { id }, { token });

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    who = await deviceCallers(server);
    types = await createDeviceTypes(server, who.admin);
  });
  afterAll(() => server.close());

  it('registers a cabinet with every maintained field and its type’s empty compartments', async () => {
    const added = await post(who.merchant, 'add', {
      number: 'CJK0001',
      typeId: types.cabinet,
      brand: 'Volta',
      model: 'SC4',
      productNumber: 'PN-1',
      networkType: '4G',
      communicationType: 'MQTT',
      factoryDate: '2026-03-15',
      meterCount: 1,
      imei: '869876543210987',
      androidSerialNumber: 'AS0001',
      sellerId: who.merchantId,
      purchaseTime: '2026-04-01T08:00:00Z',
      latitude: -6.26,
      longitude: 106.81,
      location: 'Kemang, Jakarta',
    });
    expect(added.code).toBe(1);
    expect(added.data).toMatchObject({
      number: 'CJK0001',
      compartmentCount: 4,
      chargerTotalPower: 2.4,
      externalMaxPower: 3,
      factoryDate: '2026-03-15',
      purchaseTime: '2026-04-01T08:00:00.000Z',
      supplyStatus: 'NORMAL',
      waterAlarm: false,
      radiatorSetting: 'AUTO',
      merchantId: who.merchantId,
      sellerId: who.merchantId,
      seller: who.fixtures.merchant.name,
    });
    expect(added.data.compartments.map((c: { index: number; state: string; enabled: boolean }) => [c.index, c.state, c.enabled])).toEqual([
      [1, 'EMPTY', true],
      [2, 'EMPTY', true],
      [3, 'EMPTY', true],
      [4, 'EMPTY', true],
    ]);
    expect(added.data.compartments[0]).toMatchObject({
      doorLock: 'LOCKED',
      inPlace: false,
      nfcSwitch: 'ON',
      batteryId: null,
      batteryNumber: null,
    });
  });

  it('validates the fields and refuses numbers taken', async () => {
    expect((await post(who.merchant, 'add', { number: 'CJK0001', typeId: types.cabinet }, 'th')).message).toBe('มีตู้นี้แล้ว');
    expect(
      (await post(who.merchant, 'add', { number: 'CJK0002', typeId: types.cabinet, factoryDate: '15/03/2026' })).data.fields[0].field,
    ).toBe('factoryDate');
    expect((await post(who.merchant, 'add', { number: 'CJK0002', typeId: types.cabinet, networkType: '5G' })).data.fields[0].field).toBe(
      'networkType',
    );
    expect((await post(who.merchant, 'add', { number: 'CJK0002', typeId: types.cabinet, latitude: 91 })).data.fields[0].field).toBe(
      'latitude',
    );
    expect((await post(who.merchant, 'add', { number: 'CJK0002', typeId: types.battery })).code).toBe(3000);
    expect((await post(who.merchant, 'add', { number: 'CJK0002', typeId: types.cabinet, location: 'javascript:alert(1)' })).code).toBe(
      1014,
    );
  });

  it('registers a batch with the compartments of every cabinet in one transaction', async () => {
    const list = numbers('CBK', 250);
    const added = await post(who.admin, 'batchAdd', { typeId: types.cabinet, numbers: list, merchantId: who.rivalId });
    expect(added.data.added).toBe(250);
    const ids = added.data.ids as number[];
    const [slots] = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(cabinetCompartments)
      .where(inArray(cabinetCompartments.cabinetId, ids));
    expect(slots!.n).toBe(1000);
    const check = await post(who.admin, 'batchCheck', { typeId: types.cabinet, numbers: ['CBK0001', 'CBK9999'] });
    expect(check.data.items.map((i: { status: string }) => i.status)).toEqual(['EXISTS', 'NEW']);
  });

  it('edits the maintained fields; type, owner and compartments stay', async () => {
    const [cabinet] = await server.db.select().from(cabinets).where(eq(cabinets.number, 'CJK0001'));
    // The type is fixed once registered: an edit naming it is refused by name and changes nothing.
    const retyped = await post(who.merchant, 'edit', { id: cabinet!.id, location: 'Elsewhere', typeId: types.battery });
    expect(retyped).toMatchObject({ status: 400, code: 1024, message: 'Unknown field: typeId' });
    const edited = await post(who.merchant, 'edit', { id: cabinet!.id, location: 'Tebet', radiatorSetting: 'ON' });
    expect(edited.data).toMatchObject({ location: 'Tebet', radiatorSetting: 'ON', brand: null, typeCode: 'SC4', compartmentCount: 4 });
    expect(edited.data.compartments).toHaveLength(4);
    expect((await post(who.rival, 'edit', { id: cabinet!.id, location: 'Mine' })).code).toBe(3007);
  });

  it('keeps tenants apart and filters by network and owner', async () => {
    const [own] = await server.db.select().from(cabinets).where(eq(cabinets.number, 'CJK0001'));
    expect((await detail(who.rival, own!.id)).code).toBe(3007);
    expect((await detail(who.admin, own!.id)).data.number).toBe('CJK0001');
    expect((await search(who.merchant, {})).data.total).toBe(1);
    expect((await search(who.rival, {})).data).toMatchObject({ total: 250, totalExact: true });
    expect((await search(who.admin, { number: 'CJK', merchantId: who.merchantId })).data.total).toBe(1);
    expect((await search(who.admin, { merchantId: who.rivalId, number: 'CBK01' })).data.total).toBe(100);
    expect((await search(who.admin, { merchantId: 0 })).data.total).toBe(0);
    const csv = await post(who.rival, 'export', { number: 'CBK000' }, 'zh');
    expect(csv.raw.body).toContain('仓位数');
    expect(csv.raw.body.trim().split('\r\n')).toHaveLength(10);
  });

  describe('in stations', () => {
    let placer: string; // the merchant's staff holding both station menus and cabinet distribution
    let swapOnly: string; // the merchant's staff holding the swap stations' menu only
    const place = async (merchantId: number | null, name: string, type: 'SWAP' | 'INTEGRATED') => {
      const [row] = await server.db
        .insert(stations)
        .values({ name, type, merchantId, nature: 'SELF_OPERATED', address: name, responsiblePerson: 'Rina', status: 'DEPLOYED' })
        .returning({ id: stations.id });
      return row!.id;
    };
    const stationOf = async (number: string) =>
      (await server.db.select({ stationId: cabinets.stationId }).from(cabinets).where(eq(cabinets.number, number)))[0]?.stationId;
    const distribute = (token: string, number: string, stationId: unknown, lang?: Language) =>
      server.call('POST', endpointUrl(distributionApi.cabinet.distribute), {
        token,
        body: { numbers: [number], stationId },
        ...(lang ? { lang } : {}),
      });
    const recall = (token: string, number: string) => server.request(distributionApi.cabinet.recall, { numbers: [number] }, { token });
    let swap: number;
    let store: number;
    let rivalSwap: number;
    let platformSwap: number;

    beforeAll(async () => {
      const codes = ['operation.cabinet', 'site.cabinet', 'site.store', 'allocation.cabinet'];
      await createAccountWithMenus(server.db, { username: 'placer', merchantId: who.merchantId, menuCodes: codes, withResources: true });
      await createAccountWithMenus(server.db, {
        username: 'swap_only',
        merchantId: who.merchantId,
        menuCodes: ['operation.cabinet', 'site.cabinet', 'allocation.cabinet'],
        withResources: true,
      });
      placer = await server.login('placer');
      swapOnly = await server.login('swap_only');
      swap = await place(who.merchantId, 'Kemang station', 'SWAP');
      store = await place(who.merchantId, 'Kemang store', 'INTEGRATED');
      rivalSwap = await place(who.rivalId, 'Rival station', 'SWAP');
      platformSwap = await place(null, 'Platform hub', 'SWAP');
    });

    it('takes no station in the form: a cabinet joins one by distribution, and an edit keeps it there', async () => {
      // Each station's cabinet count, as its list and detail show it.
      const counts = async () => [
        (await server.request(stationApi.SWAP.detail, { id: swap }, { token: placer })).data.cabinetCount,
        (await server.request(stationApi.INTEGRATED.detail, { id: store }, { token: placer })).data.cabinetCount,
      ];
      const refused = await post(placer, 'add', { number: 'CST0001', typeId: types.cabinet, stationId: swap });
      expect(refused).toMatchObject({ status: 400, data: { fields: [{ field: 'stationId' }] } });
      expect(await stationOf('CST0001')).toBeUndefined();
      const added = await post(placer, 'add', { number: 'CST0001', typeId: types.cabinet });
      expect(added.data).toMatchObject({ stationId: null, distributionStatus: 'UNASSIGNED' });
      expect((await distribute(placer, 'CST0001', swap)).code).toBe(1);
      expect(await counts()).toEqual([1, 0]);
      expect((await post(placer, 'edit', { id: added.data.id, stationId: store })).data.fields[0].field).toBe('stationId');
      // Moved by a recall, then a distribution.
      await recall(placer, 'CST0001');
      expect((await distribute(placer, 'CST0001', store)).code).toBe(1);
      expect(await counts()).toEqual([0, 1]);
      const detailed = await detail(placer, added.data.id);
      expect(detailed.data).toMatchObject({ stationName: 'Kemang store', stationType: 'INTEGRATED', distributionStatus: 'ASSIGNED' });
      const listed = await search(placer, { stationId: store });
      expect(listed.data.records.map((r) => [r.number, r.stationName])).toEqual([['CST0001', 'Kemang store']]);
      // Editing other fields of a cabinet standing in a station keeps it there.
      expect((await post(placer, 'edit', { id: added.data.id, brand: 'Volta' })).data.stationName).toBe('Kemang store');
      expect(await stationOf('CST0001')).toBe(store);
    });

    it('refuses a station that does not exist, another owner’s and bad ids, changing nothing', async () => {
      await post(placer, 'add', { number: 'CST0002', typeId: types.cabinet });
      expect((await distribute(placer, 'CST0002', 999999, 'in')).message).toBe('Data tidak ditemukan');
      expect((await distribute(placer, 'CST0002', rivalSwap)).code).toBe(1017);
      expect((await distribute(placer, 'CST0002', platformSwap)).code).toBe(1017);
      expect((await distribute(placer, 'CST0002', 'Kemang')).data.fields[0].field).toBe('stationId');
      expect(await stationOf('CST0002')).toBeNull();
      // Platform staff place a merchant's cabinet in that merchant's stations only.
      await post(who.admin, 'add', { number: 'CST0003', typeId: types.cabinet, merchantId: who.merchantId });
      const toMerchant = (stationId: number) =>
        server.call('POST', endpointUrl(distributionApi.cabinet.distribute), {
          token: who.admin,
          body: { numbers: ['CST0003'], merchantId: who.merchantId, stationId },
        });
      expect((await toMerchant(platformSwap)).code).toBe(4002);
      expect((await toMerchant(swap)).code).toBe(1);
      expect(await stationOf('CST0003')).toBe(swap);
    });

    it('takes a cabinet only into a station type the caller manages, and one cabinet into an integrated station', async () => {
      await post(swapOnly, 'add', { number: 'CST0004', typeId: types.cabinet });
      expect((await distribute(swapOnly, 'CST0004', swap)).code).toBe(1);
      await recall(swapOnly, 'CST0004');
      const spare = await place(who.merchantId, 'Tebet store', 'INTEGRATED');
      expect(await distribute(swapOnly, 'CST0004', spare, 'zh')).toMatchObject({ code: 4006, message: '只能分配给换电站' });
      expect(await stationOf('CST0004')).toBeNull();
      // Kemang store already holds CST0001.
      expect((await distribute(placer, 'CST0004', store)).code).toBe(4008);
      expect(await stationOf('CST0004')).toBeNull();
      // A caller without cabinet distribution is refused.
      expect((await distribute(who.merchant, 'CST0004', swap)).code).toBe(2003);
    });

    it('lets one of two cabinets racing into an empty integrated station join it', async () => {
      const empty = await place(who.merchantId, 'Cilandak store', 'INTEGRATED');
      await post(placer, 'add', { number: 'CST0005', typeId: types.cabinet });
      await post(placer, 'add', { number: 'CST0006', typeId: types.cabinet });
      const answers = await Promise.all([distribute(placer, 'CST0005', empty), distribute(placer, 'CST0006', empty)]);
      expect(answers.map((answer) => answer.code).sort()).toEqual([1, 4008]);
      const inside = await server.db.select({ id: cabinets.id }).from(cabinets).where(eq(cabinets.stationId, empty));
      expect(inside).toHaveLength(1);
    });
  });

  it('names as seller a merchant the caller may see; another tenant’s or an unknown one is refused (2008), changing nothing', async () => {
    const rivalName = who.fixtures.rival.name;
    const refused = await post(who.merchant, 'add', { number: 'CSL0001', typeId: types.cabinet, sellerId: who.rivalId }, 'zh');
    expect(refused).toMatchObject({ status: 404, code: 2008, message: '代理商不存在' });
    expect((await search(who.admin, { number: 'CSL0001' })).data.total).toBe(0);
    expect((await post(who.admin, 'add', { number: 'CSL0001', typeId: types.cabinet, sellerId: 999999 }, 'in')).message).toBe(
      'Agen tidak ditemukan',
    );
    // Platform staff name any merchant: here the rival sold the merchant's cabinet.
    const added = await post(who.admin, 'add', {
      number: 'CSL0001',
      typeId: types.cabinet,
      merchantId: who.merchantId,
      sellerId: who.rivalId,
    });
    expect(added.data).toMatchObject({ sellerId: who.rivalId, seller: rivalName });
    const id = added.data.id as number;
    // The merchant's staff edit the cabinet's other fields: the seller already named is not asked again.
    // They may not see the rival: its name is never shown to them, the seller reads "Another merchant" in their language.
    expect((await post(who.merchant, 'edit', { id, sellerId: who.rivalId, location: 'Tebet' })).data).toMatchObject({
      sellerId: who.rivalId,
      seller: 'Another merchant',
      location: 'Tebet',
    });
    expect((await post(who.merchant, 'edit', { id, sellerId: who.rivalId + 1000, location: 'Kemang' }, 'th')).code).toBe(2008);
    expect((await detail(who.merchant, id)).data).toMatchObject({ sellerId: who.rivalId, seller: 'Another merchant', location: 'Tebet' });
    expect((await post(who.merchant, 'search', { number: 'CSL0001' }, 'th')).data).toMatchObject({ records: [{ seller: 'ผู้ค้ารายอื่น' }] });
    const hiddenCsv = await post(who.merchant, 'export', { number: 'CSL0001' }, 'in');
    expect(hiddenCsv.raw.body).toContain('Merchant lain');
    expect(hiddenCsv.raw.body).not.toContain(rivalName);
    // Platform staff see every merchant: the rival's name.
    expect((await detail(who.admin, id)).data.seller).toBe(rivalName);
    expect((await post(who.admin, 'search', { number: 'CSL0001' }, 'zh')).data).toMatchObject({ records: [{ seller: rivalName }] });
    // A seller text written before sellers were merchants is shown until a merchant is chosen.
    await server.db.update(cabinets).set({ sellerId: null, seller: 'Toko Lama' }).where(eq(cabinets.id, id));
    expect((await post(who.merchant, 'edit', { id, location: 'Kemang' })).data).toMatchObject({ sellerId: null, seller: 'Toko Lama' });
    const csvOld = await post(who.merchant, 'export', { number: 'CSL0001' }, 'in');
    expect(csvOld.raw.body).toContain('Penjual');
    expect(csvOld.raw.body).toContain('Toko Lama');
    const own = await post(who.merchant, 'edit', { id, sellerId: who.merchantId, location: 'Kemang' });
    expect(own.data).toMatchObject({ sellerId: who.merchantId, seller: who.fixtures.merchant.name });
    const [row] = await server.db.select({ seller: cabinets.seller }).from(cabinets).where(eq(cabinets.id, id));
    expect(row!.seller).toBeNull();
    expect((await search(who.merchant, { number: 'CSL0001' })).data.records[0]).toMatchObject({ seller: who.fixtures.merchant.name });
    expect((await post(who.merchant, 'export', { number: 'CSL0001' })).raw.body).toContain(who.fixtures.merchant.name);
  });
});

describe('migration 0022: sellers and dealers become merchants', () => {
  it('names the merchant a seller or dealer text matches (trimmed, any case) and keeps any other text', async () => {
    const { db, migrateRest, close } = await databaseBefore('0022');
    try {
      await db.execute(sql`insert into merchant (id, name, type, person_in_charge, contact, office_address) values
        (1, 'Demo Agent', 'AGENT', 'x', 'x', 'x'), (2, 'Siam Swap', 'DIRECT', 'x', 'x', 'x'), (3, 'siam swap', 'DIRECT', 'x', 'x', 'x')`);
      await db.execute(sql`insert into device_type (id, kind, code, name, description) values
        (1, 'cabinet', 'SC', 'SC', ''), (2, 'vehicle', 'EV', 'EV', '')`);
      await db.execute(sql`insert into cabinet (number, type_id, compartment_count, merchant_id, seller) values
        ('C1', 1, 4, 1, ' demo agent '), ('C2', 1, 4, 1, 'PT Volta Energi'), ('C3', 1, 4, null, 'Siam Swap'), ('C4', 1, 4, 2, null)`);
      await db.execute(sql`insert into vehicle (number, type_id, merchant_id, dealer) values
        ('V1', 2, 1, 'Demo Agent'), ('V2', 2, null, 'Dealer Sunter'), ('V3', 2, 2, '')`);
      await migrateRest();
      const sold = await db.execute<{ number: string; seller_id: number | null; seller: string | null }>(
        sql`select number, seller_id, seller from cabinet order by number`,
      );
      // Two merchants bear "Siam Swap" in some case: the text names neither, so it stays.
      expect(sold.rows.map((r) => [r.number, r.seller_id, r.seller])).toEqual([
        ['C1', 1, null],
        ['C2', null, 'PT Volta Energi'],
        ['C3', null, 'Siam Swap'],
        ['C4', null, null],
      ]);
      const dealt = await db.execute<{ number: string; dealer_id: number | null; dealer: string | null }>(
        sql`select number, dealer_id, dealer from vehicle order by number`,
      );
      expect(dealt.rows.map((r) => [r.number, r.dealer_id, r.dealer])).toEqual([
        ['V1', 1, null],
        ['V2', null, 'Dealer Sunter'],
        ['V3', null, ''],
      ]);
    } finally {
      await close();
    }
  });
});
