import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_ENDPOINTS,
  ENUM_WORDS,
  FIELD_LABELS,
  LANGUAGES,
  TIME_ZONE_HEADER,
  accountApi,
  auditLogApi,
  batteryApi,
  cabinetApi,
  commonSettingApi,
  deviceTypeApi,
  endpointUrl,
  merchantApi,
  notificationApi,
  resourceApi,
  roleApi,
  stockApi,
  vehicleApi,
  type EndpointDef,
  type InputOf,
} from '@swap/contracts';
import { startTestServer, type TestServer } from '../test/harness.js';
import { exportRows } from '../test/csv.js';
import {
  createCabinetWithBatteries,
  createDeviceTypes,
  createDevices,
  createMerchant,
  platformAdmin,
  succeed,
  unique,
  type MerchantFixture,
} from '../test/factories.js';

// CSV exports say what the screens say (docs/api.md, "CSV exports"): the fields' labels, enumeration
// values in words and times in the reader's zone; a zone the server does not know is refused.

/** India is UTC+5:30 all year: a zone no test machine runs in by default. */
const ZONE = 'Asia/Kolkata';

/** The instant as a reader in UTC+5:30 reads it: "dd/mm/yyyy, hh:mm:ss UTC+5:30" in English. */
function inKolkata(iso: string, lang: 'en' | 'th'): string {
  const shifted = new Date(new Date(iso).getTime() + 330 * 60_000).toISOString();
  const [date, time] = [shifted.slice(0, 10).split('-').reverse().join('/'), shifted.slice(11, 19)];
  return `${date}${lang === 'en' ? ',' : ''} ${time} UTC+5:30`;
}

const EN_TIME = /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} UTC\+5:30$/;
const TH_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} UTC\+5:30$/;
const label = (field: string, lang: 'en' | 'th') => FIELD_LABELS[field]![lang];

