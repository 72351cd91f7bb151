import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { areaApi, endpointUrl, type Language } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createAccountWithMenus, createMerchantRecord, platformAdmin, square } from '../../test/factories.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { areas } from './area.table.js';
import { areasContaining } from './index.js';

describe('areas', () => {
  let server: TestServer;
  let staff: string; // platform staff with every area action
  let merchant: string; // a merchant's administrator with every area action: reads only
  let outsider: string; // no area menu at all
  let provinceId: number;

  const add = (token: string, body: Record<string, unknown>, lang?: Language) =>
    server.call('POST', endpointUrl(areaApi.add), { token, body, ...(lang ? { lang } : {}) });
  const names = async (token: string, filter: Record<string, unknown> = {}) =>
    (await server.request(areaApi.search, filter, { token })).data.records.map((r) => r.name);
  const count = async () => (await server.db.select({ id: areas.id }).from(areas)).length;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    const grant = { menuCodes: ['admin.area'], withResources: true };
    await createAccountWithMenus(server.db, { username: 'area_staff', merchantId: null, ...grant });
    await createAccountWithMenus(server.db, {
      username: 'area_merchant',
      merchantId: (await createMerchantRecord(server, (await platformAdmin(server)).token)).id,
      ...grant,
    });
    await createAccountWithMenus(server.db, { username: 'area_outsider', merchantId: null, menuCodes: ['message.updateMessage'] });
    staff = await server.login('area_staff');
    merchant = await server.login('area_merchant');
    outsider = await server.login('area_outsider');
  });
  afterAll(() => server.close());

  it('adds a province and a city under it, audited, and lists them with their province and city', async () => {
    const province = await server.request(
      areaApi.add,
      { code: 'JK', name: 'Jakarta', type: 'PROVINCE', polygon: square(106, -7, 1) },
      { token: staff },
    );
    expect(province.code).toBe(1);
    provinceId = province.data.id;
    expect(province.data).toMatchObject({ province: 'Jakarta', city: null, provinceId: null, cityCount: 0 });
    const city = await server.request(
      areaApi.add,
      { code: 'JK-S', name: 'South Jakarta', type: 'CITY', provinceId, polygon: square(106.2, -6.6, 0.2) },
      { token: staff },
    );
    expect(city.data).toMatchObject({ province: 'Jakarta', city: 'South Jakarta', provinceId, polygon: square(106.2, -6.6, 0.2) });
    const [audit] = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'area.add'));
    expect(audit?.changes).toMatchObject({ code: 'JK', name: 'Jakarta', type: 'PROVINCE', polygon: '5 points' });

    const list = (await server.request(areaApi.search, {}, { token: staff })).data.records;
    expect(list.map((r) => [r.name, r.province, r.city, r.cityCount])).toEqual([
      ['Jakarta', 'Jakarta', null, 1],
      ['South Jakarta', 'Jakarta', 'South Jakarta', 0],
    ]);
    expect(await names(staff, { type: 'CITY' })).toEqual(['South Jakarta']);
    expect(await names(staff, { code: 'jk-' })).toEqual(['South Jakarta']);
    expect(await names(staff, { name: 'SOUTH' })).toEqual(['South Jakarta']);
    expect(await names(staff, { provinceId })).toEqual(['Jakarta', 'South Jakarta']);
    expect((await server.request(areaApi.provinces, undefined, { token: staff })).data).toEqual([
      { id: provinceId, code: 'JK', name: 'Jakarta', polygon: square(106, -7, 1) },
    ]);
  });

  it('lets a merchant read every area but write none; an account without the menu reads none', async () => {
    expect(await names(merchant)).toEqual(['Jakarta', 'South Jakarta']);
    const refused = await add(merchant, { code: 'BK', name: 'Bangkok', type: 'PROVINCE' }, 'th');
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('ไม่มีสิทธิ์');
    const removal = await server.request(areaApi.remove, { id: provinceId }, { token: merchant });
    expect(removal.status).toBe(403);
    expect((await server.call('POST', endpointUrl(areaApi.search), { token: outsider, body: {} })).status).toBe(403);
    expect(await count()).toBe(2);
  });

  it('keeps code and name unique whatever their case, in the caller’s language; of racing adds one wins', async () => {
    const code = await add(staff, { code: 'jk', name: 'Other', type: 'PROVINCE' }, 'in');
    expect([code.status, code.code, code.message]).toEqual([409, 4020, 'Kode wilayah sudah ada']);
    const name = await add(staff, { code: 'OT', name: 'JAKARTA', type: 'PROVINCE' }, 'zh');
    expect([name.status, name.code, name.message]).toEqual([409, 4021, '区域名称已存在']);
    const racing = await Promise.all([1, 2, 3].map((n) => add(staff, { code: 'BK', name: `Bangkok ${n}`, type: 'PROVINCE' })));
    expect(racing.map((a) => a.code).sort()).toEqual([1, 4020, 4020]);
    expect(await names(staff, { code: 'BK' })).toHaveLength(1);
  });

  it('puts a city only under an existing province, and a province under nothing', async () => {
    const before = await count();
    const [city] = (await server.request(areaApi.search, { type: 'CITY' }, { token: staff })).data.records;
    // No province at all: the input rule of contracts tells the province field, as the form does.
    const orphan = await add(staff, { code: 'C1', name: 'Orphan', type: 'CITY' }, 'in');
    expect([orphan.status, orphan.code, orphan.message]).toEqual([400, 1002, 'Provinsi wajib diisi']);
    for (const body of [
      { code: 'C1', name: 'Orphan', type: 'CITY', provinceId: city!.id },
      { code: 'C1', name: 'Orphan', type: 'CITY', provinceId: 999_999 },
      { code: 'P1', name: 'Nested', type: 'PROVINCE', provinceId },
    ]) {
      const answer = await add(staff, body, 'en');
      expect([answer.status, answer.code]).toEqual([400, 4022]);
      expect(answer.message).toContain("A city's province must be an existing province");
    }
    const self = await server.call('POST', endpointUrl(areaApi.edit), {
      token: staff,
      body: { id: city!.id, code: city!.code, name: city!.name, type: 'CITY', provinceId: city!.id },
    });
    expect(self.code).toBe(4022);
    expect(await count()).toBe(before);
  });

  it('refuses an outline that is open, crossing itself, flat, too large, out of bounds or not numbers, naming the field', async () => {
    const before = await count();
    const bow = [
      [100, 10],
      [101, 11],
      [101, 10],
      [100, 11],
      [100, 10],
    ];
    const many = Array.from({ length: 501 }, (_, i) => [100 + Math.cos(i / 80), 10 + Math.sin(i / 80)]);
    const cases: [unknown, string][] = [
      [square(100, 10, 1).slice(0, 4), 'closed outline'], // open
      [bow, 'closed outline'], // edges cross
      [
        [
          [100, 10],
          [101, 10],
          [102, 10],
          [100, 10],
        ],
        'closed outline',
      ], // no surface
      [square(100, 10, 25), 'at most 500 points'], // wider than 20°
      [many, 'at most 500 points'],
      [square(179.5, 10, 1), 'closed outline'], // past 180°
      [
        [
          [100, 10],
          [null, 11],
          [101, 11],
          [100, 10],
        ],
        'closed outline',
      ],
      [
        [
          ['100', '10'],
          ['101', '10'],
          ['101', '11'],
          ['100', '10'],
        ],
        'closed outline',
      ],
      ['POLYGON((100 10, 101 10, 101 11, 100 10))', 'closed outline'],
    ];
    for (const [polygon, text] of cases) {
      const answer = await add(staff, { code: 'BAD', name: 'Bad', type: 'PROVINCE', polygon });
      expect(answer.status, JSON.stringify(polygon).slice(0, 80)).toBe(400);
      expect(answer.message).toContain('Outline on the map');
      expect(answer.message).toContain(text);
    }
    const thai = await add(staff, { code: 'BAD', name: 'Bad', type: 'PROVINCE', polygon: bow }, 'th');
    expect(thai.message).toContain('เส้นขอบบนแผนที่');
    expect(await count()).toBe(before);
  });

  it('answers which areas hold a point: the city before its province, none outside, from the stored outline', async () => {
    const at = (lng: number, lat: number) => areasContaining(server.db, { lng, lat }).then((found) => found.map((a) => a.name));
    expect(await at(106.3, -6.5)).toEqual(['South Jakarta', 'Jakarta']);
    expect(await at(106.9, -6.1)).toEqual(['Jakarta']);
    expect(await at(105.9, -6.5)).toEqual([]);
    expect(await at(Number.NaN, -6.5)).toEqual([]);
    // A concave outline (an L): its notch lies inside the bounding box but outside the area.
    const ell = [
      [110, 0],
      [112, 0],
      [112, 1],
      [111, 1],
      [111, 2],
      [110, 2],
      [110, 0],
    ];
    expect((await add(staff, { code: 'L', name: 'Ell', type: 'PROVINCE', polygon: ell })).code).toBe(1);
    expect(await at(110.5, 1.5)).toEqual(['Ell']);
    expect(await at(111.5, 0.5)).toEqual(['Ell']);
    expect(await at(111.5, 1.5)).toEqual([]);
  });

  it('removes a province only once it has no cities, and a city at once; an edit is audited as a change', async () => {
    const blocked = await server.request(areaApi.remove, { id: provinceId }, { token: staff, lang: 'en' });
    expect([blocked.status, blocked.code]).toEqual([409, 4023]);
    const bangkok = (await server.request(areaApi.provinces, undefined, { token: staff })).data.find((p) => p.code === 'BK')!;
    const toCity = await server.call('POST', endpointUrl(areaApi.edit), {
      token: staff,
      body: { id: provinceId, code: 'JK', name: 'Jakarta', type: 'CITY', provinceId: bangkok.id },
    });
    expect([toCity.status, toCity.code]).toEqual([409, 4023]);

    const [city] = (await server.request(areaApi.search, { type: 'CITY' }, { token: staff })).data.records;
    const renamed = await server.request(
      areaApi.edit,
      { id: city!.id, code: 'JK-S', name: 'Jakarta Selatan', type: 'CITY', provinceId },
      { token: staff },
    );
    expect(renamed.data.name).toBe('Jakarta Selatan');
    const [edit] = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'area.edit'));
    expect(edit?.changes).toMatchObject({ name: ['South Jakarta', 'Jakarta Selatan'], polygon: ['5 points', null] });

    const removals = await Promise.all([1, 2].map(() => server.request(areaApi.remove, { id: city!.id }, { token: staff })));
    expect(removals.map((a) => a.code).sort()).toEqual([1, 1017]);
    expect((await server.request(areaApi.remove, { id: provinceId }, { token: staff })).code).toBe(1);
    expect(await names(staff, { name: 'jakarta' })).toEqual([]);
  });

  it('exports the areas as CSV with headings and types in the caller’s language', async () => {
    const csv = await server.call('POST', endpointUrl(areaApi.export), { token: merchant, body: {}, lang: 'in' });
    const [heading, ...rows] = csv.raw.body.trim().split('\n');
    expect(heading).toContain('Kode');
    expect(heading).toContain('Provinsi');
    expect(rows.some((row) => row.startsWith('BK,') && row.includes('Provinsi'))).toBe(true);
  });
});
