import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpointUrl, notificationApi, type Language } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createAccount, createMerchant, createRole, platformAdmin } from '../../test/factories.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { notifications } from './notification.table.js';

const NOTICE = { title: 'Station maintenance', description: 'Sudirman station closes on Sunday 02:00–04:00.', countryCode: 'ID' } as const;

describe('notifications', () => {
  let server: TestServer;
  let admin: string;
  let agent: string; // a merchant's administrator with every notification action
  let rival: string; // another merchant's, same grants
  let reader: string; // the list only, no actions

  const add = (token: string, body: Record<string, unknown>, lang?: Language) =>
    server.call('POST', endpointUrl(notificationApi.add), { token, body, ...(lang ? { lang } : {}) });
  const titles = async (token: string, filter: Record<string, unknown> = {}) =>
    (await server.request(notificationApi.search, filter, { token })).data.records.map((r) => r.title);
  const rowOf = async (id: number) => (await server.db.select().from(notifications).where(eq(notifications.id, id)))[0];

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    const menuCodes = ['message.updateMessage'];
    const agentMerchant = await createMerchant(server, admin, { menuCodes });
    agent = agentMerchant.admin.token;
    rival = (await createMerchant(server, admin, { menuCodes })).admin.token;
    const listOnly = await createRole(server, admin, { menuCodes, menusOnly: true, merchantId: agentMerchant.id });
    reader = (await createAccount(server, admin, { merchantId: agentMerchant.id, roleIds: [listOnly.id] })).token;
  });
  afterAll(() => server.close());

  it('adds a notification for the caller’s tenant, audited, and lists it newest first', async () => {
    const added = await server.request(notificationApi.add, NOTICE, { token: agent });
    expect(added.code).toBe(1);
    expect(added.data).toMatchObject({ ...NOTICE, merchantId: expect.any(Number) });
    await server.request(notificationApi.add, { title: 'Songkran hours', description: 'Open 24 h.', countryCode: 'TH' }, { token: rival });
    await server.request(
      notificationApi.add,
      { title: 'Platform notice', description: 'New app version.', countryCode: 'ID' },
      { token: admin },
    );
    const [audit] = await server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'notification.add'), eq(auditLogs.objectId, String(added.data.id))));
    expect(audit?.changes).toEqual(NOTICE);
    expect(await titles(admin)).toEqual(['Platform notice', 'Songkran hours', 'Station maintenance']);
  });

  it('shows each merchant only its own notifications; the platform sees every tenant’s', async () => {
    expect(await titles(agent)).toEqual(['Station maintenance']);
    expect(await titles(rival)).toEqual(['Songkran hours']);
    expect(await titles(reader)).toEqual(['Station maintenance']);
    expect(await titles(admin, { countryCode: 'TH' })).toEqual(['Songkran hours']);
    expect(await titles(admin, { title: 'MAINT' })).toEqual(['Station maintenance']);
    expect(await titles(admin, { title: '%' })).toEqual([]);
    expect(await titles(admin, { sort: { field: 'title', order: 'ascend' } })).toEqual([
      'Platform notice',
      'Songkran hours',
      'Station maintenance',
    ]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(await titles(admin, { createdFrom: future })).toEqual([]);
    expect(await titles(admin, { createdTo: future, countryCode: 'ID' })).toHaveLength(2);
  });

  it('edits and removes only the caller’s own; another tenant’s answers “does not exist” and stays', async () => {
    const [theirs] = (await server.request(notificationApi.search, {}, { token: rival })).data.records;
    const edited = await server.call('POST', endpointUrl(notificationApi.edit), { token: agent, body: { ...NOTICE, id: theirs!.id } });
    expect([edited.status, edited.code]).toEqual([404, 1017]);
    const removed = await server.request(notificationApi.remove, { id: theirs!.id }, { token: agent });
    expect(removed.code).toBe(1017);
    expect((await rowOf(theirs!.id))?.title).toBe('Songkran hours');

    const [own] = (await server.request(notificationApi.search, {}, { token: agent })).data.records;
    const changed = await server.request(notificationApi.edit, { ...NOTICE, id: own!.id, title: 'Station closed' }, { token: agent });
    expect(changed.data.title).toBe('Station closed');
    const [audit] = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'notification.edit'));
    expect(audit?.changes).toEqual({ title: ['Station maintenance', 'Station closed'] });
    // The platform outranks every tenant.
    expect((await server.request(notificationApi.edit, { ...NOTICE, id: theirs!.id, countryCode: 'MY' }, { token: admin })).code).toBe(1);
  });

  it('refuses an account without the action, and changes nothing', async () => {
    const refused = await add(reader, NOTICE, 'zh');
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('无权限');
    expect(await titles(reader)).toEqual(['Station closed']);
  });

  it('refuses a missing or too long title or description, and an unknown country, naming the field in the caller’s language', async () => {
    const before = await server.db.select().from(notifications);
    const empty = await add(agent, { ...NOTICE, title: '' }, 'in');
    expect(empty.status).toBe(400);
    expect(empty.message).toContain('Judul');
    expect((await add(agent, { ...NOTICE, title: 'x'.repeat(101) })).status).toBe(400);
    expect((await add(agent, { ...NOTICE, title: 'x'.repeat(100) })).code).toBe(1);
    const long = await add(agent, { ...NOTICE, description: 'x'.repeat(1001) }, 'th');
    expect(long.status).toBe(400);
    expect(long.message).toContain('คำอธิบาย');
    expect((await add(agent, { ...NOTICE, description: undefined })).status).toBe(400);
    const country = await add(agent, { ...NOTICE, countryCode: 'XX' }, 'zh');
    expect(country.status).toBe(400);
    expect(country.message).toContain('国家');
    expect(await server.db.select().from(notifications)).toHaveLength(before.length + 1);
  });

  it('removes once when two removals race; the second answers “does not exist”', async () => {
    const added = await server.request(notificationApi.add, { ...NOTICE, title: 'Twice' }, { token: agent });
    const answers = await Promise.all([1, 2].map(() => server.request(notificationApi.remove, { id: added.data.id }, { token: agent })));
    expect(answers.map((a) => a.code).sort()).toEqual([1, 1017]);
    expect(await rowOf(added.data.id)).toBeUndefined();
  });

  it('exports the caller’s own notifications as CSV with headers in the caller’s language', async () => {
    const csv = await server.call('POST', endpointUrl(notificationApi.export), { token: agent, body: {}, lang: 'in' });
    const text = csv.raw.body;
    expect(text.split('\n')[0]).toContain('Judul');
    expect(text).toContain('Station closed');
    expect(text).not.toContain('Songkran');
  });
});
