import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray } from 'drizzle-orm';
import { batteryApi, cabinetApi, type EndpointDef, endpointUrl, type InputOf, stockApi, vehicleApi } from '@swap/contracts';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { numbers, deviceCallers, createDeviceTypes, type DeviceCallers } from '../../test/factories.js';
import { batteries } from '../battery/battery.table.js';
import { stockBatchItems, stockBatches } from './stock.table.js';

describe('stock', () => {
  let server: TestServer;
  let who: DeviceCallers;
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;

  const post = <E extends EndpointDef>(token: string, endpoint: E, input: InputOf<E>, lang?: 'en' | 'in' | 'th' | 'zh') =>
    server.request(endpoint, input, { token, ...(lang ? { lang } : {}) });
  // Refused bodies answer field errors, not the declared record: through the untyped caller.
  const refuse = (token: string, body: unknown, lang?: 'en' | 'in' | 'th' | 'zh') =>
    server.call('POST', endpointUrl(stockApi.battery.out), { token, body, ...(lang ? { lang } : {}) });
  const statusOf = async (list: string[]) =>
    Object.fromEntries(
      (
        await server.db
          .select({ number: batteries.number, stockStatus: batteries.stockStatus })
          .from(batteries)
          .where(inArray(batteries.number, list))
      ).map((row) => [row.number, row.stockStatus]),
    );

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    who = await deviceCallers(server);
    types = await createDeviceTypes(server, who.admin);
    const register = (token: string, kind: 'battery' | 'vehicle' | 'cabinet', typeId: number, list: string[], merchantId?: number) =>
      server.request(
        { battery: batteryApi, vehicle: vehicleApi, cabinet: cabinetApi }[kind].batchAdd,
        { typeId, numbers: list, ...(merchantId ? { merchantId } : {}) },
        { token },
      );
    await register(who.merchant, 'battery', types.battery, numbers('AB', 1000));
    await register(who.admin, 'battery', types.battery, numbers('SB', 5), who.rivalId);
    await register(who.admin, 'battery', types.battery, numbers('PB', 5));
    await register(who.merchant, 'vehicle', types.vehicle1, numbers('AV', 3));
    await register(who.merchant, 'cabinet', types.cabinet, numbers('AC', 2));
  });
  afterAll(() => server.close());

  it('takes 1,000 devices out in one batch numbered by day', async () => {
    const out = await post(who.merchant, stockApi.battery.out, { numbers: numbers('AB', 1000), remark: 'Deployed to Kemang' });
    expect(out.code).toBe(1);
    expect(out.data).toMatchObject({
      direction: 'OUTSTOCK',
      kind: 'battery',
      quantity: 1000,
      typeCode: 'LFP6430',
      operatorName: who.fixtures.merchant.admin.username,
      merchantId: who.merchantId,
      remark: 'Deployed to Kemang',
    });
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    expect(out.data.number).toBe(`SB${today}-0001`);
    expect(new Set(Object.values(await statusOf(numbers('AB', 1000))))).toEqual(new Set(['OUTSTOCK']));
    const back = await post(who.merchant, stockApi.battery.in, { numbers: ['AB0001', 'AB0002'] });
    expect(back.data).toMatchObject({ number: `SB${today}-0002`, direction: 'INSTOCK', quantity: 2, remark: '' });
  });

  it('changes nothing when one device of the batch is already out', async () => {
    const refused = await refuse(who.merchant, { numbers: ['AB0001', 'AB0002', 'AB0003'] }, 'in');
    expect(refused).toMatchObject({ status: 409, code: 3008, message: 'Sudah keluar dari stok' });
    expect(refused.data.numbers).toEqual(['AB0003']);
    expect(await statusOf(['AB0001', 'AB0002', 'AB0003'])).toEqual({ AB0001: 'INSTOCK', AB0002: 'INSTOCK', AB0003: 'OUTSTOCK' });
    expect((await server.db.select().from(stockBatches)).length).toBe(2);
    const again = await post(who.merchant, stockApi.battery.in, { numbers: ['AB0001'] }, 'th');
    expect(again).toMatchObject({ code: 3012, message: 'อยู่ในคลังแล้ว' });
  });

  it('never takes a scrapped device out', async () => {
    await server.request(batteryApi.scrap, { numbers: ['AB0002'], reason: 'Cracked case' }, { token: who.merchant });
    const refused = await post(who.merchant, stockApi.battery.out, { numbers: ['AB0001', 'AB0002'] }, 'zh');
    expect(refused).toMatchObject({ code: 3010, message: '设备已报废' });
    expect(await statusOf(['AB0001', 'AB0002'])).toEqual({ AB0001: 'INSTOCK', AB0002: 'INSTOCK' });
  });

  it("answers another tenant's devices as missing and writes nothing", async () => {
    const foreign = await refuse(who.merchant, { numbers: ['AB0001', 'SB0001'] });
    expect(foreign).toMatchObject({ status: 404, code: 3005 });
    expect(foreign.data.missing).toEqual(['SB0001']);
    expect((await statusOf(['AB0001'])).AB0001).toBe('INSTOCK');
    expect((await post(who.rival, stockApi.battery.out, { numbers: ['SB0001', 'SB0002'] })).data.merchantId).toBe(who.rivalId);
    const mixed = await post(who.admin, stockApi.battery.out, { numbers: ['PB0001', 'SB0003'] });
    expect(mixed.data).toMatchObject({ merchantId: null, quantity: 2 });
  });

  it('validates the batch: empty, 1,001 numbers, scripts', async () => {
    expect((await refuse(who.merchant, { numbers: [] })).data.fields[0].field).toBe('numbers');
    expect((await post(who.merchant, stockApi.battery.out, { numbers: numbers('AB', 1001) })).status).toBe(400);
    expect((await post(who.merchant, stockApi.battery.out, { numbers: ['AB0001'], remark: '<script>x</script>' })).code).toBe(1014);
    expect((await refuse(who.merchant, { numbers: ['AB0001'], remark: 'r'.repeat(201) })).data.fields[0].field).toBe('remark');
  });

  it('moves vehicles and cabinets with their own kind and messages', async () => {
    expect((await post(who.merchant, stockApi.vehicle.out, { numbers: ['AV0001'] })).data.kind).toBe('vehicle');
    expect((await post(who.merchant, stockApi.vehicle.out, { numbers: ['AV0001'] })).code).toBe(3008);
    expect((await post(who.merchant, stockApi.cabinet.out, { numbers: ['AC0009'] })).code).toBe(3007);
    expect((await post(who.merchant, stockApi.vehicle.out, { numbers: ['AB0001'] })).code).toBe(3003);
  });

  it('sums stock per type and owner, each tenant its own', async () => {
    const platform = await post(who.admin, stockApi.battery.summary, {});
    expect(platform.data.total).toBe(3);
    const rows = platform.data.records;
    expect(rows.find((r) => r.merchantName === who.fixtures.merchant.name)).toMatchObject({
      inStock: 2,
      outStock: 998,
      scrapped: 1,
      total: 1000,
    });
    expect(rows.find((r) => r.merchantName === null)).toMatchObject({ inStock: 4, outStock: 1, total: 5 });
    const own = await post(who.merchant, stockApi.battery.summary, {});
    expect(own.data.records.map((r) => r.merchantName)).toEqual([who.fixtures.merchant.name]);
    expect((await post(who.admin, stockApi.battery.summary, { merchantId: 0 })).data.total).toBe(1);
    const csv = await post(who.admin, stockApi.battery.summaryExport, {}, 'in');
    expect(csv.raw.body).toContain('Keluar stok');
  });

  it('lists batches and a batch’s devices, scoped to the tenant', async () => {
    const mine = await post(who.merchant, stockApi.battery.recordSearch, {});
    expect(mine.data.total).toBe(2);
    const outs = await post(who.admin, stockApi.battery.recordSearch, {
      direction: 'OUTSTOCK',
      sort: { field: 'quantity', order: 'descend' },
    });
    expect(outs.data.records.map((r) => r.quantity)).toEqual([1000, 2, 2]);
    const big = outs.data.records[0] ?? expect.unreachable('no batch');
    const page = await server.request(stockApi.battery.recordDetail, { id: big.id, current: 50, size: 20 }, { token: who.merchant });
    expect(page.data.batch.number).toBe(big.number);
    expect(page.data.items).toMatchObject({ total: 1000, pages: 50, current: 50 });
    expect(page.data.items.records.at(-1)).toMatchObject({ number: 'AB1000', typeCode: 'LFP6430' });
    const siamBatch = (await post(who.rival, stockApi.battery.recordSearch, {})).data.records[0] ?? expect.unreachable('no batch');
    expect((await server.request(stockApi.battery.recordDetail, { id: siamBatch.id }, { token: who.merchant })).code).toBe(1017);
    expect((await server.request(stockApi.vehicle.recordDetail, { id: big.id }, { token: who.admin })).code).toBe(1017);
    expect((await server.db.select().from(stockBatchItems).where(eq(stockBatchItems.batchId, big.id))).length).toBe(1000);
    const csv = await post(who.merchant, stockApi.battery.recordExport, { direction: 'INSTOCK' });
    expect(csv.raw.body.trim().split('\r\n')).toHaveLength(2);
    const byQuantity = await post(who.admin, stockApi.battery.recordExport, {
      direction: 'OUTSTOCK',
      sort: { field: 'quantity', order: 'descend' },
    });
    expect(
      byQuantity.raw.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line: string) => line.split(',')[4]),
    ).toEqual(['1000', '2', '2']);
    const [entry] = await server.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'stock.battery.export'))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(entry).toMatchObject({ username: 'admin', objectType: 'stockBatch' });
    expect(entry!.changes).toEqual({
      filter: { direction: 'OUTSTOCK', sort: { field: 'quantity', order: 'descend' } },
      rows: 3,
      complete: true,
    });
  });
});
