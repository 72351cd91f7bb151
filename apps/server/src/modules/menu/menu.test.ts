import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpointUrl, menuApi, roleApi, type MenuExportFile, type PermissionNode } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { roleMenus } from '../role/role.table.js';
import { succeed } from '../../test/factories.js';
import { menus, resources } from './menu.table.js';

function findNode(tree: PermissionNode[], code: string): PermissionNode | undefined {
  for (const node of tree) {
    if (node.code === code) return node;
    const inner = findNode(node.children, code);
    if (inner) return inner;
  }
  return undefined;
}

async function auditActions(server: TestServer, action: string) {
  return server.db.select().from(auditLogs).where(eq(auditLogs.action, action));
}

describe('menus', () => {
  let server: TestServer;
  let token: string;
  let adminGroupId: number;
  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    token = await server.login('admin');
    const [group] = await server.db.select().from(menus).where(eq(menus.code, 'admin'));
    adminGroupId = group!.id;
  });
  afterAll(() => server.close());

  async function resourceId(code: string): Promise<number> {
    const [row] = await server.db.select().from(resources).where(eq(resources.code, code));
    return row!.id;
  }

  it('answers the whole tree with resources for the editor', async () => {
    const answer = await server.request(menuApi.tree, undefined, { token });
    expect(answer.code).toBe(1);
    expect(answer.data.map((n: PermissionNode) => n.code)).toEqual([
      'product-center',
      'operation-center',
      'order-center',
      'user-center',
      'system-center',
      'statistics-center',
    ]);
    const item = findNode(answer.data, 'admin.resource');
    expect(item?.resources.map((r) => r.code)).toContain('admin.resource.import');
  });

  it('adds a menu under a parent with resources and audits it', async () => {
    const rid = await resourceId('admin.area.export');
    const added = await server.request(
      menuApi.add,
      {
        parentId: adminGroupId,
        name: 'Reports',
        code: 'admin.reports',
        url: '/system/reports',
        iconfont: 'FileOutlined',
        sort: 9,
        resourceIds: [rid, rid],
      },
      { token },
    );
    expect(added.code).toBe(1);
    expect(added.data).toMatchObject({ parentId: adminGroupId, code: 'admin.reports', resourceIds: [rid] });
    const tree = (await server.request(menuApi.tree, undefined, { token })).data;
    expect(findNode(tree, 'admin')?.children.map((c) => c.code)).toContain('admin.reports');
    expect(findNode(tree, 'admin.reports')?.resources.map((r) => r.code)).toEqual(['admin.area.export']);
    expect((await auditActions(server, 'menu.add')).some((row) => row.objectId === String(added.data.id))).toBe(true);
  });

  it('adds a root menu with parentId -1 and defaults', async () => {
    const added = await server.request(menuApi.add, { parentId: -1, name: 'Labs', code: 'labs-center' }, { token });
    expect(added.data).toMatchObject({ parentId: -1, url: '', iconfont: '', sort: 0, resourceIds: [] });
  });

  it('refuses a duplicate code, an unknown parent and unknown resources', async () => {
    const dup = await server.request(menuApi.add, { parentId: -1, name: 'Again', code: 'admin.role' }, { token, lang: 'zh' });
    expect(dup.status).toBe(409);
    expect(dup.code).toBe(2017);
    expect(dup.message).toBe('菜单编码已存在');
    const orphan = await server.call('POST', endpointUrl(menuApi.add), {
      token,
      body: { parentId: 999999, name: 'Orphan', code: 'orphan' },
      lang: 'th',
    });
    expect(orphan.status).toBe(400);
    expect(orphan.code).toBe(1021);
    expect(orphan.message).toBe('ค่าของ เมนูหลัก ไม่ถูกต้อง');
    expect(orphan.data.fields[0].field).toBe('parentId');
    const ghost = await server.request(menuApi.add, { parentId: -1, name: 'Ghost', code: 'ghost', resourceIds: [999999] }, { token });
    expect(ghost.code).toBe(2011);
    expect(await server.db.select().from(menus).where(eq(menus.code, 'ghost'))).toHaveLength(0);
  });

  it('refuses bad menu input naming the fields', async () => {
    const answer = await server.call('POST', endpointUrl(menuApi.add), {
      token,
      body: { parentId: -2, name: '', code: 'a b', sort: 1.5 },
    });
    expect(answer.status).toBe(400);
    expect(answer.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['code', 'name', 'parentId', 'sort']);
    const script = await server.call('POST', endpointUrl(menuApi.add), {
      token,
      body: { parentId: -1, name: 'x', code: 'x', iconfont: '<img onerror=alert(1)>' },
    });
    expect(script.code).toBe(1014);
  });

  it('edits a menu: moves it, replaces its resources, refuses itself or a descendant as parent', async () => {
    const parent = await server.request(menuApi.add, { parentId: -1, name: 'Parent', code: 'tmp.parent' }, { token });
    const child = await server.request(menuApi.add, { parentId: parent.data.id, name: 'Child', code: 'tmp.child' }, { token });
    const base = { name: 'Parent', code: 'tmp.parent', url: '', iconfont: '', sort: 0, resourceIds: [] };
    const self = await server.request(menuApi.edit, { ...base, id: parent.data.id, parentId: parent.data.id }, { token });
    expect(self.code).toBe(1021);
    const loop = await server.call('POST', endpointUrl(menuApi.edit), {
      token,
      body: { ...base, id: parent.data.id, parentId: child.data.id },
    });
    expect(loop.code).toBe(1021);
    expect(loop.data.fields[0].field).toBe('parentId');
    const taken = await server.request(menuApi.edit, { ...base, id: parent.data.id, parentId: -1, code: 'admin' }, { token });
    expect(taken.code).toBe(2017);
    const unknown = await server.request(menuApi.edit, { ...base, id: 999999, parentId: -1, code: 'zzz' }, { token });
    expect(unknown.code).toBe(1017);

    const rid = await resourceId('admin.role.grant');
    const moved = await server.request(
      menuApi.edit,
      {
        id: child.data.id,
        parentId: adminGroupId,
        name: 'Child moved',
        code: 'tmp.child',
        url: '/system/child',
        iconfont: 'X',
        sort: 3,
        resourceIds: [rid],
      },
      { token },
    );
    expect(moved.code).toBe(1);
    expect(moved.data).toMatchObject({ parentId: adminGroupId, name: 'Child moved', resourceIds: [rid] });
    const [audit] = await server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'menu.edit'), eq(auditLogs.objectId, String(child.data.id))));
    expect(audit?.changes).toMatchObject({
      parentId: [parent.data.id, adminGroupId],
      name: ['Child', 'Child moved'],
      resourceIds: [[], [rid]],
    });
  });

  it('refuses to remove a menu with children, removes a leaf and its role grants', async () => {
    const parent = await server.request(menuApi.add, { parentId: -1, name: 'Outer', code: 'rm.outer' }, { token });
    const leaf = await server.request(menuApi.add, { parentId: parent.data.id, name: 'Leaf', code: 'rm.leaf' }, { token });
    const blocked = await server.request(menuApi.remove, { id: parent.data.id }, { token, lang: 'in' });
    expect(blocked.status).toBe(409);
    expect(blocked.code).toBe(2016);
    expect(blocked.message).toBe('Menu memiliki sub-menu dan tidak dapat dihapus');

    const role = await succeed(server, roleApi.add, { name: 'Leaf keeper', description: 'holds the leaf', menuIds: [leaf.data.id] }, token);
    expect(await server.db.select().from(roleMenus).where(eq(roleMenus.roleId, role.id))).toEqual([
      { roleId: role.id, menuId: leaf.data.id },
    ]);
    expect((await server.request(menuApi.remove, { id: leaf.data.id }, { token })).code).toBe(1);
    expect(await server.db.select().from(roleMenus).where(eq(roleMenus.menuId, leaf.data.id))).toHaveLength(0);
    expect((await server.request(menuApi.remove, { id: parent.data.id }, { token })).code).toBe(1);
    expect((await server.request(menuApi.remove, { id: parent.data.id }, { token })).code).toBe(1017);
    const removal = await auditActions(server, 'menu.remove');
    expect(removal.find((row) => row.objectId === String(leaf.data.id))?.changes).toMatchObject({
      code: 'rm.leaf',
      revokedFromRoles: [role.id],
    });
  });
});