describe('CSV exports in the reader’s words and time zone', () => {
  let server: TestServer;
  let admin: string;
  let merchant: MerchantFixture;
  let prefix: string;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    merchant = await createMerchant(server, admin, { type: 'DIRECT' });
    const types = await createDeviceTypes(server, admin);
    prefix = unique('X'); // letters and digits, as device numbers are
    await createCabinetWithBatteries(server, admin, { types, prefix, batteries: 2 });
    const vehicles = await createDevices(server, admin, 'vehicle', 2, { typeId: types.vehicle1, prefix: `${prefix}V` });
    await succeed(server, stockApi.vehicle.out, { numbers: [vehicles.numbers[0]!], remark: 'to the depot' }, admin);
    await succeed(server, notificationApi.add, { title: 'Station closed', description: 'Closed for works', countryCode: 'ID' }, admin);
  });
  afterAll(() => server?.close());

  /** Both languages' files of one export, read in UTC+5:30; every header is a label, none a raw key. */
  async function both<E extends EndpointDef>(endpoint: E, input: InputOf<E>) {
    const en = await exportRows(server, endpoint, input, { token: admin, lang: 'en', timeZone: ZONE });
    const th = await exportRows(server, endpoint, input, { token: admin, lang: 'th', timeZone: ZONE });
    // A header is a field's label, or a column the screen names with the audit log's words.
    const labels = (lang: 'en' | 'th') =>
      new Set([...Object.values(FIELD_LABELS).map((words) => words[lang]), ...Object.values(ENUM_WORDS[lang]['auditLog.field'])]);
    expect(en.header.filter((cell) => !labels('en').has(cell))).toEqual([]);
    expect(th.header.filter((cell) => !labels('th').has(cell))).toEqual([]);
    expect(en.rows.length).toBeGreaterThan(0);
    expect(th.rows).toHaveLength(en.rows.length);
    return { en: en.rows, th: th.rows };
  }

  it('merchants: type in words, created time in the reader’s zone', async () => {
    const { en, th } = await both(merchantApi.export, { keyword: merchant.name });
    expect(en[0]).toMatchObject({ Name: merchant.name, Type: 'Direct', Created: inKolkata(merchant.record.createdAt, 'en') });
    expect(th[0]).toMatchObject({ ชื่อ: merchant.name, ประเภท: 'ดำเนินการเอง', สร้างเมื่อ: inKolkata(merchant.record.createdAt, 'th') });
  });

  it('accounts: kind and status in words', async () => {
    const { en, th } = await both(accountApi.export, { keyword: merchant.admin.username });
    expect(en[0]).toMatchObject({
      Username: merchant.admin.username,
      Type: 'General administrator',
      Status: 'Enabled',
      'Account type': 'Merchant',
    });
    expect(th[0]).toMatchObject({ ประเภท: 'ผู้ดูแลระบบทั่วไป', สถานะ: 'เปิดใช้งาน' });
    expect(en[0]?.Created).toMatch(EN_TIME);
    expect(en[0]?.Merchant).toBe(merchant.name);
  });

  it('roles: owner by name, created time', async () => {
    const { en, th } = await both(roleApi.export, { merchantId: merchant.id });
    expect(en[0]).toMatchObject({ Merchant: merchant.name });
    expect(en[0]?.Created).toMatch(EN_TIME);
    expect(th[0]?.[label('createdAt', 'th')]).toMatch(TH_TIME);
  });

  it('audit log: action and object in words, success as yes/no, the entry’s time', async () => {
    const { en, th } = await both(auditLogApi.export, { action: 'merchant.add' });
    expect(en[0]).toMatchObject({ Action: 'Added merchant', Object: 'Merchant', Succeeded: 'Yes' });
    expect(th[0]).toMatchObject({ การกระทำ: 'เพิ่มผู้ค้า', ออบเจ็กต์: 'ผู้ค้า', สำเร็จ: 'ใช่' });
    // What changed, as the screen words it: labels and the merchant's type in words.
    expect(en[0]?.Changes).toContain(`Name: “${merchant.name}”`);
    expect(en[0]?.Changes).toContain('Type: Direct');
    expect(th[0]?.[label('changes', 'th')]).toContain('ประเภท: ดำเนินการเอง');
    expect(en[0]?.Time).toMatch(EN_TIME);
  });

  it('common settings: updated time', async () => {
    const { en, th } = await both(commonSettingApi.export, { keyword: 'tour' });
    expect(en[0]).toMatchObject({ Name: 'tour_enabled' });
    expect(en[0]?.['Updated at']).toMatch(EN_TIME);
    expect(th[0]?.[label('updatedAt', 'th')]).toMatch(TH_TIME);
  });

  it('resources: button or link in words', async () => {
    const { en, th } = await both(resourceApi.export, { code: 'admin.role.export' });
    expect(en[0]).toMatchObject({ Code: 'admin.role.export', Type: 'Button' });
    expect(th[0]).toMatchObject({ ประเภท: 'ปุ่ม' });
  });

  it('device types: structure in words, in-use as yes/no', async () => {
    const { en, th } = await both(deviceTypeApi.battery.export, {});
    const pack = en.find((row) => row.Code === 'LFP6430');
    expect(pack).toMatchObject({ Structure: 'Lithium iron phosphate', 'In use': 'Yes' });
    expect(pack?.Created).toMatch(EN_TIME);
    expect(th.find((row) => row.รหัส === 'LFP6430')).toMatchObject({ โครงสร้าง: 'ลิเธียมไอรอนฟอสเฟต', ใช้งานอยู่: 'ใช่' });
  });

  it('batteries, vehicles and cabinets: their states in words', async () => {
    const batteries = await both(batteryApi.export, { number: `${prefix}B` });
    expect(batteries.en[0]).toMatchObject({ Charging: 'Allowed', 'Stock status': 'In stock', 'Scrap status': 'Normal' });
    expect(batteries.th[0]).toMatchObject({ การชาร์จ: 'อนุญาต', สถานะคลัง: 'อยู่ในคลัง' });
    expect(batteries.en[0]?.Created).toMatch(EN_TIME);

    const vehicles = await both(vehicleApi.export, { number: `${prefix}V` });
    expect(vehicles.en.map((row) => row['Stock status']).sort()).toEqual(['In stock', 'Out of stock']);
    expect(vehicles.en[0]).toMatchObject({ Availability: 'Available', 'Activation status': 'Not activated' });
    expect(vehicles.th[0]).toMatchObject({ ความพร้อมใช้งาน: 'พร้อมใช้งาน', สถานะการเปิดใช้งาน: 'ยังไม่เปิดใช้งาน' });

    const cabinets = await both(cabinetApi.export, { number: `${prefix}C` });
    expect(cabinets.en[0]).toMatchObject({ 'Power supply': 'Normal', 'Radiator setting': 'Automatic' });
    expect(cabinets.th[0]).toMatchObject({ สถานะแหล่งจ่ายไฟ: 'ปกติ', การตั้งค่าระบบระบายความร้อน: 'อัตโนมัติ' });
    expect(cabinets.en[0]?.['Last report']).toMatch(EN_TIME);
  });

  it('stock: summary labels, a record’s direction in words and its time', async () => {
    const summary = await both(stockApi.vehicle.summaryExport, {});
    expect(summary.en[0]).toHaveProperty('Type code');
    expect(summary.th[0]).toHaveProperty(label('typeCode', 'th'));
    const records = await both(stockApi.vehicle.recordExport, {});
    expect(records.en[0]).toMatchObject({ Direction: 'Stock out', Remark: 'to the depot' });
    expect(records.th[0]).toMatchObject({ ทิศทาง: 'เบิกออก' });
    expect(records.en[0]?.Created).toMatch(EN_TIME);
  });

  it('notifications: created time', async () => {
    const { en, th } = await both(notificationApi.export, { title: 'Station closed' });
    expect(en[0]).toMatchObject({ Title: 'Station closed', Country: 'ID' });
    expect(en[0]?.Created).toMatch(EN_TIME);
    expect(th[0]?.[label('createdAt', 'th')]).toMatch(TH_TIME);
  });

  it('writes UTC without a zone', async () => {
    const rows = await exportRows(server, merchantApi.export, { keyword: merchant.name }, { token: admin });
    expect(rows.rows[0]?.Created).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} UTC$/);
  });

  it('refuses a zone it does not know on every export, by name, in the caller’s language', async () => {
    const exports = ALL_ENDPOINTS.filter((endpoint) => endpoint.answer === 'csv');
    expect(exports.length).toBeGreaterThan(20);
    const texts = {
      en: 'Unknown time zone: Mars/Olympus',
      in: 'Zona waktu tidak dikenal: Mars/Olympus',
      th: 'ไม่รู้จักเขตเวลา: Mars/Olympus',
      zh: '未知时区：Mars/Olympus',
    };
    for (const endpoint of exports) {
      for (const lang of LANGUAGES) {
        const answer = await server.call(endpoint.method, endpointUrl(endpoint), {
          token: admin,
          lang,
          body: {},
          headers: { [TIME_ZONE_HEADER]: 'Mars/Olympus' },
        });
        expect({ path: endpoint.path, status: answer.status, code: answer.code, message: answer.message }).toEqual({
          path: endpoint.path,
          status: 400,
          code: 1027,
          message: texts[lang],
        });
      }
    }
  });
});
