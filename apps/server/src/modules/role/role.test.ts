import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountApi, endpointUrl, merchantApi, roleApi } from '@swap/contracts';
import { eq, inArray } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  FACTORY_PASSWORD,
  createAccount,
  createMerchant,
  createRole,
  platformAdmin,
  succeed,
  type Caller,
  type MerchantFixture,
} from '../../test/factories.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { menus, resources } from '../menu/menu.table.js';
import { roleMenus, roles } from './role.table.js';

interface Node {
  id: number;
  code: string;
  resources: { id: number; code: string }[];
  children: Node[];
}

function flatten(nodes: Node[]): Node[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

describe('roles', () => {
  let server: TestServer;
  let admin: string;
  let agent: MerchantFixture;
  let merchant: string;
  let clerk: Caller;
  let agentId: number;
  let siamId: number;
  let siamName: string;
  const menuId: Record<string, number> = {};
  const resourceId: Record<string, number> = {};

  const add = (token: string, body: Record<string, unknown>, lang?: 'en' | 'in' | 'th' | 'zh') =>
    server.call('POST', endpointUrl(roleApi.add), { token, body, ...(lang ? { lang } : {}) });
  const edit = (token: string, body: Record<string, unknown>) => server.call('POST', endpointUrl(roleApi.edit), { token, body });

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    agent = await createMerchant(server, admin);
    merchant = agent.admin.token;
    agentId = agent.id;
    // The agent's second role, held by one clerk; the other merchant has no role at all.
    const clerkRole = await createRole(server, merchant, {
      name: 'Station clerk',
      sort: 2,
      menuCodes: ['operation.battery', 'operation.cabinet', 'record.swap', 'record.appointment'],
    });
    clerk = await createAccount(server, merchant, { type: 'SON', roleIds: [clerkRole.id] });
    const siam = await succeed(
      server,
      merchantApi.add,
      { name: 'Siam Swap Direct', type: 'DIRECT', personInCharge: 'Somchai Wong', contact: '+66 81 234 5678', officeAddress: 'Bangkok' },
      admin,
    );
    siamId = siam.id;
    siamName = siam.name;
    for (const row of await server.db.select().from(menus)) menuId[row.code] = row.id;
    for (const row of await server.db.select().from(resources)) resourceId[row.code] = row.id;
  });
  afterAll(() => server.close());

  describe('search, detail and the grantable tree', () => {
    it('lists a merchant’s roles only to that merchant, with grants and account counts', async () => {
      const mine = await server.request(roleApi.search, { sort: { field: 'sort', order: 'ascend' } }, { token: merchant });
      expect(mine.data.records.map((r: { name: string }) => r.name)).toEqual([agent.roleName, 'Station clerk']);
      const clerkRole = mine.data.records[1]!;
      expect(clerkRole).toMatchObject({ merchantId: agentId, merchantName: agent.name, accountCount: 1 });
      expect(clerkRole.menuIds).toEqual(expect.arrayContaining([menuId['operation.battery'], menuId['record.swap']]));
      const byKeyword = await server.request(roleApi.search, { keyword: 'clerk' }, { token: admin });
      expect(byKeyword.data.records.map((r: { name: string }) => r.name)).toEqual(['Station clerk']);
      const otherMerchant = await server.request(roleApi.search, { merchantId: siamId }, { token: merchant });
      expect(otherMerchant.data.total).toBe(0);
      expect((await server.call('POST', endpointUrl(roleApi.search), { token: merchant, body: { current: 0 } })).status).toBe(400);
    });

    it('answers the tree of what the caller may grant', async () => {
      const mine = flatten((await server.request(roleApi.grantable, undefined, { token: merchant })).data);
      const codes = mine.map((node) => node.code);
      expect(codes).toContain('admin.admin');
      expect(codes).not.toContain('admin.resource');
      expect(mine.find((node) => node.code === 'admin.role')!.resources.map((r) => r.code)).toContain('admin.role.grant');
      const all = flatten((await server.request(roleApi.grantable, undefined, { token: admin })).data);
      expect(all.map((node) => node.code)).toContain('admin.resource');
      expect((await server.request(roleApi.grantable, undefined, { token: clerk.token })).code).toBe(2005);
    });
  });

  describe('add', () => {
    it('creates a role in the merchant’s own tenant with menus and resources it holds, audited', async () => {
      const created = await add(merchant, {
        name: 'Night shift',
        description: 'Watches cabinets at night',
        sort: 3,
        merchantId: siamId,
        menuIds: [menuId['operation.cabinet']],
        resourceIds: [resourceId['operation.cabinet.command']],
      });
      expect(created.code).toBe(1);
      expect(created.data).toMatchObject({
        name: 'Night shift',
        merchantId: agentId,
        sort: 3,
        menuIds: [menuId['operation.cabinet']],
        accountCount: 0,
      });
      const audit = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'role.add'));
      expect(audit.some((entry) => entry.objectId === String(created.data.id))).toBe(true);
    });

    it('refuses granting what the caller does not hold, and unknown menus or resources', async () => {
      const unheld = await add(merchant, { name: 'Menu keeper', description: 'x', menuIds: [menuId['admin.resource']] }, 'zh');
      expect(unheld.code).toBe(2018);
      expect(unheld.status).toBe(403);
      expect(unheld.message).toBe('不能授予自己未拥有的权限');
      expect((await add(merchant, { name: 'Importer', description: 'x', resourceIds: [resourceId['admin.resource.import']] })).code).toBe(
        2018,
      );
      const unknownMenu = await add(merchant, { name: 'Ghost menu', description: 'x', menuIds: [999999] });
      expect(unknownMenu.code).toBe(1021);
      expect(unknownMenu.data.fields[0].field).toBe('menuIds');
      expect((await add(merchant, { name: 'Ghost resource', description: 'x', resourceIds: [999999] })).code).toBe(2011);
      expect(
        await server.db
          .select()
          .from(roles)
          .where(inArray(roles.name, ['Menu keeper', 'Importer', 'Ghost menu', 'Ghost resource'])),
      ).toEqual([]);
    });

    it('keeps names unique within a tenant whatever the case, but not across tenants', async () => {
      const duplicate = await add(merchant, { name: 'station CLERK', description: 'again' });
      expect(duplicate.code).toBe(1018);
      expect(duplicate.status).toBe(409);
      const elsewhere = await add(admin, { name: 'Station clerk', description: 'Siam clerk', merchantId: siamId });
      expect(elsewhere.data).toMatchObject({ merchantId: siamId, merchantName: siamName });
      const platform = await add(admin, { name: 'Station clerk', description: 'Platform clerk' });
      expect(platform.data).toMatchObject({ merchantId: null, merchantName: null });
      expect((await add(admin, { name: 'Station Clerk', description: 'twice' })).code).toBe(1018);
      expect((await add(admin, { name: 'Orphan', description: 'x', merchantId: 99999 })).code).toBe(2008);
    });

    it('validates name (1–20 letters, digits, _ and -), description (1–500), sort and scripts', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: 'n'.repeat(21) }, 'name'],
        [{ name: 'semi;colon' }, 'name'],
        [{ name: '   ' }, 'name'],
        [{ description: '' }, 'description'],
        [{ description: 'd'.repeat(501) }, 'description'],
        [{ sort: -1 }, 'sort'],
        [{ menuIds: ['a'] }, 'menuIds.0'],
      ];
      for (const [patch, field] of cases) {
        const answer = await add(merchant, { name: 'Valid_name-1', description: 'ok', ...patch });
        expect(answer.status, JSON.stringify(patch)).toBe(400);
        expect(answer.data.fields[0].field).toBe(field);
      }
      const thai = await add(merchant, { name: 'พนักงาน_กะดึก', description: 'd'.repeat(500) });
      expect(thai.code).toBe(1);
      const empty = await add(merchant, { name: 'Valid', description: '' }, 'th');
      expect(empty.message).toBe('กรุณากรอกคำอธิบาย');
      const script = await add(merchant, { name: 'Valid', description: '<script>alert(1)</script>' }, 'in');
      expect(script.code).toBe(1014);
      expect(script.message).toBe('Masukan tidak valid: skrip tidak diizinkan');
    });
  });

  describe('the grant permission', () => {
    let editor: string;
    beforeAll(async () => {
      // A sub-account that may add and edit roles but not grant menus.
      const role = await add(merchant, {
        name: 'Role editor',
        description: 'Edits role texts',
        menuIds: [menuId['admin.role']],
        resourceIds: [resourceId['admin.role.add'], resourceId['admin.role.edit']],
      });
      expect(role.code).toBe(1);
      await createAccount(server, merchant, { type: 'SON', username: 'role.editor' });
      const search = await server.request(accountApi.search, { keyword: 'role.editor' }, { token: merchant });
      const assigned = await server.call('POST', endpointUrl(accountApi.assignRoles), {
        token: merchant,
        body: { id: search.data.records[0]!.id, roleIds: [role.data.id] },
      });
      expect(assigned.code).toBe(1);
      editor = await server.login('role.editor', FACTORY_PASSWORD);
    });

    it('needs admin.role.grant to change what a role grants, not to change its texts', async () => {
      expect((await add(editor, { name: 'Plain', description: 'No grants' })).code).toBe(1);
      expect((await add(editor, { name: 'Granting', description: 'x', menuIds: [menuId['admin.role']] })).code).toBe(2005);
      const plain = (await server.request(roleApi.search, { keyword: 'Plain' }, { token: editor })).data.records[0]!;
      expect((await edit(editor, { id: plain.id, name: 'Plain', description: 'Renamed text' })).data.description).toBe('Renamed text');
      expect((await edit(editor, { id: plain.id, name: 'Plain', description: 'Renamed text', menuIds: [menuId['admin.role']] })).code).toBe(
        2005,
      );
      expect((await server.call('GET', endpointUrl(roleApi.remove), { token: editor, query: { id: String(plain.id) } })).code).toBe(2005);
    });
  });

  describe('edit and remove', () => {
    it('edits within the tenant: adds only what the caller holds, may drop anything, audits the difference', async () => {
      const night = (await server.request(roleApi.search, { keyword: 'Night shift' }, { token: merchant })).data.records[0]!;
      const grown = await edit(merchant, {
        id: night.id,
        name: 'Night crew',
        description: 'Cabinets and swaps',
        sort: 4,
        menuIds: [menuId['operation.cabinet'], menuId['record.swap']],
        resourceIds: [],
      });
      expect(grown.data).toMatchObject({ name: 'Night crew', sort: 4, resourceIds: [] });
      const crewMenus = [menuId['operation.cabinet']!, menuId['record.swap']!].sort((a, b) => a - b);
      expect(grown.data.menuIds).toEqual(crewMenus);
      expect((await edit(merchant, { id: night.id, name: 'Night crew', description: 'x', menuIds: [menuId['admin.resource']] })).code).toBe(
        2018,
      );
      // A text-only edit keeps the grants.
      const textOnly = await edit(merchant, { id: night.id, name: 'Night crew', description: 'Only the text' });
      expect(textOnly.data.menuIds).toEqual(crewMenus);
      expect((await edit(merchant, { id: night.id, name: agent.roleName, description: 'x' })).code).toBe(1018);
      const audit = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'role.edit'));
      expect(audit.find((entry) => entry.objectId === String(night.id))!.changes).toMatchObject({ name: ['Night shift', 'Night crew'] });

      // A platform-made role with more than the merchant holds: the merchant may still remove grants.
      const big = await add(admin, {
        name: 'Big',
        description: 'x',
        merchantId: agentId,
        menuIds: [menuId['admin.resource'], menuId['record.swap']],
      });
      expect(
        (
          await edit(merchant, {
            id: big.data.id,
            name: 'Big',
            description: 'kept',
            menuIds: [menuId['admin.resource'], menuId['record.swap']],
          })
        ).code,
      ).toBe(1);
      expect((await edit(merchant, { id: big.data.id, name: 'Big', description: 'text only' })).data.menuIds).toHaveLength(2);
      expect(
        (await edit(merchant, { id: big.data.id, name: 'Big', description: 'kept', menuIds: [menuId['record.swap']] })).data.menuIds,
      ).toEqual([menuId['record.swap']]);
    });

    it('hides other tenants’ roles', async () => {
      const siamRole = (await server.request(roleApi.search, { merchantId: siamId }, { token: admin })).data.records[0]!;
      expect((await server.call('GET', endpointUrl(roleApi.detail), { token: merchant, query: { id: String(siamRole.id) } })).code).toBe(
        1017,
      );
      expect((await edit(merchant, { id: siamRole.id, name: 'Taken', description: 'x' })).status).toBe(404);
      expect((await server.call('GET', endpointUrl(roleApi.remove), { token: merchant, query: { id: String(siamRole.id) } })).code).toBe(
        1017,
      );
      expect((await server.call('GET', endpointUrl(roleApi.detail), { token: admin, query: { id: String(siamRole.id) } })).data.name).toBe(
        'Station clerk',
      );
    });

    it('refuses removing a role in use, removes an unused one with its grants', async () => {
      const clerk = (await server.request(roleApi.search, { keyword: 'Station clerk' }, { token: merchant })).data.records[0]!;
      const inUse = await server.call('GET', endpointUrl(roleApi.remove), {
        token: merchant,
        query: { id: String(clerk.id) },
        lang: 'in',
      });
      expect(inUse.code).toBe(2009);
      expect(inUse.status).toBe(409);
      expect(inUse.message).toBe('Peran sedang digunakan dan tidak dapat dihapus');
      const night = (await server.request(roleApi.search, { keyword: 'Night crew' }, { token: merchant })).data.records[0]!;
      expect((await server.call('GET', endpointUrl(roleApi.remove), { token: merchant, query: { id: String(night.id) } })).code).toBe(1);
      expect((await server.call('GET', endpointUrl(roleApi.detail), { token: merchant, query: { id: String(night.id) } })).code).toBe(1017);
      expect(await server.db.select().from(roleMenus).where(eq(roleMenus.roleId, night.id))).toEqual([]);
      expect((await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'role.remove'))).length).toBe(1);
    });
  });

  it('exports the filtered roles as CSV', async () => {
    const answer = await server.request(roleApi.export, { keyword: 'clerk' }, { token: merchant });
    expect(answer.raw.headers['content-type']).toContain('text/csv');
    const lines = answer.raw.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Station clerk');
    expect(lines[1]).toContain(agent.name);
  });
});
