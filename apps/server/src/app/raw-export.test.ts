import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE_HEADER, batteryApi, vehicleApi, type BatteryRecord, type InputOf, type Language } from '@swap/contracts';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../test/harness.js';
import { parseCsv } from '../test/csv.js';
import { createDeviceTypes, createDevices, createMerchant, platformAdmin, unique, type MerchantFixture } from '../test/factories.js';
import { fieldColumns, toCsv } from './csv.js';
import { EXPORT_CHUNK } from './list.js';
import { BATTERY_CSV_FIELDS } from '../modules/battery/battery.query.js';
import { VEHICLE_CSV_FIELDS } from '../modules/vehicle/vehicle.query.js';

// A list declared `rawExport` writes its CSV from stored rows, without records (docs/scaling.md,
// "Export"): the file must be the very CSV its records give, byte for byte, in every language and
// zone, across the export's chunks, within the caller's tenant.

const ZONE = 'Asia/Kolkata';
const columns = fieldColumns(BATTERY_CSV_FIELDS);

describe('an export read from stored rows is the CSV of the list’s records', () => {
  let server: TestServer;
  let admin: string;
  let merchant: MerchantFixture;
  let prefix: string;
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    types = await createDeviceTypes(server, admin);
    merchant = await createMerchant(server, admin);
    prefix = unique('RX'); // letters and digits, as device numbers are
    await createDevices(server, admin, 'battery', 3, { typeId: types.battery, prefix: `${prefix}P` });
    await createDevices(server, admin, 'battery', 3, { typeId: types.battery, prefix: `${prefix}M`, merchantId: merchant.id });
    // Values that test the reading: quotes, commas, a line break and a formula in text, a list of
    // numbers, times with microseconds, a scrapped pack, numbers a float writes in several ways.
    await server.db.execute(sql`update battery set name = ${'=SUM(A1), "quoted"\nnext'}, cell_voltages = '[3.301, 3.3, 0.1]'::jsonb,
      scrap_status = 'SCRAPPED', scrap_reason = 'Swollen; cell', scrapped_at = timestamptz '2026-03-01 10:11:12.999999+00',
      last_report_at = timestamptz '1999-12-31 23:59:59.000500+00', capacity = 28.1, soc = 1e21, temperature = -0.5, latitude = -6.123456789012
      where number = ${`${prefix}P0001`}`);
    // More rows than one chunk, so the export's keyset read crosses chunk boundaries.
    await server.db.execute(sql`insert into battery (number, name, type_id, merchant_id, created_at)
      select ${`${prefix}K`} || lpad(g::text, 5, '0'), 'Bulk ' || g, ${types.battery}, case when g % 2 = 0 then ${merchant.id}::int end,
             timestamptz '2026-01-01' + (g % 7) * interval '1 day 0.000123 second'
      from generate_series(1, ${EXPORT_CHUNK + 150}) g`);
  });
  afterAll(() => server.close());

  async function exported(input: InputOf<typeof batteryApi.export>, token: string, lang: Language): Promise<string> {
    const answer = await server.request(batteryApi.export, input, { token, lang, headers: { [TIME_ZONE_HEADER]: ZONE } });
    expect(String(answer.raw.headers['content-type'])).toContain('text/csv');
    return answer.raw.body;
  }

  async function records(input: InputOf<typeof batteryApi.search>, token: string): Promise<BatteryRecord[]> {
    const all: BatteryRecord[] = [];
    for (let current = 1; ; current++) {
      const page = await server.request(batteryApi.search, { ...input, current, size: 500 }, { token });
      all.push(...page.data.records);
      if (page.data.records.length < 500) return all;
    }
  }

  it('the edge values in English and Thai', async () => {
    const filter = { number: prefix };
    const rows = await records(filter, admin);
    expect(rows.length).toBe(EXPORT_CHUNK + 156);
    for (const lang of ['en', 'th'] as const) {
      const csv = await exported(filter, admin, lang);
      expect(csv).toBe(toCsv(rows, columns, { lang, timeZone: ZONE }));
    }
    const edge = parseCsv(await exported({ number: `${prefix}P0001` }, admin, 'en'));
    expect(edge).toHaveLength(2);
    expect(edge[1]).toContain(`'=SUM(A1), "quoted"\nnext`);
    expect(edge[1]).toContain('3.301; 3.3; 0.1');
    expect(edge[1]).toContain('01/03/2026, 15:41:12 UTC+5:30');
  });

  it('in a creation range (ordered by time, across chunks) and for the merchant’s staff only their rows', async () => {
    const range = { number: `${prefix}K`, createdFrom: '2026-01-02T00:00:00.000Z', createdTo: '2026-01-06T00:00:00.000Z' };
    const rows = await records(range, admin);
    expect(rows.length).toBeGreaterThan(EXPORT_CHUNK / 2);
    expect(await exported(range, admin, 'en')).toBe(toCsv(rows, columns, { lang: 'en', timeZone: ZONE }));

    const own = await records({ number: prefix }, merchant.admin.token);
    expect(own.every((row) => row.merchantId === merchant.id)).toBe(true);
    expect(own.length).toBe(3 + Math.floor((EXPORT_CHUNK + 150) / 2));
    expect(await exported({ number: prefix }, merchant.admin.token, 'zh')).toBe(toCsv(own, columns, { lang: 'zh', timeZone: ZONE }));
  });

  it('vehicles: the dealer as the caller may see it and the capacities of the packs they hold', async () => {
    const other = await createMerchant(server, admin);
    const v = `${prefix}V`;
    await createDevices(server, admin, 'vehicle', 2, { typeId: types.vehicle2, prefix: `${v}P` });
    await createDevices(server, admin, 'vehicle', 4, { typeId: types.vehicle2, prefix: `${v}M`, merchantId: merchant.id });
    await createDevices(server, admin, 'battery', 4, { typeId: types.battery, prefix: `${v}B`, merchantId: merchant.id });
    const battery = (n: number) => sql`(select id from battery where number = ${`${v}B000${n}`})`;
    await server.db.execute(sql`update battery set rated_capacity = 28.1 where number = ${`${v}B0001`}`);
    await server.db.execute(sql`update battery set rated_capacity = 1e-7 where number = ${`${v}B0002`}`);
    // Another merchant deals one, the owner itself another, a dealer's old text names the third; packs in either compartment.
    await server.db.execute(
      sql`update vehicle set dealer_id = ${other.id}, battery1_id = ${battery(1)}, battery2_id = ${battery(2)} where number = ${`${v}M0001`}`,
    );
    await server.db.execute(sql`update vehicle set dealer_id = ${merchant.id}, battery2_id = ${battery(3)} where number = ${`${v}M0002`}`);
    await server.db.execute(
      sql`update vehicle set dealer = ${'Old "dealer", ltd'}, battery1_id = ${battery(4)} where number = ${`${v}M0003`}`,
    );
    await server.db.execute(sql`update vehicle set dealer_id = ${merchant.id} where number = ${`${v}P0001`}`);
    const vehicleColumns = fieldColumns(VEHICLE_CSV_FIELDS);
    const vehicles = async (token: string, lang: Language) => {
      const page = await server.request(vehicleApi.search, { number: v, current: 1, size: 100 }, { token, lang });
      return page.data.records;
    };
    const exportedVehicles = async (token: string, lang: Language) =>
      (await server.request(vehicleApi.export, { number: v }, { token, lang, headers: { [TIME_ZONE_HEADER]: ZONE } })).raw.body;

    const all = await vehicles(admin, 'en');
    expect(all).toHaveLength(6);
    expect(all.find((row) => row.number === `${v}M0001`)?.batteryCapacities).toEqual([28.1, 1e-7]);
    expect(await exportedVehicles(admin, 'en')).toBe(toCsv(all, vehicleColumns, { lang: 'en', timeZone: ZONE }));

    for (const lang of ['in', 'zh'] as const) {
      const own = await vehicles(merchant.admin.token, lang);
      expect(own).toHaveLength(4);
      expect(own.find((row) => row.number === `${v}M0001`)?.dealer).toBe(lang === 'in' ? 'Merchant lain' : '其他商户');
      expect(await exportedVehicles(merchant.admin.token, lang)).toBe(toCsv(own, vehicleColumns, { lang, timeZone: ZONE }));
    }
  });
});
