import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batteryApi, deviceLogApi, vehicleApi, endpointUrl, type InputOf, type Language } from '@swap/contracts';
import { desc, eq } from 'drizzle-orm';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { deviceCallers, createDeviceTypes, type DeviceCallers } from '../../test/factories.js';
import { batteries } from '../battery/battery.table.js';
import { vehicles } from './vehicle.table.js';

describe('vehicles and battery binding', () => {
  let server: TestServer;
  let who: DeviceCallers;
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;

  // Most bodies here are hostile or half-filled on purpose, so they go through the untyped caller at the declared path.
  const post = (token: string, name: Exclude<keyof typeof vehicleApi, 'detail'>, body: unknown, lang?: Language) =>
    server.call('POST', endpointUrl(vehicleApi[name]), { token, body, ...(lang ? { lang } : {}) });
  const search = (token: string, body: InputOf<typeof vehicleApi.search>) => server.request(vehicleApi.search, body, { token });
  const detail = (token: string, id: number) => server.request(vehicleApi.detail, { id }, { token });
  const batteryOf = async (number: string) => (await server.db.select().from(batteries).where(eq(batteries.number, number)))[0]!;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    who = await deviceCallers(server);
    types = await createDeviceTypes(server, who.admin);
    const batch = (token: string, list: string[]) =>
      server.request(batteryApi.batchAdd, { typeId: types.battery, numbers: list }, { token });
    await batch(who.merchant, ['AB01', 'AB02', 'AB03', 'AB04', 'AB05']);
    await batch(who.rival, ['SB01']);
    await batch(who.admin, ['PB01']);
  });
  afterAll(() => server.close());

  it('registers a vehicle with every field and its batteries bound both ways', async () => {
    const added = await post(who.merchant, 'add', {
      number: 'VJK0001',
      typeId: types.vehicle2,
      name: 'Moto 1',
      brand: 'Gesits',
      model: 'G1',
      dealerId: who.merchantId,
      motorNumber: 'MT123',
      engineNumber: 'EN456',
      vin: 'mh1ev000000000001',
      saleMode: 'RENT_ONLY',
      battery1Number: 'AB01',
      battery2Number: 'AB02',
    });
    expect(added.code).toBe(1);
    expect(added.data).toMatchObject({
      number: 'VJK0001',
      vin: 'MH1EV000000000001',
      compartmentType: 'Dual 64V',
      batteryCompartments: 2,
      rateCapacity: 60,
      battery1Number: 'AB01',
      battery2Number: 'AB02',
      batteryCapacities: [30, 30],
      saleMode: 'RENT_ONLY',
      saleStatus: 'UNSOLD',
      availability: 'AVAILABLE',
      activationStatus: 'NOT_ACTIVATED',
      accState: 'OFF',
      merchantId: who.merchantId,
      dealerId: who.merchantId,
      dealer: who.fixtures.merchant.name,
    });
    expect((await batteryOf('AB01')).vehicleId).toBe(added.data.id);
    const battery = await server.request(batteryApi.search, { number: 'AB01' }, { token: who.merchant });
    expect(battery.data.records[0]!.vehicleNumber).toBe('VJK0001');
    expect((await server.request(batteryApi.search, { bound: true }, { token: who.merchant })).data.total).toBe(2);
  });

  it('refuses more batteries than the type has compartments', async () => {
    const tooMany = await post(
      who.merchant,
      'add',
      { number: 'VJK0002', typeId: types.vehicle1, battery1Number: 'AB03', battery2Number: 'AB04' },
      'in',
    );
    expect(tooMany).toMatchObject({ status: 400, code: 3011, message: 'Jumlah baterai tidak boleh melebihi jumlah kompartemen kendaraan' });
    expect((await post(who.merchant, 'add', { number: 'VJK0002', typeId: types.vehicle1, battery2Number: 'AB03' })).code).toBe(3011);
    expect(await server.db.select().from(vehicles).where(eq(vehicles.number, 'VJK0002'))).toEqual([]);
    expect((await batteryOf('AB03')).vehicleId).toBeNull();
  });

  it('keeps a battery in one vehicle at a time', async () => {
    const bound = await post(who.merchant, 'add', { number: 'VJK0002', typeId: types.vehicle1, battery1Number: 'AB02' }, 'th');
    expect(bound).toMatchObject({ status: 409, code: 5003, message: 'แบตเตอรี่ถูกผูกไว้แล้ว' });
    const same = await post(who.merchant, 'add', {
      number: 'VJK0002',
      typeId: types.vehicle2,
      battery1Number: 'AB03',
      battery2Number: 'AB03',
    });
    expect(same.data.fields[0].field).toBe('battery2Number');
    expect(await server.db.select().from(vehicles).where(eq(vehicles.number, 'VJK0002'))).toEqual([]);
  });

  it('binds only batteries of the same owner that the caller sees', async () => {
    expect((await post(who.merchant, 'add', { number: 'VJK0002', typeId: types.vehicle1, battery1Number: 'SB01' })).code).toBe(3005);
    expect((await post(who.merchant, 'add', { number: 'VJK0002', typeId: types.vehicle1, battery1Number: 'NOPE' })).code).toBe(3005);
    const platformVehicle = await post(who.admin, 'add', { number: 'VPL0001', typeId: types.vehicle1, battery1Number: 'AB03' });
    expect(platformVehicle.code).toBe(1021);
    expect(platformVehicle.data.fields[0].field).toBe('battery1Number');
    expect(
      (await post(who.admin, 'add', { number: 'VPL0001', typeId: types.vehicle1, battery1Number: 'PB01', vin: 'MLHEV000000000002' })).data
        .battery1Number,
    ).toBe('PB01');
  });

  it('moves, swaps and releases batteries on edit', async () => {
    const vehicle = (await search(who.merchant, { number: 'VJK0001' })).data.records[0]!;
    const base = { id: vehicle.id, typeId: types.vehicle2 };
    const swapped = await post(who.merchant, 'edit', { ...base, battery1Number: 'AB02', battery2Number: 'AB03' });
    expect(swapped.data).toMatchObject({ battery1Number: 'AB02', battery2Number: 'AB03' });
    expect((await batteryOf('AB01')).vehicleId).toBeNull();
    expect((await batteryOf('AB03')).vehicleId).toBe(vehicle.id);
    const narrowed = await post(who.merchant, 'edit', {
      id: vehicle.id,
      typeId: types.vehicle1,
      battery1Number: 'AB02',
      battery2Number: 'AB03',
    });
    expect(narrowed.code).toBe(3011);
    const released = await post(who.merchant, 'edit', { ...base, battery1Number: null });
    expect(released.data).toMatchObject({ battery1Number: null, battery2Number: null, batteryCapacities: [] });
    expect((await batteryOf('AB02')).vehicleId).toBeNull();
    expect((await post(who.rival, 'edit', { ...base, battery1Number: 'SB01' })).code).toBe(3003);
  });

  it('never binds a scrapped battery, and scrapping a bound battery releases it', async () => {
    await server.request(batteryApi.scrap, { numbers: ['AB05'], reason: 'Water damage' }, { token: who.merchant });
    const vehicle = (await search(who.merchant, { number: 'VJK0001' })).data.records[0]!;
    const refused = await post(who.merchant, 'edit', { id: vehicle.id, typeId: types.vehicle2, battery1Number: 'AB05' });
    expect(refused.code).toBe(3010);
    await post(who.merchant, 'edit', { id: vehicle.id, typeId: types.vehicle2, battery1Number: 'AB01' });
    await server.request(batteryApi.scrap, { numbers: ['AB01'], reason: 'Drop test failed' }, { token: who.merchant });
    expect((await detail(who.merchant, vehicle.id)).data.battery1Number).toBeNull();
    expect((await batteryOf('AB01')).vehicleId).toBeNull();
  });

  it('scraps a vehicle, giving its batteries back', async () => {
    const vehicle = (await search(who.merchant, { number: 'VJK0001' })).data.records[0]!;
    await post(who.merchant, 'edit', { id: vehicle.id, typeId: types.vehicle2, battery1Number: 'AB02' });
    const scrapped = await post(who.merchant, 'scrap', { ids: [vehicle.id], reason: 'Accident' });
    expect(scrapped.data.scrapped).toBe(1);
    expect((await batteryOf('AB02')).vehicleId).toBeNull();
    // The battery's log says so, newest first, in the reader's language.
    const log = await server.request(deviceLogApi.battery, { deviceId: (await batteryOf('AB02')).id }, { token: who.merchant, lang: 'in' });
    expect(log.data.records.slice(0, 2).map((r) => r.logText)).toEqual([
      'Dilepas: kendaraan VJK0001 dibuang',
      'Terikat ke kendaraan VJK0001',
    ]);
    expect((await post(who.merchant, 'edit', { id: vehicle.id, typeId: types.vehicle2, battery1Number: 'AB02' })).code).toBe(3010);
  });

  it('searches by VIN, battery number, statuses and owner; hides other tenants', async () => {
    expect((await search(who.admin, { vin: 'mlhev000000000002' })).data.records[0]!.number).toBe('VPL0001');
    // Edit replaces the maintained fields: the edits above sent no VIN, so it was cleared.
    expect((await search(who.admin, { vin: 'MH1EV000000000001' })).data.total).toBe(0);
    expect((await search(who.admin, { batteryNumber: 'PB01' })).data.records[0]!.number).toBe('VPL0001');
    expect((await search(who.admin, { saleMode: 'RENT_OR_SALE', scrapStatus: 'SCRAPPED' })).data.total).toBe(1);
    expect((await search(who.admin, { merchantId: 0 })).data.total).toBe(1);
    expect((await search(who.rival, {})).data.total).toBe(0);
    const platform = (await search(who.admin, { number: 'VPL' })).data.records[0]!;
    expect((await detail(who.merchant, platform.id)).code).toBe(3003);
    expect((await post(who.merchant, 'add', { number: 'VJK0009', typeId: types.vehicle1, vin: 'NOT-A-VIN' })).data.fields[0].field).toBe(
      'vin',
    );
    expect((await post(who.merchant, 'add', { number: 'VJK0009', typeId: types.vehicle1, saleMode: 'SWAP' })).data.fields[0].field).toBe(
      'saleMode',
    );
    const csv = await post(who.admin, 'export', { batteryNumber: 'PB01' });
    expect(csv.raw.body).toContain('VPL0001');
  });

  it('marks vehicles sold and unsold, refusing a scrapped one and one not for sale', async () => {
    const add = async (number: string, saleMode: string) =>
      (await post(who.merchant, 'add', { number, typeId: types.vehicle1, saleMode })).data.id as number;
    const both = await add('VSL0001', 'RENT_OR_SALE');
    const saleOnly = await add('VSL0002', 'SALE_ONLY');
    const rentOnly = await add('VSL0003', 'RENT_ONLY');
    const scrapped = (await search(who.merchant, { number: 'VJK0001' })).data.records[0]!.id;

    expect((await post(who.merchant, 'sale', { ids: [both, saleOnly], saleStatus: 'SOLD' })).data).toEqual({ changed: 2 });
    expect((await detail(who.merchant, both)).data.saleStatus).toBe('SOLD');
    const sold = await search(who.merchant, { number: 'VSL', saleStatus: 'SOLD' });
    expect(sold.data.records.map((r: { number: string }) => r.number).sort()).toEqual(['VSL0001', 'VSL0002']);

    // All or nothing: one rent-only vehicle keeps the whole selection unsold.
    const notForSale = await post(who.merchant, 'sale', { ids: [both, rentOnly], saleStatus: 'SOLD' });
    expect(notForSale).toMatchObject({ status: 409, code: 3013, data: { numbers: ['VSL0003'] } });
    expect((await detail(who.merchant, rentOnly)).data.saleStatus).toBe('UNSOLD');

    const refused = await server.call('POST', endpointUrl(vehicleApi.sale), {
      token: who.merchant,
      body: { ids: [saleOnly, scrapped], saleStatus: 'UNSOLD' },
      lang: 'th',
    });
    expect(refused).toMatchObject({ code: 3010, message: 'อุปกรณ์ถูกปลดระวางแล้ว', data: { numbers: ['VJK0001'] } });
    expect((await detail(who.merchant, saleOnly)).data.saleStatus).toBe('SOLD');

    expect((await post(who.rival, 'sale', { ids: [both], saleStatus: 'UNSOLD' })).code).toBe(3003);
    expect((await post(who.merchant, 'sale', { ids: [], saleStatus: 'SOLD' })).data.fields[0].field).toBe('ids');
    expect((await post(who.merchant, 'sale', { ids: [both], saleStatus: 'GIFTED' })).status).toBe(400);

    expect((await post(who.merchant, 'sale', { ids: [both, rentOnly], saleStatus: 'UNSOLD' })).data).toEqual({ changed: 1 });
    const [entry] = await server.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'vehicle.sale'))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(entry!.changes).toEqual({ saleStatus: 'UNSOLD', numbers: ['VSL0001'] });
  });

  it('names as dealer a merchant the caller may see; another tenant’s or an unknown one is refused (2008), changing nothing', async () => {
    const refused = await post(who.merchant, 'add', { number: 'VDL0001', typeId: types.vehicle2, dealerId: who.rivalId }, 'th');
    expect(refused).toMatchObject({ status: 404, code: 2008, message: 'ไม่พบตัวแทน' });
    expect((await search(who.admin, { number: 'VDL0001' })).data.total).toBe(0);
    const added = await post(who.admin, 'add', {
      number: 'VDL0001',
      typeId: types.vehicle2,
      merchantId: who.merchantId,
      dealerId: who.rivalId,
    });
    expect(added.data).toMatchObject({ dealerId: who.rivalId, dealer: who.fixtures.rival.name });
    const id = added.data.id as number;
    const edit = (body: Record<string, unknown>, lang?: Language) =>
      post(who.merchant, 'edit', { id, typeId: types.vehicle2, ...body }, lang);
    // Unchanged, the dealer another tenant's staff named is not asked again; a change to it is.
    // The merchant's staff may not see the rival: the dealer reads "Another merchant" in their language, never the rival's name.
    expect((await edit({ dealerId: who.rivalId, name: 'Moto D' })).data).toMatchObject({ dealer: 'Another merchant', name: 'Moto D' });
    expect((await edit({ dealerId: 999999, name: 'Moto E' }, 'en')).message).toBe('Agent does not exist');
    expect((await detail(who.merchant, id)).data).toMatchObject({ dealerId: who.rivalId, dealer: 'Another merchant', name: 'Moto D' });
    expect((await post(who.merchant, 'search', { number: 'VDL0001' }, 'zh')).data).toMatchObject({ records: [{ dealer: '其他商户' }] });
    const hiddenCsv = (await post(who.merchant, 'export', { number: 'VDL0001' }, 'th')).raw.body;
    expect(hiddenCsv).toContain('ผู้ค้ารายอื่น');
    expect(hiddenCsv).not.toContain(who.fixtures.rival.name);
    // Platform staff see every merchant: the rival's name.
    expect((await detail(who.admin, id)).data.dealer).toBe(who.fixtures.rival.name);
    // A dealer text written before dealers were merchants is shown, and exported, until a merchant is chosen.
    await server.db.update(vehicles).set({ dealerId: null, dealer: 'Dealer Sunter' }).where(eq(vehicles.id, id));
    expect((await edit({ name: 'Moto F' })).data).toMatchObject({ dealerId: null, dealer: 'Dealer Sunter' });
    expect((await post(who.merchant, 'export', { number: 'VDL0001' }, 'zh')).raw.body).toContain('Dealer Sunter');
    expect((await edit({ dealerId: who.merchantId })).data).toMatchObject({ dealerId: who.merchantId, dealer: who.fixtures.merchant.name });
    const [row] = await server.db.select({ dealer: vehicles.dealer }).from(vehicles).where(eq(vehicles.id, id));
    expect(row!.dealer).toBeNull();
    expect((await search(who.merchant, { number: 'VDL0001' })).data.records[0]).toMatchObject({ dealer: who.fixtures.merchant.name });
    const csv = (await post(who.merchant, 'export', { number: 'VDL0001' }, 'zh')).raw.body;
    expect(csv).toContain('经销商');
    expect(csv).toContain(who.fixtures.merchant.name);
  });
});
