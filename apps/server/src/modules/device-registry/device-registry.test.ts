import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { numbers, deviceCallers, createDeviceTypes, type DeviceCallers } from '../../test/factories.js';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { BATTERY_KIND } from '../battery/index.js';
import { batteries } from '../battery/battery.table.js';
import { stockCounts } from '../stock/stock.table.js';
import { lockUsableDevices, refuseScrapped } from './index.js';
import { batteryApi, endpointUrl, stockApi, type EndpointDef, vehicleApi } from '@swap/contracts';

const onPostgres = !!process.env.TEST_DATABASE_URL;

describe('device rules shared by every kind', () => {
  let server: TestServer;
  let who: DeviceCallers;
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;

  const post = (token: string, endpoint: EndpointDef, body: unknown) => server.call('POST', endpointUrl(endpoint), { token, body });
  /** The caller context of the merchant's administrator, as a service sees it. */
  const merchantCtx = (): Ctx => ({
    db: server.db,
    lang: 'en',
    principal: {
      id: who.fixtures.merchant.admin.id,
      username: who.fixtures.merchant.admin.username,
      name: 'Merchant',
      type: 'NORMAL',
      accountType: 'MERCHANT',
      merchantId: who.merchantId,
    },
    codes: new Set(),
    grants: null,
    ip: '127.0.0.1',
    requestTime: null,
    timeZone: 'UTC',
    sessionId: 0,
  });
  const refusal = async (run: () => Promise<unknown>): Promise<AppError> => {
    try {
      await run();
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    throw new Error('expected a refusal');
  };

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    who = await deviceCallers(server);
    types = await createDeviceTypes(server, who.admin);
    await post(who.merchant, batteryApi.batchAdd, { typeId: types.battery, numbers: numbers('GB', 4) });
    await post(who.admin, batteryApi.batchAdd, { typeId: types.battery, numbers: ['GSIAM01'], merchantId: who.rivalId });
    await post(who.merchant, batteryApi.scrap, { numbers: ['GB0003'], reason: 'Swollen cells' });
  });
  afterAll(() => server.close());

  describe('a scrapped device cannot be used', () => {
    it('refuses the scrapped rows by number, and the field when one is named', () => {
      const rows = [
        { number: 'A1', scrapStatus: 'NORMAL' },
        { number: 'A2', scrapStatus: 'SCRAPPED' },
      ];
      let error: unknown;
      try {
        refuseScrapped(rows, 'battery1Number');
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).key).toBe('deviceScrapped');
      expect((error as AppError).data).toEqual({ field: 'battery1Number', numbers: ['A2'] });
      expect(() => refuseScrapped([rows[0]!])).not.toThrow();
    });

    it('locks usable devices for a sale or distribution and refuses a scrapped or unseen one', async () => {
      const ctx = merchantCtx();
      const usable = await server.db.transaction((tx) => lockUsableDevices(tx, ctx, BATTERY_KIND, { numbers: ['GB0001', 'GB0002'] }));
      expect(usable.map((row) => row.number)).toEqual(['GB0001', 'GB0002']);
      const scrapped = await refusal(() =>
        server.db.transaction((tx) => lockUsableDevices(tx, ctx, BATTERY_KIND, { numbers: ['GB0001', 'GB0003'] })),
      );
      expect(scrapped.key).toBe('deviceScrapped');
      expect(scrapped.data).toEqual({ numbers: ['GB0003'] });
      // Another tenant's battery is not found, as everywhere else.
      const foreign = await refusal(() =>
        server.db.transaction((tx) => lockUsableDevices(tx, ctx, BATTERY_KIND, { numbers: ['GSIAM01'] })),
      );
      expect(foreign.key).toBe('batteryMissing');
    });

    it('refuses stocking out and binding a scrapped battery through the API', async () => {
      const out = await post(who.merchant, stockApi.battery.out, { numbers: ['GB0003'] });
      expect(out).toMatchObject({ code: 3010, data: { numbers: ['GB0003'] } });
      const bind = await post(who.merchant, vehicleApi.add, { number: 'GV0001', typeId: types.vehicle1, battery1Number: 'GB0003' });
      expect(bind.code).toBe(3010);
    });
  });

  describe('streamed export', () => {
    const total = 12_345;

    beforeAll(async () => {
      // Straight into the table: the export, not registration, is under test. One statement, one creation time.
      await server.db.execute(
        sql`insert into battery (number, type_id, merchant_id) select 'XP' || lpad(g::text, 6, '0'), ${types.battery}, ${who.merchantId} from generate_series(1, ${total}) g`,
      );
    });

    const exportRows = async (body: Record<string, unknown>) => {
      const answer = await post(who.merchant, batteryApi.export, body);
      expect(answer.status).toBe(200);
      expect(answer.raw.headers['content-type']).toContain('text/csv');
      expect(answer.raw.body.startsWith('\uFEFF')).toBe(true);
      const lines = answer.raw.body.slice(1).split('\r\n');
      expect(lines.pop()).toBe('');
      return { header: lines[0]!, rows: lines.slice(1).map((line) => line.split(',')) };
    };

    // Three exports of 12,345 rows: seconds alone, more on a busy machine; bounded, not measured (bench:devices measures).
    it('writes every row of a large filter once, in the list order, over several chunks', { timeout: 120_000 }, async () => {
      const { header, rows } = await exportRows({ number: 'XP' });
      expect(header.split(',').slice(0, 2)).toEqual(['ID', 'Number']);
      expect(rows).toHaveLength(total);
      const exported = rows.map((row) => row[1]);
      expect(new Set(exported).size).toBe(total);
      expect(exported[0]).toBe(`XP0${total}`);
      expect(exported.at(-1)).toBe('XP000001');
      // Every row shares one creation time: the id tiebreak alone carries the walk across chunks.
      const byCreation = await exportRows({ number: 'XP', sort: { field: 'createdAt', order: 'ascend' } });
      expect(byCreation.rows).toHaveLength(total);
      expect(new Set(byCreation.rows.map((row) => row[1])).size).toBe(total);
      const byNumber = await exportRows({ number: 'XP00', sort: { field: 'number', order: 'ascend' } });
      expect(byNumber.rows.map((row) => row[1])).toEqual(numbers('XP00', 9999));
    });

    it('writes who exported which filter and how many rows to the audit log', async () => {
      const { rows } = await exportRows({ number: 'XP001', current: 3, size: 50 });
      expect(rows).toHaveLength(1000);
      const [entry] = await server.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, 'battery.export'))
        .orderBy(desc(auditLogs.id))
        .limit(1);
      expect(entry).toMatchObject({ username: who.fixtures.merchant.admin.username, objectType: 'battery', merchantId: who.merchantId });
      expect(entry!.changes).toEqual({ filter: { number: 'XP001' }, rows: 1000, complete: true });
    });
  });

  describe.runIf(onPostgres)('concurrent stock moves on PostgreSQL', () => {
    it('runs many opposing batches at once without a deadlock and keeps the counters right', async () => {
      const groups = ['DA', 'DB', 'DC', 'DD'].map((prefix) => numbers(prefix, 30));
      for (const group of groups) await post(who.merchant, batteryApi.batchAdd, { typeId: types.battery, numbers: group });
      // Half the groups start out of stock, so every round moves some in while others move out.
      for (const group of [groups[1]!, groups[3]!])
        expect((await post(who.merchant, stockApi.battery.out, { numbers: group })).code).toBe(1);
      const inStock = [true, false, true, false];
      for (let round = 0; round < 12; round++) {
        const answers = await Promise.all(
          groups.map((group, i) => post(who.merchant, stockApi.battery[inStock[i] ? 'out' : 'in'], { numbers: [...group].reverse() })),
        );
        expect(answers.map((answer) => `${answer.code} ${answer.message}`)).toEqual(groups.map(() => '1 Success'));
        for (let i = 0; i < inStock.length; i++) inStock[i] = !inStock[i];
      }
      const actual = await server.db
        .select({ status: batteries.stockStatus, n: sql<number>`count(*)::int` })
        .from(batteries)
        .where(and(eq(batteries.merchantId, who.merchantId), like(batteries.number, 'D%')))
        .groupBy(batteries.stockStatus);
      expect(Object.fromEntries(actual.map((row) => [row.status, row.n]))).toEqual({ INSTOCK: 60, OUTSTOCK: 60 });
      const counters = await server.db
        .select({ status: stockCounts.stockStatus, n: stockCounts.n })
        .from(stockCounts)
        .where(
          and(
            eq(stockCounts.kind, 'battery'),
            eq(stockCounts.merchantKey, who.merchantId),
            eq(stockCounts.scrapStatus, 'NORMAL'),
            inArray(stockCounts.stockStatus, ['INSTOCK', 'OUTSTOCK']),
          ),
        );
      const all = await server.db
        .select({ status: batteries.stockStatus, n: sql<number>`count(*)::int` })
        .from(batteries)
        .where(and(eq(batteries.merchantId, who.merchantId), eq(batteries.scrapStatus, 'NORMAL')))
        .groupBy(batteries.stockStatus);
      expect(Object.fromEntries(counters.map((row) => [row.status, row.n]))).toEqual(
        Object.fromEntries(all.map((row) => [row.status, row.n])),
      );
    });
  });
});
