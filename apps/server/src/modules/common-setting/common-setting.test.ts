import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionApi, commonSettingApi, endpointUrl } from '@swap/contracts';
import { and, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createMerchant, platformAdmin } from '../../test/factories.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { commonSettings } from './common-setting.table.js';

describe('common settings', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    token = (await platformAdmin(server)).token;
  });
  afterAll(() => server.close());

  it('lists the seeded settings by name and filters by keyword', async () => {
    const all = await server.request(commonSettingApi.search, {}, { token });
    expect(all.code).toBe(1);
    expect(all.data.records.map((r: { name: string }) => r.name)).toEqual([
      'lock_idle_minutes',
      'telemetry_retention',
      'time_zone',
      'tour_enabled',
      'trip_stop_minutes',
    ]);
    const found = await server.request(commonSettingApi.search, { keyword: 'TOUR', name: null }, { token });
    expect(found.data.total).toBe(1);
    expect(found.data.records[0]).toMatchObject({ name: 'tour_enabled', value: 'true' });
    expect(found.data.records[0]?.updatedAt).toMatch(/Z$/);
  });

  it('adds, reads, edits and removes a setting, each audited', async () => {
    const added = await server.request(
      commonSettingApi.add,
      { name: 'swap_grace', value: '15', description: 'Minutes a reservation is held' },
      { token },
    );
    expect(added.code).toBe(1);
    expect(added.data).toMatchObject({ name: 'swap_grace', value: '15', remark: '' });
    const id = added.data.id;
    expect((await server.request(commonSettingApi.detail, { id: id }, { token })).data.name).toBe('swap_grace');

    const edited = await server.request(
      commonSettingApi.edit,
      { id, name: 'swap_grace', value: '20', description: 'Minutes a reservation is held', remark: 'minutes' },
      { token },
    );
    expect(edited.data).toMatchObject({ value: '20', remark: 'minutes' });
    const [edit] = await server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'commonSetting.edit'), eq(auditLogs.objectId, String(id))));
    expect(edit?.changes).toEqual({ value: ['15', '20'], remark: ['', 'minutes'] });

    expect((await server.request(commonSettingApi.remove, { id: id }, { token })).code).toBe(1);
    const gone = await server.request(commonSettingApi.detail, { id: id }, { token });
    expect(gone.status).toBe(404);
    expect(gone.code).toBe(1017);
    expect((await server.request(commonSettingApi.remove, { id: id }, { token })).code).toBe(1017);
    const actions = (await server.db.select().from(auditLogs).where(eq(auditLogs.objectType, 'common_setting'))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['commonSetting.add', 'commonSetting.edit', 'commonSetting.remove']));
  });

  it('refuses a name already used, whatever its case, with the catalogue message', async () => {
    const dup = await server.request(commonSettingApi.add, { name: 'Tour_Enabled', value: 'x', description: 'd' }, { token, lang: 'th' });
    expect(dup.status).toBe(409);
    expect(dup.code).toBe(2021);
    expect(dup.message).toBe('มีชื่อการตั้งค่านี้แล้ว');
    const [other] = await server.db.select().from(commonSettings).where(eq(commonSettings.name, 'telemetry_retention'));
    const rename = await server.request(
      commonSettingApi.edit,
      { id: other!.id, name: 'tour_enabled', value: '1', description: 'd' },
      { token },
    );
    expect(rename.code).toBe(2021);
    const unknown = await server.request(commonSettingApi.edit, { id: 999999, name: 'nothing', value: '1', description: 'd' }, { token });
    expect(unknown.code).toBe(1017);
  });

  it('refuses bad input naming the fields, in the caller language', async () => {
    const answer = await server.call('POST', endpointUrl(commonSettingApi.add), {
      token,
      body: { name: 'has.dot', value: '', description: 'x'.repeat(501) },
      lang: 'in',
    });
    expect(answer.status).toBe(400);
    const fields = answer.data.fields as { field: string; message: string }[];
    expect(fields.map((f) => f.field).sort()).toEqual(['description', 'name', 'value']);
    expect(fields.find((f) => f.field === 'description')?.message).toBe('Deskripsi terlalu panjang');
    expect(answer.message).toBe(fields[0]!.message);
    const script = await server.call('POST', endpointUrl(commonSettingApi.add), {
      token,
      body: { name: 'ok', value: 'javascript:alert(1)', description: 'd' },
    });
    expect(script.code).toBe(1014);
    const noId = await server.call('GET', endpointUrl(commonSettingApi.detail), { token, query: { id: 'abc' } });
    expect(noId.status).toBe(400);
  });

  it('refuses a value the product cannot use for a setting it reads, beside the value, and keeps the old one', async () => {
    const [trip] = await server.db.select().from(commonSettings).where(eq(commonSettings.name, 'trip_stop_minutes'));
    const edit = (value: string, lang?: 'zh') =>
      server.call('POST', endpointUrl(commonSettingApi.edit), {
        token,
        body: { id: trip!.id, name: 'trip_stop_minutes', value, description: trip!.description },
        ...(lang ? { lang } : {}),
      });
    const refusals: Record<string, string> = {
      '0': 'Value must be at least 1',
      '-5': 'Value must be a whole number',
      '7.5': 'Value must be a whole number',
      ten: 'Value must be a whole number',
      '1441': 'Value is too large',
    };
    for (const [value, message] of Object.entries(refusals)) {
      const answer = await edit(value);
      expect(answer.status, value).toBe(400);
      expect((answer.data.fields as { field: string; message: string }[])[0], value).toEqual({ field: 'value', message });
    }
    expect((await edit('0', 'zh')).message).toBe('值不能小于 1');
    const [after] = await server.db.select().from(commonSettings).where(eq(commonSettings.id, trip!.id));
    expect(after!.value).toBe(trip!.value);
    expect((await edit(' 15 ')).code).toBe(1);
    // Only the settings of the rule table have a rule, not the names every object inherits.
    for (const name of ['__proto__', 'constructor', 'toString'])
      expect((await server.request(commonSettingApi.add, { name, value: 'any text', description: 'd' }, { token })).status, name).not.toBe(
        500,
      );
    expect((await server.request(commonSettingApi.add, { name: 'tour_enabled_2', value: 'maybe', description: 'd' }, { token })).code).toBe(
      1,
    );
    const tour = await server.call('POST', endpointUrl(commonSettingApi.add), {
      token,
      body: { name: 'tour_enabled', value: 'maybe', description: 'd' },
    });
    expect(tour.status).toBe(400);
  });

  it('exports the filtered settings as CSV', async () => {
    const raw = (await server.request(commonSettingApi.export, { keyword: 'telemetry' }, { token })).raw;
    expect(raw.headers['content-type']).toContain('text/csv');
    const lines = raw.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('ID,Name,Value,Description,Remark,Updated at');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('telemetry_retention');
  });

  it('lets a merchant holding the screen read settings but never change them', async () => {
    const merchantToken = (await createMerchant(server, token, { menuCodes: ['admin.commonSetting'] })).admin.token;
    expect((await server.request(commonSettingApi.search, {}, { token: merchantToken })).code).toBe(1);
    const add = await server.request(commonSettingApi.add, { name: 'sneaky', value: '1', description: 'd' }, { token: merchantToken });
    expect(add.status).toBe(403);
    expect(add.code).toBe(2003);
  });

  it('tells the login page whether the tour runs, from the tour_enabled setting', async () => {
    expect((await server.request(sessionApi.config, undefined)).data.tourEnabled).toBe(true);
    const [tour] = await server.db.select().from(commonSettings).where(eq(commonSettings.name, 'tour_enabled'));
    await server.request(
      commonSettingApi.edit,
      { id: tour!.id, name: 'tour_enabled', value: 'false', description: tour!.description },
      { token },
    );
    expect((await server.request(sessionApi.config, undefined)).data.tourEnabled).toBe(false);
  });
});
