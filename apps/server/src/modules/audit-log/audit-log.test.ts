import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogApi, commonSettingApi, endpointUrl } from '@swap/contracts';
import { OWN_SERVER_TEST_TIMEOUT, startTestServer, type TestServer } from '../../test/harness.js';
import { createMerchant, platformAdmin, type Caller } from '../../test/factories.js';
import { auditLogs } from './audit-log.table.js';

describe('audit log', () => {
  let server: TestServer;
  let admin: string;
  let merchant: Caller;
  let merchantName: string;
  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    // Its administrator signs in as it is made: the trail's entries under another name than admin.
    const made = await createMerchant(server, admin);
    merchant = made.admin;
    merchantName = made.name;
    await server.call('POST', endpointUrl(commonSettingApi.add), {
      token: admin,
      body: { name: 'audit_probe', value: '1', description: 'probe' },
      headers: { 'request-time': '1790000000000' },
    });
    await server.db
      .insert(auditLogs)
      .values({ username: 'old', action: 'login', objectType: 'session', at: new Date('2025-01-01T00:00:00Z') });
  });
  afterAll(() => server.close());

  it('pages newest first with the request time the client sent', async () => {
    const answer = await server.request(auditLogApi.search, {}, { token: admin });
    expect(answer.code).toBe(1);
    const records = answer.data.records as { at: string; action: string; requestTime: string | null; changes: unknown }[];
    expect(records.map((r) => r.at)).toEqual([...records.map((r) => r.at)].sort().reverse());
    expect(records[0]).toMatchObject({ action: 'commonSetting.add', requestTime: new Date(1790000000000).toISOString() });
    expect(records[0]!.changes).toMatchObject({ name: 'audit_probe' });
    expect(records.at(-1)?.at).toBe('2025-01-01T00:00:00.000Z');
  });

  it('filters by username, action, object type and time range', async () => {
    // Part of the name, in another case.
    const byUser = await server.request(auditLogApi.search, { username: merchant.username.slice(0, 7).toUpperCase() }, { token: admin });
    expect(byUser.data.records.length).toBeGreaterThan(0);
    expect(byUser.data.records.every((r: { username: string }) => r.username === merchant.username)).toBe(true);
    const byAction = await server.request(auditLogApi.search, { action: 'commonSetting.', objectType: 'common_setting' }, { token: admin });
    expect(byAction.data.total).toBe(1);
    const range = await server.request(
      auditLogApi.search,
      { from: '2024-12-31T00:00:00Z', to: '2025-01-02T00:00:00+07:00' },
      { token: admin },
    );
    expect(range.data.records.map((r: { username: string }) => r.username)).toEqual(['old']);
    const nulls = await server.request(
      auditLogApi.search,
      { username: null, action: null, objectType: null, from: null, to: null },
      { token: admin },
    );
    const everything = await server.request(auditLogApi.search, {}, { token: admin });
    expect(nulls.data.total).toBe(everything.data.total);
  });

  it('refuses a malformed date naming the field, in the caller language', async () => {
    const answer = await server.call('POST', endpointUrl(auditLogApi.search), { token: admin, body: { from: 'yesterday' }, lang: 'zh' });
    expect(answer.status).toBe(400);
    expect(answer.data.fields[0].field).toBe('from');
    expect(answer.message).toBe('开始无效');
  });

  it('is for super administrators only', async () => {
    const answer = await server.request(auditLogApi.search, {}, { token: merchant.token });
    expect(answer.status).toBe(403);
    expect(answer.code).toBe(2003);
  });

  it('exports the filtered trail as CSV in the words of the screen', async () => {
    const raw = (await server.request(auditLogApi.export, { objectType: 'common_setting' }, { token: admin })).raw;
    expect(raw.headers['content-type']).toContain('text/csv');
    const lines = raw.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time,Request time,Username,Tenant,Action,Object,Object ID,Changes,IP address,Succeeded');
    expect(lines).toHaveLength(2);
    // Action and object in the words the screen shows, the id in its own column.
    expect(lines[1]).toContain(',Added common setting,Common setting,');
    expect(lines[1]).toContain('Name: “audit_probe”; Value: “1”');
    // The platform's own entry names the platform, as the screen does.
    expect(lines[1]).toContain(',admin,Platform,');
  });

  it("names each entry's tenant on the screen and in the export", async () => {
    const page = await server.request(auditLogApi.search, { username: merchant.username }, { token: admin });
    const own = (page.data.records as { merchantName: string | null }[])[0];
    expect(own?.merchantName).toBe(merchantName);
    const raw = (await server.request(auditLogApi.export, { username: merchant.username }, { token: admin })).raw;
    expect(raw.body).toContain(`,${merchant.username},${merchantName},`);
  });

  it(
    'fails a test server that wrote a key of changes with no label, naming it',
    async () => {
      const other = await startTestServer({ DEMO: '0' });
      await other.db
        .insert(auditLogs)
        .values({ username: 'x', action: 'login', objectType: 'session', changes: { title: 'a', hueShift: 3 } });
      await expect(other.close()).rejects.toThrow(/FIELD_LABELS.*: hueShift$/);
    },
    OWN_SERVER_TEST_TIMEOUT,
  );
});
