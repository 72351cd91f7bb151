import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { batteryApi, distributionApi, endpointUrl, stationApi, vehicleApi, type Language } from '@swap/contracts';
import { MERCHANT_ADMIN_MENUS } from '@swap/contracts/testing';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { exportRows } from '../../test/csv.js';
import {
  createDeviceTypes,
  createDevices,
  createMerchant,
  createSubAccount,
  numbers,
  platformAdmin,
  type MerchantFixture,
} from '../../test/factories.js';
import { batteries } from '../battery/battery.table.js';
import { distributionRecords } from './distribution.table.js';

const MENUS = [...MERCHANT_ADMIN_MENUS, 'allocation.vehicle', 'allocation.battery', 'allocation.cabinet', 'site.store', 'site.cabinet'];

describe('distribution', () => {
  let server: TestServer;
  let admin: string;
  let agent: MerchantFixture;
  let rival: MerchantFixture;
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;
  let swapStation: number;
  let store: number;
  let rivalStation: number;

  const B = distributionApi.battery;
  const call = (token: string, endpoint: { method: 'POST'; path: string }, body: unknown, lang?: Language) =>
    server.call('POST', endpointUrl(endpoint), { token, body, ...(lang ? { lang } : {}) });
  const placeOf = async (list: string[]) =>
    Object.fromEntries(
      (
        await server.db
          .select({
            number: batteries.number,
            merchantId: batteries.merchantId,
            stationId: batteries.stationId,
            status: batteries.distributionStatus,
          })
          .from(batteries)
          .where(inArray(batteries.number, list))
      ).map((row) => [row.number, [row.merchantId, row.stationId, row.status]]),
    );
  const station = async (token: string, type: 'SWAP' | 'INTEGRATED', name: string, merchantId?: number) =>
    (
      await server.request(
        stationApi[type].add,
        {
          name,
          nature: 'SELF_OPERATED',
          address: `${name} street 1`,
          latitude: -6.2,
          longitude: 106.8,
          responsiblePerson: 'Dewi',
          status: 'DEPLOYED',
          ...(merchantId ? { merchantId } : {}),
        },
        { token },
      )
    ).data.id;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    agent = await createMerchant(server, admin, { menuCodes: MENUS });
    rival = await createMerchant(server, admin, { type: 'DIRECT', menuCodes: MENUS });
    types = await createDeviceTypes(server, admin);
    swapStation = await station(agent.admin.token, 'SWAP', 'Kemang');
    store = await station(agent.admin.token, 'INTEGRATED', 'Senayan store');
    rivalStation = await station(rival.admin.token, 'SWAP', 'Sukhumvit');
    await createDevices(server, admin, 'battery', 1000, { typeId: types.battery, prefix: 'PB' });
    await server.request(batteryApi.batchAdd, { typeId: types.battery, numbers: ['PB1001'] }, { token: admin });
    await createDevices(server, admin, 'battery', 3, { typeId: types.battery, prefix: 'RB', merchantId: rival.id });
    await createDevices(server, admin, 'vehicle', 2, { typeId: types.vehicle1, prefix: 'PV' });
    await createDevices(server, admin, 'cabinet', 3, { typeId: types.cabinet, prefix: 'PC' });
  });
  afterAll(() => server.close());

  it('checks a batch of 1,000 first, then distributes it to a merchant and its station in one go, with history', async () => {
    const list = numbers('PB', 1000);
    const body = { numbers: list, merchantId: agent.id, stationId: swapStation, remark: 'Kemang opening' };
    const check = await server.request(B.check, body, { token: admin });
    expect(check.data).toMatchObject({ total: 1000, readyCount: 1000, refusedCount: 0 });
    expect(await server.db.select().from(distributionRecords)).toEqual([]);
    const done = await server.request(B.distribute, body, { token: admin });
    expect(done.data).toEqual({ count: 1000 });
    expect(await placeOf(['PB0001', 'PB1000'])).toEqual({
      PB0001: [agent.id, swapStation, 'ASSIGNED'],
      PB1000: [agent.id, swapStation, 'ASSIGNED'],
    });
    // The merchant now sees them, assigned, in its battery list, and their history.
    const assigned = await server.request(batteryApi.search, { distributionStatus: 'ASSIGNED' }, { token: agent.admin.token });
    expect(assigned.data.total).toBe(1000);
    const history = await server.request(B.search, { number: 'PB0001' }, { token: agent.admin.token });
    expect(history.data.records).toEqual([
      expect.objectContaining({
        action: 'DISTRIBUTE',
        number: 'PB0001',
        fromMerchantName: null,
        toMerchantName: agent.name,
        toStationName: 'Kemang',
        remark: 'Kemang opening',
      }),
    ]);
    // The rival sees none of it.
    expect((await server.request(B.search, {}, { token: rival.admin.token })).data.total).toBe(0);
  });

  it('refuses 1,001 numbers and changes nothing', async () => {
    const refused = await call(admin, B.distribute, { numbers: numbers('PB', 1001), merchantId: agent.id });
    expect(refused).toMatchObject({ status: 400, data: { fields: [{ field: 'numbers' }] } });
    expect(await placeOf(['PB1001'])).toEqual({ PB1001: [null, null, 'UNASSIGNED'] });
  });

  it('answers each refusal in the caller’s language and changes nothing', async () => {
    const agentToken = agent.admin.token;
    // A platform administrator must choose the merchant; merchant staff distribute only to their own.
    expect(await call(admin, B.distribute, { numbers: ['PB1001'] }, 'in')).toMatchObject({
      code: 2007,
      message: 'Admin platform harus memilih agen',
    });
    expect(await call(agentToken, B.distribute, { numbers: ['PB0001'], merchantId: rival.id }, 'th')).toMatchObject({
      code: 4005,
      message: 'การจัดสรรที่ไม่ได้รับอนุญาต',
    });
    // Another merchant's station: "assignment not allowed" to the platform, "does not exist" to a merchant.
    expect(await call(admin, B.distribute, { numbers: ['PB1001'], merchantId: agent.id, stationId: rivalStation })).toMatchObject({
      code: 4002,
    });
    expect(await call(agentToken, B.check, { numbers: ['PB0001'], stationId: rivalStation })).toMatchObject({ code: 1017 });
    // Already assigned: recalled first, never moved silently; the check names the number.
    const repeated = await call(admin, B.distribute, { numbers: ['PB1001', 'PB0002'], merchantId: agent.id }, 'zh');
    expect(repeated).toMatchObject({ code: 4003, message: '重复分配' });
    expect(repeated.data.items).toEqual([
      { number: 'PB1001', status: 'READY', reason: null },
      { number: 'PB0002', status: 'REFUSED', reason: '重复分配' },
    ]);
    // Another merchant's battery goes to a merchant only once recalled; merchant staff do not even see it.
    expect(await call(admin, B.distribute, { numbers: ['RB0001'], merchantId: agent.id })).toMatchObject({ code: 4000 });
    const hidden = await server.request(B.check, { numbers: ['RB0001'] }, { token: agentToken });
    expect(hidden.data.items[0]).toMatchObject({ status: 'REFUSED', reason: 'Battery does not exist' });
    // A scrapped battery, through the product centre's scrap guard.
    await server.request(batteryApi.scrap, { numbers: ['RB0003'], reason: 'Swollen' }, { token: admin });
    expect(await call(admin, B.distribute, { numbers: ['RB0003'], merchantId: rival.id })).toMatchObject({ code: 3010 });
    // Vehicles go to integrated stations; an integrated station takes one cabinet.
    expect(
      await call(admin, distributionApi.vehicle.distribute, { numbers: ['PV0001'], merchantId: agent.id, stationId: swapStation }),
    ).toMatchObject({
      code: 4007,
    });
    expect(
      await call(admin, distributionApi.cabinet.distribute, { numbers: ['PC0001', 'PC0002'], merchantId: agent.id, stationId: store }),
    ).toMatchObject({
      code: 4008,
    });
    expect(await placeOf(['PB1001', 'RB0001'])).toEqual({ PB1001: [null, null, 'UNASSIGNED'], RB0001: [rival.id, null, 'UNASSIGNED'] });
    expect((await server.request(B.search, { number: 'PB1001' }, { token: admin })).data.total).toBe(0);
  });

  it('places vehicles in a store and one cabinet in it; a second cabinet is refused', async () => {
    const vehicle = await server.request(
      distributionApi.vehicle.distribute,
      { numbers: ['PV0001'], merchantId: agent.id, stationId: store },
      { token: admin },
    );
    expect(vehicle.data).toEqual({ count: 1 });
    const listed = await server.request(vehicleApi.search, { distributionStatus: 'ASSIGNED' }, { token: agent.admin.token });
    expect(listed.data.records.map((r) => r.number)).toEqual(['PV0001']);
    const cabinet = distributionApi.cabinet;
    expect(
      (await server.request(cabinet.distribute, { numbers: ['PC0001'], merchantId: agent.id, stationId: store }, { token: admin })).data,
    ).toEqual({
      count: 1,
    });
    expect(await call(admin, cabinet.distribute, { numbers: ['PC0002'], merchantId: agent.id, stationId: store })).toMatchObject({
      code: 4008,
    });
  });

  it('of two racing distributions of the same battery, exactly one succeeds', async () => {
    const other = await station(admin, 'SWAP', 'Blok M', agent.id);
    const [a, b] = await Promise.all([
      call(admin, B.distribute, { numbers: ['PB1001'], merchantId: agent.id, stationId: swapStation }),
      call(admin, B.distribute, { numbers: ['PB1001'], merchantId: agent.id, stationId: other }),
    ]);
    expect([a.code, b.code].sort()).toEqual([1, 4003]);
    expect(
      (
        await server.db
          .select()
          .from(distributionRecords)
          .where(inArray(distributionRecords.deviceNumber, ['PB1001']))
      ).length,
    ).toBe(1);
  });

  it('recalls a scrapped battery from its station but never distributes one', async () => {
    await server.request(batteryApi.scrap, { numbers: ['PB0003'], reason: 'Swollen' }, { token: admin });
    // Scrapped at the station: a cabinet no longer hands it out, and the recall takes it back to stock.
    expect((await server.request(B.recall, { numbers: ['PB0003'], remark: 'For disposal' }, { token: admin })).data).toEqual({ count: 1 });
    expect(await placeOf(['PB0003'])).toEqual({ PB0003: [null, null, 'UNASSIGNED'] });
    const check = await server.request(B.check, { numbers: ['PB0003'], merchantId: agent.id }, { token: admin, lang: 'th' });
    expect(check.data.items).toEqual([{ number: 'PB0003', status: 'REFUSED', reason: 'อุปกรณ์ถูกปลดระวางแล้ว' }]);
    expect(await call(admin, B.distribute, { numbers: ['PB0003'], merchantId: agent.id, stationId: swapStation })).toMatchObject({
      code: 3010,
    });
    expect(await placeOf(['PB0003'])).toEqual({ PB0003: [null, null, 'UNASSIGNED'] });
  });

  it('refuses hostile batches whole: a NUL byte, an over-long number, another tenant’s station or device', async () => {
    const agentToken = agent.admin.token;
    const before = await placeOf(['PB0004', 'PB0005', 'RB0002']);
    const history = (await server.db.select().from(distributionRecords)).length;
    for (const endpoint of [B.check, B.distribute, B.recall]) {
      const to = endpoint === B.recall ? {} : { stationId: swapStation };
      const nul = await call(agentToken, endpoint, { numbers: ['PB0004', 'PB0005\u0000'], ...to }, 'in');
      // The refusal names the number's place in the list.
      expect(nul).toMatchObject({ status: 400, data: { fields: [{ field: 'numbers.1' }] } });
      const long = await call(agentToken, endpoint, { numbers: ['PB0004', 'P'.repeat(65)], ...to });
      expect(long).toMatchObject({ status: 400, data: { fields: [{ field: 'numbers.1' }] } });
      expect(await call(agentToken, endpoint, { numbers: [4, 5] })).toMatchObject({ status: 400 });
    }
    // Another merchant's station, named by id: as if it did not exist, decided before the devices (PB0004
    // stands assigned in the merchant's own station, which would be "repeated allocation").
    for (const endpoint of [B.check, B.distribute]) {
      expect(await call(agentToken, endpoint, { numbers: ['PB0004'], stationId: rivalStation })).toMatchObject({ code: 1017 });
    }
    expect(await call(agentToken, B.distribute, { numbers: ['PB0004'], stationId: swapStation })).toMatchObject({ code: 4003 });
    // Another merchant's battery: it does not exist for this merchant, to distribute or to recall.
    expect(await call(agentToken, B.recall, { numbers: ['RB0002'] })).toMatchObject({ code: 3005, data: { missing: ['RB0002'] } });
    expect(await placeOf(['PB0004', 'PB0005', 'RB0002'])).toEqual(before);
    expect((await server.db.select().from(distributionRecords)).length).toBe(history);
  });

  it('recalls to stock: merchant staff take a battery off its station, platform staff back to platform stock', async () => {
    const agentToken = agent.admin.token;
    expect((await server.request(B.recall, { numbers: ['PB0001'], remark: 'Repair' }, { token: agentToken })).data).toEqual({ count: 1 });
    expect(await placeOf(['PB0001'])).toEqual({ PB0001: [agent.id, null, 'UNASSIGNED'] });
    // Nothing more for the merchant to recall.
    expect(await call(agentToken, B.recall, { numbers: ['PB0001'] })).toMatchObject({ code: 4000, data: { numbers: ['PB0001'] } });
    expect((await server.request(B.recall, { numbers: ['PB0001', 'PB0002'] }, { token: admin })).data).toEqual({ count: 2 });
    expect(await placeOf(['PB0001', 'PB0002'])).toEqual({ PB0001: [null, null, 'UNASSIGNED'], PB0002: [null, null, 'UNASSIGNED'] });
    const history = await server.request(B.search, { number: 'PB0002', action: 'RECALL' }, { token: admin });
    expect(history.data.records).toEqual([
      expect.objectContaining({ fromMerchantName: agent.name, fromStationName: 'Kemang', toMerchantName: null, toStationName: null }),
    ]);
    // The merchant still reads the history of what left it; the export carries it in words of its language.
    const csv = await exportRows(server, B.export, { number: 'PB0002' }, { token: agentToken, lang: 'in' });
    expect(csv.rows.map((row) => [row['Nomor'], row['Aksi'], row['Dari merchant']])).toEqual([
      ['PB0002', 'Ditarik kembali', agent.name],
      ['PB0002', 'Didistribusikan', ''],
    ]);
  });

  it('offers the stations a batch may go to by the distribution permission alone, each caller its own merchant’s', async () => {
    const choices = async (token: string, kind: 'battery' | 'vehicle' | 'cabinet', merchantId?: number) => {
      const answer = await server.call('POST', endpointUrl(distributionApi[kind].stations), {
        token,
        body: merchantId ? { merchantId } : {},
      });
      expect(answer.code).toBe(1);
      return (answer.data as { name: string; type: string }[]).map((station) => `${station.name} ${station.type}`).sort();
    };
    // Staff holding the distribution menus and no station menu: the merchant's stations all the same.
    const staff = await createSubAccount(server, agent, ['allocation.battery', 'allocation.vehicle', 'allocation.cabinet']);
    const own = await choices(staff.token, 'battery');
    expect(own).toEqual(expect.arrayContaining(['Kemang SWAP', 'Senayan store INTEGRATED']));
    expect(own).not.toContain('Sukhumvit SWAP');
    expect(await choices(staff.token, 'vehicle')).toEqual(['Senayan store INTEGRATED']);
    // A cabinet joins a station of a type whose menu the caller holds (docs/stations-and-maps.md).
    expect(await choices(staff.token, 'cabinet')).toEqual([]);
    expect(await choices(agent.admin.token, 'cabinet')).toEqual(own);
    // And the battery goes there.
    await server.request(batteryApi.batchAdd, { typeId: types.battery, numbers: ['SB0001'] }, { token: agent.admin.token });
    expect((await server.request(B.distribute, { numbers: ['SB0001'], stationId: swapStation }, { token: staff.token })).code).toBe(1);
    // Another merchant named by merchant staff changes nothing; platform staff name the merchant, or none for the platform's own.
    expect(await choices(rival.admin.token, 'battery', agent.id)).toEqual(['Sukhumvit SWAP']);
    expect(await choices(admin, 'battery', agent.id)).toEqual(own);
    expect(await choices(admin, 'battery')).toEqual([]);
    // Without the distribution permission: refused.
    const viewer = await createSubAccount(server, agent, ['allocation.battery']);
    const refused = await server.call('POST', endpointUrl(distributionApi.vehicle.stations), { token: viewer.token, body: {} });
    expect(refused.code).not.toBe(1);
    // An options call: the keyword, the limit, a saved id; another tenant's ids answer nothing; bad input is refused.
    const search = (token: string, body: Record<string, unknown>) =>
      server.call('POST', endpointUrl(distributionApi.battery.stations), { token, body });
    const kemang = ((await search(staff.token, { keyword: 'KEM' })).data as { id: number; name: string }[]).map((s) => s.name);
    expect(kemang).toEqual(['Kemang']);
    expect((await search(staff.token, { limit: 1 })).data).toHaveLength(1);
    const [sukhumvit] = (await search(rival.admin.token, { keyword: 'Sukhumvit' })).data as { id: number }[];
    expect((await search(staff.token, { ids: [sukhumvit!.id], keyword: 'Sukhumvit' })).data).toEqual([]);
    for (const body of [{ limit: 0 }, { limit: 201 }, { limit: 'x' }, { keyword: 'k'.repeat(10_000) }, { keyword: 'K\u0000' }])
      expect((await search(staff.token, body)).status, JSON.stringify(body).slice(0, 30)).toBe(400);
  });
});