describe('menu export and import', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    token = await server.login('admin');
  });
  afterAll(() => server.close());

  async function exported(): Promise<MenuExportFile> {
    const raw = (await server.request(menuApi.export, undefined, { token })).raw;
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-disposition']).toMatch(/^attachment; filename="menus-\d{4}-\d{2}-\d{2}\.json"$/);
    return JSON.parse(raw.body) as MenuExportFile;
  }

  async function snapshot() {
    return {
      menus: await server.db.select().from(menus).orderBy(menus.id),
      resources: await server.db.select().from(resources).orderBy(resources.id),
      tree: (await server.request(menuApi.tree, undefined, { token })).data,
    };
  }

  it('exports every menu parent-first with its resource codes', async () => {
    const file = await exported();
    expect(file.version).toBe(1);
    const seen = new Set<string>();
    for (const menu of file.menus) {
      if (menu.parentCode !== null) expect(seen.has(menu.parentCode)).toBe(true);
      seen.add(menu.code);
    }
    expect(file.menus.find((m) => m.code === 'admin.resource')?.resourceCodes).toContain('admin.resource.import');
    expect(file.resources.length).toBe((await server.db.select().from(resources)).length);
  });

  it('imports its own export without changing anything', async () => {
    const before = await snapshot();
    const file = await exported();
    const answer = await server.request(menuApi.import, file, { token });
    expect(answer.code).toBe(1);
    expect(answer.data).toEqual({
      menusCreated: 0,
      menusUpdated: file.menus.length,
      resourcesCreated: 0,
      resourcesUpdated: file.resources.length,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('round-trips changes: new menus and resources appear, existing ones are updated by code', async () => {
    const file = await exported();
    file.resources.push({ name: 'Archive', code: 'reports.archive', type: 'BUTTON', url: '' });
    file.menus.push({
      code: 'reports-center',
      parentCode: null,
      name: 'Reports',
      url: '',
      iconfont: 'BarChartOutlined',
      sort: 8,
      resourceCodes: [],
    });
    file.menus.push({
      code: 'reports.list',
      parentCode: 'reports-center',
      name: 'Report list',
      url: '/reports/list',
      iconfont: '',
      sort: 0,
      resourceCodes: ['reports.archive', 'admin.area.add'],
    });
    const area = file.menus.find((m) => m.code === 'admin.area')!;
    area.name = 'Regions';
    area.parentCode = 'reports-center';
    const answer = await server.request(menuApi.import, file, { token });
    expect(answer.data).toMatchObject({ menusCreated: 2, resourcesCreated: 1 });

    const tree = (await server.request(menuApi.tree, undefined, { token })).data;
    const reports = findNode(tree, 'reports-center');
    expect(reports?.children.map((c) => c.code).sort()).toEqual(['admin.area', 'reports.list']);
    expect(
      findNode(tree, 'reports.list')
        ?.resources.map((r) => r.code)
        .sort(),
    ).toEqual(['admin.area.add', 'reports.archive']);
    expect(findNode(tree, 'admin.area')?.name).toBe('Regions');

    const again = await exported();
    expect(again.menus.find((m) => m.code === 'reports.list')).toEqual({
      ...file.menus.find((m) => m.code === 'reports.list'),
      resourceCodes: ['admin.area.add', 'reports.archive'],
    });
    expect((await auditActions(server, 'menu.import')).length).toBeGreaterThanOrEqual(2);
  });

  it('a bad file changes nothing: unknown parent, unknown resource, a loop, duplicates, bad schema', async () => {
    const before = await snapshot();
    const base = await exported();
    const newResource = { name: 'Never', code: 'never.created', type: 'BUTTON' as const, url: '' };
    const menu = (code: string, parentCode: string | null, resourceCodes: string[] = []) => ({
      code,
      parentCode,
      name: code,
      url: '',
      iconfont: '',
      sort: 0,
      resourceCodes,
    });

    const unknownParent = await server.request(
      menuApi.import,
      { ...base, resources: [...base.resources, newResource], menus: [...base.menus, menu('never.menu', 'no-such-parent')] },
      { token, lang: 'in' },
    );
    expect(unknownParent.code).toBe(1021);
    expect(unknownParent.message).toBe('Nilai Kode menu induk tidak valid');

    const unknownResource = await server.request(
      menuApi.import,
      {
        ...base,
        resources: [...base.resources, newResource],
        menus: [...base.menus, menu('never.menu', null, ['no.such.resource'])],
      },
      { token },
    );
    expect(unknownResource.code).toBe(2011);

    const loop = await server.request(
      menuApi.import,
      { ...base, menus: [...base.menus.filter((m) => m.code !== 'admin'), menu('admin', 'admin.role')] },
      { token },
    );
    expect(loop.code).toBe(1021);

    const dupMenu = await server.request(menuApi.import, { ...base, menus: [...base.menus, menu('admin', null)] }, { token });
    expect(dupMenu.code).toBe(2017);
    const dupResource = await server.request(
      menuApi.import,
      { ...base, resources: [...base.resources, newResource, newResource] },
      { token },
    );
    expect(dupResource.code).toBe(2010);

    const badSchema = await server.call('POST', endpointUrl(menuApi.import), {
      token,
      body: { ...base, version: 2, menus: [{ code: 'x y' }] },
    });
    expect(badSchema.status).toBe(400);
    expect(badSchema.data.fields.map((f: { field: string }) => f.field)).toContain('version');

    const script = await server.call('POST', endpointUrl(menuApi.import), {
      token,
      body: { ...base, menus: [...base.menus, { ...menu('xss', null), name: '<script>1</script>' }] },
    });
    expect(script.code).toBe(1014);

    expect(await snapshot()).toEqual(before);
  });
});
