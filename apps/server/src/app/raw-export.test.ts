import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TIME_ZONE_HEADER,
  batteryApi,
  batterySearch,
  endpointUrl,
  cabinetApi,
  productOrderApi,
  vehicleApi,
  type BatteryRecord,
  type EndpointDef,
  type InputOf,
  type Language,
} from '@swap/contracts';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../test/harness.js';
import { parseCsv } from '../test/csv.js';
import {
  assignToStation,
  createCustomer,
  createDeviceTypes,
  createDevices,
  createMerchant,
  createOrderableProduct,
  createProductOrder,
  createProvinceAndCity,
  platformAdmin,
  unique,
  type MerchantFixture,
} from '../test/factories.js';
import { fieldColumns, toCsv } from './csv.js';
import { EXPORT_CHUNK } from './list.js';
import { BATTERY_CSV_FIELDS, batteryList } from '../modules/battery/battery.query.js';
import { VEHICLE_CSV_FIELDS, vehicleList } from '../modules/vehicle/vehicle.query.js';
import { CABINET_CSV_FIELDS, cabinetList } from '../modules/cabinet/cabinet.query.js';
import { PRODUCT_ORDER_CSV_COLUMNS } from '../modules/product-order/index.js';
import { productOrderList } from '../modules/product-order/product-order.query.js';
import type { Ctx } from './context.js';

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

  it('the battery, vehicle, cabinet and product order exports read stored rows, for platform and merchant staff', () => {
    for (const merchantId of [null, 7]) {
      const ctx = { principal: { merchantId }, lang: 'th' } as unknown as Ctx;
      expect(batteryList().readsStoredRows(ctx, columns)).toBe(true);
      expect(vehicleList.readsStoredRows(ctx, fieldColumns(VEHICLE_CSV_FIELDS))).toBe(true);
      expect(cabinetList.readsStoredRows(ctx, fieldColumns(CABINET_CSV_FIELDS))).toBe(true);
      expect(productOrderList.readsStoredRows(ctx, PRODUCT_ORDER_CSV_COLUMNS)).toBe(true);
    }
  });

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

  it('text the embedded database escapes in its COPY lines (tabs, backslashes, a \\N text, non-Latin text), times before 1970 and a filter value with quotes', async () => {
    // On the embedded database a chunk is read as COPY text with the filter written in as literals
    // (docs/scaling.md, "Export"): the file is still the records' CSV, in every language.
    const p = unique('RT');
    await createDevices(server, admin, 'battery', 4, { typeId: types.battery, prefix: p });
    const brand = "O'Brien \\' it''s, \"x\"";
    await server.db.execute(sql`update battery set name = ${'tab\there \\N back\\slash\r\nline \\t'}, brand = ${brand},
      model = ${'\\'}, bms_brand = ${'แบตเตอรี่ 电池 Ωmega'}, cell_brand = ${'-1'} where number = ${`${p}0001`}`);
    await server.db.execute(sql`update battery set name = ${'\\N'}, brand = ${brand}, model = '' where number = ${`${p}0002`}`);
    // Times COPY writes as text in UTC and the file reads floored to the millisecond, before 1970 too.
    await server.db
      .execute(sql`update battery set name = null, brand = ${'\u000b\f\b'}, scrapped_at = timestamptz '1969-12-31 23:59:59.9995+00',
      last_report_at = timestamptz '2026-05-05 05:05:05.001+00' where number = ${`${p}0003`}`);
    const rows = await records({ number: p }, admin);
    expect(rows).toHaveLength(4);
    for (const lang of ['zh', 'in'] as const)
      expect(await exported({ number: p }, admin, lang)).toBe(toCsv(rows, columns, { lang, timeZone: ZONE }));
    const quoted = await records({ number: p, brand }, admin);
    expect(quoted.map((row) => row.number).sort()).toEqual([`${p}0001`, `${p}0002`]);
    const file = await exported({ number: p, brand }, admin, 'th');
    expect(file).toBe(toCsv(quoted, columns, { lang: 'th', timeZone: ZONE }));
    expect(parseCsv(file).flat()).toContain('แบตเตอรี่ 电池 Ωmega');
    // A NUL in a filter is refused before anything is read, as on every text field.
    const refused = await server.call(batteryApi.export.method, endpointUrl(batteryApi.export), {
      token: admin,
      body: { number: `${p}\u0000` },
      headers: { [TIME_ZONE_HEADER]: ZONE },
    });
    expect(refused.status).toBe(400);
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

  it('a download stopped after its first chunk leaves the next chunk’s read behind harmlessly', async () => {
    // The next chunk is asked for as soon as one arrives (docs/scaling.md, "Export"): a client that
    // hangs up leaves that read in flight; the database answers the next export whole.
    const ctx = {
      db: server.db,
      principal: { id: 0, username: 'staff', name: 'staff', type: 'SUPER', accountType: 'PLATFORM', merchantId: null },
      codes: new Set<string>(),
      grants: null,
      lang: 'en',
      timeZone: ZONE,
    } as unknown as Ctx;
    const pieces = batteryList().exportPieces(ctx, batterySearch.parse({ number: prefix }), columns);
    await pieces.next(); // BOM and header
    const first = await pieces.next();
    expect(String(first.value).split('\r\n').length - 1).toBe(EXPORT_CHUNK);
    await pieces.return(undefined);
    const rows = await records({ number: prefix }, admin);
    expect(await exported({ number: prefix }, admin, 'in')).toBe(toCsv(rows, columns, { lang: 'in', timeZone: ZONE }));
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

  /** Every record of a search, page by page, in the list's order. */
  async function allRecords(endpoint: EndpointDef, input: Record<string, unknown>, token: string, lang: Language = 'en') {
    const all: unknown[] = [];
    for (let current = 1; ; current++) {
      const page = (await server.request(endpoint, { ...input, current, size: 500 } as never, { token, lang })) as unknown as {
        data: { records: unknown[] };
      };
      all.push(...page.data.records);
      if (page.data.records.length < 500) return all;
    }
  }
  const exportOf = async (endpoint: EndpointDef, input: Record<string, unknown>, token: string, lang: Language) =>
    (await server.request(endpoint, input as never, { token, lang, headers: { [TIME_ZONE_HEADER]: ZONE } })).raw.body;

  it('cabinets: the station they stand in, the seller as the caller may see it, the distribution status', async () => {
    const other = await createMerchant(server, admin);
    const c = `${prefix}C`;
    await createDevices(server, admin, 'cabinet', 2, { typeId: types.cabinet, prefix: `${c}P` });
    const own = await createDevices(server, admin, 'cabinet', 4, { typeId: types.cabinet, prefix: `${c}M`, merchantId: merchant.id });
    await assignToStation(server, admin, 'cabinet', own.numbers.slice(0, 2), merchant.id);
    await assignToStation(server, admin, 'cabinet', [`${c}P0001`], null);
    // Another merchant sold one, the owner itself another, an old seller's text names the third.
    await server.db.execute(sql`update cabinet set seller_id = ${other.id}, factory_date = '2024-02-29', humidity = 0.1,
      purchase_time = timestamptz '2025-06-30 23:59:59.123456+00' where number = ${`${c}M0001`}`);
    await server.db.execute(sql`update cabinet set seller_id = ${merchant.id} where number in (${`${c}M0002`}, ${`${c}P0001`})`);
    await server.db.execute(
      sql`update cabinet set seller = ${'Old "seller", ltd'}, site = ${'=HYPERLINK("x")'} where number = ${`${c}M0003`}`,
    );
    const cabinetColumns = fieldColumns(CABINET_CSV_FIELDS);

    const all = (await allRecords(cabinetApi.search, { number: c }, admin)) as { number: string; stationName: string | null }[];
    expect(all).toHaveLength(6);
    expect(all.filter((row) => row.stationName !== null)).toHaveLength(3);
    for (const lang of ['en', 'th'] as const)
      expect(await exportOf(cabinetApi.export, { number: c }, admin, lang)).toBe(
        toCsv(all as never[], cabinetColumns, { lang, timeZone: ZONE }),
      );

    for (const lang of ['in', 'zh'] as const) {
      const mine = (await allRecords(cabinetApi.search, { number: c }, merchant.admin.token, lang)) as { number: string; seller: string }[];
      expect(mine).toHaveLength(4);
      expect(mine.find((row) => row.number === `${c}M0001`)?.seller).toBe(lang === 'in' ? 'Merchant lain' : '其他商户');
      expect(await exportOf(cabinetApi.export, { number: c }, merchant.admin.token, lang)).toBe(
        toCsv(mine as never[], cabinetColumns, { lang, timeZone: ZONE }),
      );
    }
  });

  it('product orders: the customer’s name, amounts and times, across chunks, within the merchant', async () => {
    const { cityId } = await createProvinceAndCity(server, admin);
    const agent = await createMerchant(server, admin, { menuCodes: ['order.product', 'customer.list'] });
    const rival = await createMerchant(server, admin, { menuCodes: ['order.product', 'customer.list'] });
    const products = new Map<number, number>();
    for (const owner of [agent, rival]) {
      const product = await createOrderableProduct(server, admin, { merchantId: owner.id, vehicleTypeId: types.vehicle2, cityId });
      products.set(owner.id, product.id);
      for (const [i, names] of [
        ['Ayu', 'Lestari'],
        ['Budi', ''],
        ['\u00a0Sri\t', ' Wahyuni\u3000'],
      ].entries()) {
        const customer = await createCustomer(server, owner.admin.token, { customerNumber: `${prefix}${owner.id}X${i}` });
        await server.db.execute(sql`update customer set given_name = ${names[0]}, family_name = ${names[1]} where id = ${customer.id}`);
        await createProductOrder(server, owner.admin.token, { customerNumber: customer.customerNumber, productId: product.id });
      }
    }
    // Edge amounts and times, then more orders than one chunk (copies of the first, some at the same instant).
    await server.db
      .execute(sql`update product_order set outstanding_balance = '-0.50', paid_until = timestamptz '2026-02-28 18:30:00.000999+00',
      terminated_at = timestamptz '2026-03-01 00:00:00+00', transaction_id = ${'T,"1"'}
      where id = (select min(id) from product_order where merchant_id = ${agent.id})`);
    await server.db
      .execute(sql`insert into product_order (order_no, merchant_id, customer_id, product_id, product_name, operation_type, vehicle_type_id,
        source, status, customer_status, total_cycles, cycle_days, currency, price_per_cycle, renewal_price, first_payment, outstanding_balance,
        start_at, expires_at, created_at)
      select ${`${prefix}O`} || g, o.merchant_id, o.customer_id, o.product_id, o.product_name, o.operation_type, o.vehicle_type_id, o.source,
             (array['ENROLLED', 'CANCELLED', 'TERMINATED'])[1 + g % 3], o.customer_status, o.total_cycles, o.cycle_days, o.currency,
             o.price_per_cycle, o.renewal_price, o.first_payment, (g * 1234567.89 % 9999999)::numeric(14, 2), o.start_at, o.expires_at,
             timestamptz '2026-01-01' + (g % 50) * interval '1 hour 0.000321 second'
      from generate_series(1, ${EXPORT_CHUNK + 50}) g
      cross join lateral (select * from product_order where merchant_id = case when g % 2 = 0 then ${agent.id}::int else ${rival.id}::int end
                          order by id limit 1) o`);

    const platform = await allRecords(productOrderApi.search, {}, admin);
    expect(platform.length).toBeGreaterThan(EXPORT_CHUNK + 50);
    expect((platform as { customerName: string }[]).some((row) => row.customerName === 'Sri\t  Wahyuni')).toBe(true);
    for (const lang of ['en', 'th'] as const)
      expect(await exportOf(productOrderApi.export, {}, admin, lang)).toBe(
        toCsv(platform as never[], PRODUCT_ORDER_CSV_COLUMNS, { lang, timeZone: ZONE }),
      );

    for (const lang of ['in', 'zh'] as const) {
      const mine = (await allRecords(productOrderApi.search, {}, agent.admin.token, lang)) as { merchantId: number }[];
      expect(mine.length).toBeGreaterThan(EXPORT_CHUNK / 2);
      expect(mine.every((row) => row.merchantId === agent.id)).toBe(true);
      expect(await exportOf(productOrderApi.export, {}, agent.admin.token, lang)).toBe(
        toCsv(mine as never[], PRODUCT_ORDER_CSV_COLUMNS, { lang, timeZone: ZONE }),
      );
    }
  });
});
