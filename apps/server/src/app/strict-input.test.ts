import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LANGUAGES, endpointUrl, merchantApi, type Language } from '@swap/contracts';
import { startTestServer, type TestServer } from '../test/harness.js';
import { createMerchant, createSubAccount } from '../test/factories.js';
import { declaredRoutes } from './route.js';

/**
 * Strict input: a field, filter or query parameter an endpoint does not declare, and a sort by a
 * column its list does not declare, are refused with a message naming it in the caller's language,
 * and nothing is written.
 */
describe('strict input', () => {
  let server: TestServer;
  let admin: string;
  const merchants = async () => {
    const result: unknown = await server.db.execute(sql`select count(*)::int as n from merchant`);
    return (result as { rows: { n: number }[] }).rows[0]!.n;
  };
  const newMerchant = { name: 'Strict Input Co', type: 'AGENT', personInCharge: 'Ana', contact: '0812345678', officeAddress: 'Jl. Satu 1' };

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = await server.login('admin');
  });
  afterAll(() => server.close());

  const texts: Record<Language, { field: string; filter: string; sort: string }> = {
    en: { field: 'Unknown field: colour', filter: 'Unknown filter: nmae', sort: 'This list cannot be sorted by contact' },
    in: {
      field: 'Kolom tidak dikenal: colour',
      filter: 'Filter tidak dikenal: nmae',
      sort: 'Daftar ini tidak dapat diurutkan berdasarkan contact',
    },
    th: { field: 'ไม่รู้จักฟิลด์: colour', filter: 'ไม่รู้จักตัวกรอง: nmae', sort: 'ไม่สามารถเรียงรายการนี้ตาม contact ได้' },
    zh: { field: '未知字段：colour', filter: '未知筛选条件：nmae', sort: '此列表不能按 contact 排序' },
  };

  for (const lang of LANGUAGES) {
    it(`refuses an unknown body field by name and writes nothing (${lang})`, async () => {
      const before = await merchants();
      const answer = await server.call('POST', endpointUrl(merchantApi.add), {
        token: admin,
        lang,
        body: { ...newMerchant, colour: 'red' },
      });
      expect(answer).toMatchObject({ status: 400, code: 1024, message: texts[lang].field });
      expect(answer.data).toEqual({ fields: [{ field: 'colour', message: texts[lang].field }] });
      expect(await merchants()).toBe(before);
    });

    it(`refuses an unknown filter of a list by name (${lang})`, async () => {
      const answer = await server.call('POST', endpointUrl(merchantApi.search), { token: admin, lang, body: { nmae: 'Demo' } });
      expect(answer).toMatchObject({ status: 400, code: 1025, message: texts[lang].filter });
      expect(answer.data).toEqual({ fields: [{ field: 'nmae', message: texts[lang].filter }] });
    });

    it(`refuses an unknown query parameter by name (${lang})`, async () => {
      const answer = await server.call('GET', endpointUrl(merchantApi.detail), { token: admin, lang, query: { id: '1', nmae: 'x' } });
      expect(answer).toMatchObject({ status: 400, code: 1025, message: texts[lang].filter });
    });

    it(`refuses a sort by a column the list does not declare (${lang})`, async () => {
      const sort = { field: 'contact', order: 'ascend' };
      const answer = await server.call('POST', endpointUrl(merchantApi.search), { token: admin, lang, body: { sort } });
      expect(answer).toMatchObject({ status: 400, code: 1026, message: texts[lang].sort });
      expect(answer.data).toEqual({ fields: [{ field: 'sort.field', message: texts[lang].sort }] });
      // The export sorts as its list does, and refuses the same.
      const exported = await server.call('POST', endpointUrl(merchantApi.export), { token: admin, lang, body: { sort } });
      expect(exported).toMatchObject({ status: 400, code: 1026, message: texts[lang].sort });
    });
  }

  it('names a nested unknown field by its path, and every unknown name', async () => {
    const answer = await server.call('POST', endpointUrl(merchantApi.search), {
      token: admin,
      body: { sort: { field: 'name', order: 'ascend', nulls: 'last' } },
    });
    expect(answer).toMatchObject({ status: 400, code: 1024, message: 'Unknown field: sort.nulls' });
    const two = await server.call('POST', endpointUrl(merchantApi.add), { token: admin, body: { ...newMerchant, a: 1, b: 2 } });
    expect(two.data.fields.map((f: { field: string }) => f.field)).toEqual(['a', 'b']);
  });

  it('takes every declared filter and sort column', async () => {
    for (const field of merchantApi.search.sortable) {
      const answer = await server.request(
        merchantApi.search,
        { keyword: 'Demo', type: 'AGENT', sort: { field, order: 'descend' } },
        { token: admin },
      );
      expect(answer.code, field).toBe(1);
    }
  });

  it('refuses a sort column of a device list by name, not as an invalid value', async () => {
    const answer = await server.call('POST', '/api/oms/battery/search', {
      token: admin,
      body: { sort: { field: 'soc', order: 'ascend' } },
    });
    expect(answer).toMatchObject({ status: 400, code: 1026, message: 'This list cannot be sorted by soc' });
  });

  it('refuses a sort on a list that sorts by nothing', async () => {
    const answer = await server.call('POST', '/api/oms/admin/audit-log/search', {
      token: admin,
      body: { sort: { field: 'at', order: 'ascend' } },
    });
    expect(answer).toMatchObject({ status: 400, code: 1026 });
  });

  it('holds on every declared route', async () => {
    const routes = declaredRoutes(server.app);
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      const probe = await server.call(route.method as 'GET' | 'POST', route.url, { token: admin, query: { strictProbe: '1' } });
      expect([probe.status, probe.code, probe.message], `${route.method} ${route.url}?strictProbe=1`).toEqual([
        400,
        1025,
        'Unknown filter: strictProbe',
      ]);
      if (route.method !== 'POST' || !route.body) continue;
      const body = await server.call('POST', route.url, { token: admin, body: { strictProbe: 1 } });
      expect([body.status, body.message], `POST ${route.url} { strictProbe }`).toEqual([
        400,
        expect.stringMatching(/^Unknown (field|filter): strictProbe$/),
      ]);
    }
  });

  it('checks access before input: a caller who may not call an endpoint learns nothing of its fields', async () => {
    const sub = await createSubAccount(server, await createMerchant(server, admin), ['record.swap']);
    const answer = await server.call('POST', '/api/oms/admin/audit-log/search', { token: sub.token, body: { nmae: 'x' } });
    expect(answer.status).toBe(403);
  });
});
