import { describe, expect, it } from 'vitest';
import type { PermissionNode } from '@swap/contracts';
import { buildGrantTree, grantsFromKeys, keysFromGrants, menuKey, resourceKey, toggleGrant, unseenGrants } from './grantTree';

const resource = (id: number, code: string) => ({ id, name: code, code, type: 'BUTTON' as const, url: '' });
const node = (
  id: number,
  parentId: number,
  code: string,
  sort: number,
  children: PermissionNode[] = [],
  resources: PermissionNode['resources'] = [],
): PermissionNode => ({
  id,
  parentId,
  code,
  name: code,
  url: '',
  iconfont: '',
  sort,
  children,
  resources,
});

// system-center → admin → (accounts with add/edit, roles with add); product-center sorted first.
const TREE: PermissionNode[] = [
  node(1, -1, 'system-center', 5, [
    node(2, 1, 'admin', 1, [
      node(4, 2, 'admin.role', 2, [], [resource(20, 'admin.role.add')]),
      node(3, 2, 'admin.admin', 1, [], [resource(10, 'admin.admin.add'), resource(11, 'admin.admin.edit')]),
    ]),
  ]),
  node(9, -1, 'product-center', 1),
];
const labels = { menu: (n: PermissionNode) => n.code, resource: (r: { code: string }) => r.code };

describe('grant tree', () => {
  const { treeData, index } = buildGrantTree(TREE, labels);

  it('orders menus by sort and hangs resources under their menu', () => {
    expect(treeData.map((n) => n.title)).toEqual(['product-center', 'system-center']);
    const admin = treeData[1]!.children[0]!;
    expect(admin.children.map((n) => n.title)).toEqual(['admin.admin', 'admin.role']);
    expect(admin.children[0]!.children.map((n) => n.key)).toEqual([resourceKey(3, 10), resourceKey(3, 11)]);
  });

  it('checking a resource grants its menu and every menu above it', () => {
    const keys = toggleGrant(index, [], resourceKey(3, 11), true);
    expect(grantsFromKeys(index, keys)).toEqual({ menuIds: [1, 2, 3], resourceIds: [11] });
  });

  it('checking a menu grants everything under it', () => {
    const keys = toggleGrant(index, [], menuKey(2), true);
    expect(grantsFromKeys(index, keys)).toEqual({ menuIds: [1, 2, 3, 4], resourceIds: [10, 11, 20] });
  });

  it('unchecking a menu withdraws it and everything under it, keeping the menus above', () => {
    const all = toggleGrant(index, [], menuKey(1), true);
    const keys = toggleGrant(index, all, menuKey(3), false);
    expect(grantsFromKeys(index, keys)).toEqual({ menuIds: [1, 2, 4], resourceIds: [20] });
  });

  it('a menu item can be granted without its buttons', () => {
    const keys = toggleGrant(index, toggleGrant(index, [], menuKey(3), true), resourceKey(3, 10), false);
    expect(grantsFromKeys(index, keys)).toEqual({ menuIds: [1, 2, 3], resourceIds: [11] });
  });

  it('round-trips a role’s ids through checked keys', () => {
    const keys = keysFromGrants(index, [1, 2, 4], [20]);
    expect(keys.sort()).toEqual([menuKey(1), menuKey(2), menuKey(4), resourceKey(4, 20)].sort());
    expect(grantsFromKeys(index, keys)).toEqual({ menuIds: [1, 2, 4], resourceIds: [20] });
  });

  it('moves a resource shown under two menus as one grant', () => {
    const shared: PermissionNode[] = [node(1, -1, 'a', 1, [], [resource(7, 'x')]), node(2, -1, 'b', 2, [], [resource(7, 'x')])];
    const built = buildGrantTree(shared, labels);
    const keys = toggleGrant(built.index, [], resourceKey(1, 7), true);
    expect(keys).toContain(resourceKey(2, 7));
    expect(toggleGrant(built.index, keys, resourceKey(2, 7), false)).not.toContain(resourceKey(1, 7));
  });

  it('keeps granted ids the picker does not show', () => {
    expect(unseenGrants(index, [1, 99], [10, 98])).toEqual({ menuIds: [99], resourceIds: [98] });
  });
});
