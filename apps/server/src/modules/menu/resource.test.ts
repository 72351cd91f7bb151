import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl, resourceApi, roleApi } from '@swap/contracts';
import { and, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { roleResources } from '../role/role.table.js';
import { succeed } from '../../test/factories.js';
import { resources } from './menu.table.js';

describe('resources', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    token = await server.login('admin');
  });
  afterAll(() => server.close());

  it('pages resources with defaults and ignores null filters', async () => {
    const answer = await server.request(resourceApi.search, { name: null, code: null, type: null }, { token });
    expect(answer.code).toBe(1);
    expect(answer.data).toMatchObject({ current: 1, size: 20 });
    expect(answer.data.records).toHaveLength(20);
    expect(answer.data.total).toBeGreaterThan(100);
    expect(answer.data.pages).toBe(Math.ceil(answer.data.total / 20));
  });

  it('filters by code part, name part and type', async () => {
    const answer = await server.request(resourceApi.search, { code: 'admin.resource', type: 'BUTTON', size: 50 }, { token });
    const codes = answer.data.records.map((r: { code: string }) => r.code).sort();
    expect(codes).toEqual([
      'admin.resource.add',
      'admin.resource.edit',
      'admin.resource.export',
      'admin.resource.import',
      'admin.resource.remove',
    ]);
    const links = await server.request(resourceApi.search, { type: 'LINK', name: 'detail' }, { token });
    expect(links.data.records.length).toBeGreaterThan(0);
    expect(links.data.records.every((r: { type: string; name: string }) => r.type === 'LINK' && /detail/i.test(r.name))).toBe(true);
  });

  it('refuses an unknown type and a bad page naming the field', async () => {
    const answer = await server.call('POST', endpointUrl(resourceApi.search), { token, body: { type: 'MENU', current: 0 }, lang: 'th' });
    expect(answer.status).toBe(400);
    expect(answer.code).toBe(1002);
    expect(answer.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['current', 'type']);
  });

  it('adds a resource, audits it, and refuses the same code again with the catalogue message', async () => {
    const added = await server.request(
      resourceApi.add,
      { name: 'Print label', code: 'operation.battery.print', type: 'BUTTON', url: '' },
      { token },
    );
    expect(added.code).toBe(1);
    expect(added.data).toMatchObject({ name: 'Print label', code: 'operation.battery.print', type: 'BUTTON' });
    const again = await server.request(
      resourceApi.add,
      { name: 'Other', code: 'operation.battery.print', type: 'LINK' },
      { token, lang: 'in' },
    );
    expect(again.status).toBe(409);
    expect(again.code).toBe(2010);
    expect(again.message).toBe('Kode sumber daya sudah ada');
    const audit = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'resource.add'));
    expect(audit.some((row) => row.objectId === String(added.data.id) && row.username === 'admin')).toBe(true);
  });

  it('refuses bad input naming each field, in the caller language', async () => {
    const answer = await server.call('POST', endpointUrl(resourceApi.add), {
      token,
      body: { name: '', code: 'bad code!', type: 'BUTTON', url: 'no-slash' },
      lang: 'in',
    });
    expect(answer.status).toBe(400);
    const fields = answer.data.fields as { field: string; message: string }[];
    expect(fields.map((f) => f.field).sort()).toEqual(['code', 'name', 'url']);
    expect(fields.find((f) => f.field === 'code')?.message).toBe('Kode berisi karakter tidak sah');
    expect(fields.find((f) => f.field === 'name')?.message).toBe('Nama wajib diisi');
  });

  it('refuses script input with 1014', async () => {
    const answer = await server.call('POST', endpointUrl(resourceApi.add), {
      token,
      body: { name: '<script>x</script>', code: 'x.y', type: 'BUTTON' },
    });
    expect(answer.code).toBe(1014);
  });

  it('edits a resource, refuses a taken code and an unknown id', async () => {
    const added = await server.request(resourceApi.add, { name: 'Temp', code: 'temp.one', type: 'BUTTON' }, { token });
    const id = added.data.id;
    const edited = await server.request(
      resourceApi.edit,
      { id, name: 'Temp link', code: 'temp.two', type: 'LINK', url: '/x/y' },
      { token },
    );
    expect(edited.data).toEqual({ id, name: 'Temp link', code: 'temp.two', type: 'LINK', url: '/x/y' });
    const taken = await server.request(resourceApi.edit, { id, name: 'Temp', code: 'admin.resource.add', type: 'BUTTON' }, { token });
    expect(taken.code).toBe(2010);
    const unknown = await server.request(resourceApi.edit, { id: 999999, name: 'X', code: 'x.z', type: 'BUTTON' }, { token });
    expect(unknown.status).toBe(404);
    expect(unknown.code).toBe(2011);
    const [audit] = await server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'resource.edit'), eq(auditLogs.objectId, String(id))));
    expect(audit?.changes).toMatchObject({ code: ['temp.one', 'temp.two'], type: ['BUTTON', 'LINK'] });
  });

  it('removes a resource together with every role grant of it', async () => {
    const added = await server.request(resourceApi.add, { name: 'Granted', code: 'temp.granted', type: 'BUTTON' }, { token });
    const id = added.data.id;
    const role = await succeed(server, roleApi.add, { name: 'Granter', description: 'holds the button', resourceIds: [id] }, token);
    expect(await server.db.select().from(roleResources).where(eq(roleResources.roleId, role.id))).toEqual([
      { roleId: role.id, resourceId: id },
    ]);
    const removed = await server.request(resourceApi.remove, { id: id }, { token });
    expect(removed.code).toBe(1);
    expect(await server.db.select().from(roleResources).where(eq(roleResources.resourceId, id))).toHaveLength(0);
    expect(await server.db.select().from(resources).where(eq(resources.id, id))).toHaveLength(0);
    const again = await server.request(resourceApi.remove, { id: id }, { token });
    expect(again.code).toBe(2011);
    const missing = await server.call('GET', endpointUrl(resourceApi.remove), { token });
    expect(missing.status).toBe(400);
  });

  it('exports the filtered resources as CSV with localized headers', async () => {
    const raw = (await server.request(resourceApi.export, { code: 'admin.role' }, { token, lang: 'th' })).raw;
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toContain('text/csv');
    const lines = raw.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('ID,ชื่อ,รหัส,ประเภท,URL');
    expect(lines.slice(1).every((line) => line.includes('admin.role'))).toBe(true);
    expect(lines.length).toBeGreaterThan(2);
  });
});
