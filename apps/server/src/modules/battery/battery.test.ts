import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batteryApi, endpointUrl, type InputOf, type Language } from '@swap/contracts';
import { eq, like, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { numbers, deviceCallers, createDeviceTypes, type DeviceCallers } from '../../test/factories.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { batteries } from './battery.table.js';

describe('batteries', () => {
  let server: TestServer;
  let who: DeviceCallers;
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;

  // Most bodies here are hostile or half-filled on purpose, so they go through the untyped caller at the declared path.
  const post = (token: string, name: Exclude<keyof typeof batteryApi, 'detail'>, body: unknown, lang?: Language) =>
    server.call('POST', endpointUrl(batteryApi[name]), { token, body, ...(lang ? { lang } : {}) });
  const search = (token: string, body: InputOf<typeof batteryApi.search>) => server.request(batteryApi.search, body, { token });
  const detail = (token: string, id: number) => server.request(batteryApi.detail, { id }, { token });
  const count = async (prefix: string) =>
    (
      await server.db
        .select({ n: sql<number>`count(*)::int` })
        .from(batteries)
        .where(like(batteries.number, `${prefix}%`))
    )[0]!.n;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    who = await deviceCallers(server);
    types = await createDeviceTypes(server, who.admin);
  });
  afterAll(() => server.close());

  describe('add, detail and edit', () => {
    it('registers a battery with the type specification, in stock and normal', async () => {
      const added = await post(who.admin, 'add', { number: 'BAT0001', typeId: types.battery, brand: 'CATL', imei: '861234567890123' });
      expect(added.code).toBe(1);
      expect(added.data).toMatchObject({
        number: 'BAT0001',
        typeCode: 'LFP6430',
        ratedVoltage: 64,
        cellCount: 20,
        structure: 'LFP',
        weight: 12.5,
        stockStatus: 'INSTOCK',
        scrapStatus: 'NORMAL',
        chargeSwitch: 'ALLOWED',
        cellVoltages: [],
        merchantId: null,
        vehicleId: null,
      });
      expect((await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'battery.add'))).length).toBe(1);
    });

    it('refuses a number taken, a bad number, an unknown or other-kind type, a bad IMEI and scripts', async () => {
      const taken = await post(who.admin, 'add', { number: 'BAT0001', typeId: types.battery }, 'in');
      expect(taken).toMatchObject({ status: 409, code: 3004, message: 'Baterai sudah ada' });
      expect((await post(who.admin, 'add', { number: 'BAT 02', typeId: types.battery })).data.fields[0].field).toBe('number');
      expect((await post(who.admin, 'add', { number: 'BAT0002', typeId: 999999 })).code).toBe(3000);
      expect((await post(who.admin, 'add', { number: 'BAT0002', typeId: types.cabinet })).code).toBe(3000);
      const imei = await post(who.admin, 'add', { number: 'BAT0002', typeId: types.battery, imei: '86-12' });
      expect(imei.data.fields[0].field).toBe('imei');
      expect((await post(who.admin, 'add', { number: 'BAT0002', typeId: types.battery, name: '<img src=x onerror=alert(1)>' })).code).toBe(
        1014,
      );
      expect((await post(who.admin, 'add', { number: 'BAT0002', typeId: types.battery, merchantId: 999999 })).code).toBe(2008);
      expect(await count('BAT0002')).toBe(0);
    });

    it("registers a merchant's battery for its own merchant whatever the body says", async () => {
      const own = await post(who.merchant, 'add', { number: 'BAT0100', typeId: types.battery, merchantId: who.rivalId });
      expect(own.data.merchantId).toBe(who.merchantId);
      const forSiam = await post(who.admin, 'add', { number: 'BAT0200', typeId: types.battery, merchantId: who.rivalId });
      expect(forSiam.data).toMatchObject({ merchantId: who.rivalId, merchantName: who.fixtures.rival.name });
    });

    it('keeps tenants apart: another tenant’s battery does not exist for a merchant', async () => {
      const [platform, agent, siam] = await Promise.all(
        ['BAT0001', 'BAT0100', 'BAT0200'].map(async (n) => (await search(who.admin, { number: n })).data.records[0]!.id),
      );
      expect((await detail(who.merchant, agent!)).data.number).toBe('BAT0100');
      const hidden = await detail(who.merchant, siam!);
      expect(hidden).toMatchObject({ status: 404, code: 3005 });
      expect((await detail(who.merchant, platform!)).code).toBe(3005);
      expect((await detail(who.rival, agent!)).code).toBe(3005);
      expect((await detail(who.admin, siam!)).data.number).toBe('BAT0200');
      expect((await search(who.merchant, {})).data.records.map((r: { number: string }) => r.number)).toEqual(['BAT0100']);
      expect((await post(who.rival, 'edit', { id: agent, typeId: types.battery, brand: 'Stolen' })).code).toBe(3005);
      expect((await post(who.merchant, 'scrap', { ids: [siam], reason: 'x' })).code).toBe(3005);
    });

    it('edits the maintained fields, keeping number and owner', async () => {
      const id = (await search(who.merchant, {})).data.records[0]!.id;
      const edited = await post(who.merchant, 'edit', {
        id,
        typeId: types.battery,
        brand: 'EVE',
        bmsBrand: 'Daly',
        weight: 13,
        softwareVersion: '2.4.0',
      });
      expect(edited.data).toMatchObject({
        number: 'BAT0100',
        brand: 'EVE',
        bmsBrand: 'Daly',
        weight: 13,
        ratedVoltage: 64,
        merchantId: who.merchantId,
      });
      const audit = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'battery.edit'));
      expect(audit[0]!.changes).toMatchObject({ brand: [null, 'EVE'] });
    });
  });

  describe('batch registration', () => {
    it('checks every number before writing anything: NEW, EXISTS and INVALID with reasons', async () => {
      const check = await post(
        who.admin,
        'batchCheck',
        { typeId: types.battery, numbers: ['BAT0001', 'NEW0001', 'NEW0001', 'bad number', 'NEW0002'] },
        'th',
      );
      expect(check.code).toBe(1);
      expect(check.data).toMatchObject({ total: 5, newCount: 2, existsCount: 2, invalidCount: 1 });
      expect(check.data.items.map((i: { status: string }) => i.status)).toEqual(['EXISTS', 'NEW', 'EXISTS', 'INVALID', 'NEW']);
      expect(check.data.items[0].reason).toBe('มีแบตเตอรี่นี้แล้ว');
      expect(check.data.items[3].reason).toBe('หมายเลขไม่ถูกต้อง');
      expect(await count('NEW')).toBe(0);
      expect((await post(who.admin, 'batchCheck', { typeId: types.vehicle1, numbers: ['NEW0001'] })).code).toBe(3000);
    });

    it('refuses the whole batch when any number exists or is invalid', async () => {
      const exists = await post(who.admin, 'batchAdd', { typeId: types.battery, numbers: ['NEW0001', 'BAT0001'] });
      expect(exists).toMatchObject({ status: 409, code: 3004 });
      expect(exists.data.existsCount).toBe(1);
      const invalid = await post(who.admin, 'batchAdd', { typeId: types.battery, numbers: ['NEW0001', 'bad!'] });
      expect(invalid).toMatchObject({ status: 400, code: 1002 });
      expect(await count('NEW')).toBe(0);
    });

    it('registers 1,000 numbers in one call and refuses 1,001', async () => {
      const thousand = numbers('LOT', 1000);
      const check = await post(who.merchant, 'batchCheck', { typeId: types.battery, numbers: thousand });
      expect(check.data.newCount).toBe(1000);
      const added = await post(who.merchant, 'batchAdd', { typeId: types.battery, numbers: thousand, brand: 'CATL', model: 'LFP6430' });
      expect(added.code).toBe(1);
      expect(added.data.added).toBe(1000);
      expect(await count('LOT')).toBe(1000);
      const [row] = await server.db.select().from(batteries).where(eq(batteries.number, 'LOT0500'));
      expect(row).toMatchObject({ merchantId: who.merchantId, brand: 'CATL', ratedCapacity: 30, stockStatus: 'INSTOCK' });
      const tooMany = await post(who.merchant, 'batchAdd', { typeId: types.battery, numbers: numbers('MORE', 1001) }, 'in');
      expect(tooMany.status).toBe(400);
      expect(tooMany.data.fields[0].field).toBe('numbers');
      expect(tooMany.message).toBe('Nomor-nomor maksimal 1000 nomor');
      expect((await post(who.merchant, 'batchCheck', { typeId: types.battery, numbers: numbers('MORE', 1001) })).status).toBe(400);
      expect(await count('MORE')).toBe(0);
      expect((await post(who.merchant, 'batchAdd', { typeId: types.battery, numbers: [] })).status).toBe(400);
    });
  });

  describe('search and export', () => {
    it('filters by number prefix, IMEI, type, owner, statuses and dates, with an exact total', async () => {
      const byPrefix = await search(who.admin, { number: 'LOT00', size: 5, sort: { field: 'number', order: 'ascend' } });
      expect(byPrefix.data).toMatchObject({ total: 99, totalExact: true, size: 5, pages: 20 });
      expect(byPrefix.data.records[0]!.number).toBe('LOT0001');
      expect((await search(who.admin, { number: 'lot' })).data.total).toBe(0);
      expect((await search(who.admin, { imei: '861234567890123' })).data.records[0]!.number).toBe('BAT0001');
      expect((await search(who.admin, { merchantId: 0 })).data.total).toBe(1);
      expect((await search(who.admin, { merchantId: who.rivalId })).data.total).toBe(1);
      expect((await search(who.merchant, { merchantId: who.rivalId })).data.total).toBe(0);
      expect((await search(who.admin, { typeId: types.battery, stockStatus: 'INSTOCK', scrapStatus: 'NORMAL' })).data.total).toBe(1003);
      expect((await search(who.admin, { brand: 'CATL', model: 'LFP6430' })).data.total).toBe(1000);
      expect((await search(who.admin, { createdFrom: '2000-01-01T00:00:00Z', createdTo: '2001-01-01T00:00:00Z' })).data.total).toBe(0);
      expect((await search(who.admin, { bound: true })).data.total).toBe(0);
      // Charge and discharge are allowed unless the battery was told otherwise (the device link sets them).
      await server.db.update(batteries).set({ chargeSwitch: 'FORBIDDEN' }).where(eq(batteries.number, 'BAT0001'));
      const forbidden = await search(who.admin, { chargeSwitch: 'FORBIDDEN' });
      expect(forbidden.data.records.map((r: { number: string }) => r.number)).toEqual(['BAT0001']);
      expect((await search(who.admin, { dischargeSwitch: 'FORBIDDEN' })).data.total).toBe(0);
      expect((await search(who.merchant, { chargeSwitch: 'FORBIDDEN' })).data.total).toBe(0);
      expect((await post(who.admin, 'search', { chargeSwitch: 'MAYBE' })).status).toBe(400);
      const page2 = await search(who.admin, { current: 2 });
      expect(page2.data.records).toHaveLength(20);
      expect((await post(who.admin, 'search', { sort: { field: 'soc', order: 'ascend' } })).status).toBe(400);
      expect((await post(who.admin, 'search', { stockStatus: 'LOST' })).status).toBe(400);
    });

    it('exports the current filter as CSV', async () => {
      const answer = await post(who.merchant, 'export', { number: 'LOT000' });
      expect(answer.status).toBe(200);
      const lines = answer.raw.body.replace('\uFEFF', '').trim().split('\r\n');
      expect(lines).toHaveLength(10);
      expect(lines[0]).toContain('Remaining charge (%)');
      expect(lines[1]).toContain('LOT0009');
    });
  });

  describe('scrap', () => {
    it('marks batteries scrapped with reason and time, all or nothing', async () => {
      const missing = await post(who.merchant, 'scrap', { numbers: ['LOT0001', 'NOPE0001'], reason: 'Swollen cells' });
      expect(missing.code).toBe(3005);
      expect(missing.data.missing).toEqual(['NOPE0001']);
      const scrapped = await post(who.merchant, 'scrap', { numbers: ['LOT0001', 'LOT0002'], reason: 'Swollen cells' });
      expect(scrapped.data).toEqual({ scrapped: 2 });
      const row = (await search(who.merchant, { number: 'LOT0001' })).data.records[0]!;
      expect(row).toMatchObject({ scrapStatus: 'SCRAPPED', scrapReason: 'Swollen cells' });
      expect(row.scrappedAt).not.toBeNull();
      const again = await post(who.merchant, 'scrap', { numbers: ['LOT0002', 'LOT0003'], reason: 'Again' }, 'zh');
      expect(again).toMatchObject({ code: 3010, message: '设备已报废' });
      expect((await search(who.merchant, { number: 'LOT0003' })).data.records[0]!.scrapStatus).toBe('NORMAL');
      expect((await search(who.merchant, { scrapStatus: 'SCRAPPED' })).data.total).toBe(2);
      expect((await post(who.merchant, 'scrap', { numbers: ['LOT0004'], reason: '' })).data.fields[0].field).toBe('reason');
      expect((await post(who.merchant, 'scrap', { reason: 'nothing named' })).status).toBe(400);
    });
  });
});
