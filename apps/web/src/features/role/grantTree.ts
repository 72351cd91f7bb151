import type { PermissionNode } from '@swap/contracts';

/**
 * The grant picker's tree: menus (centres → groups → items) with their resources as leaves.
 * It is checked "strictly" (a node's box is its own) with our own cascade, because a menu item
 * may be granted without every button under it, which antd's linked checking cannot express.
 */
export interface GrantTreeNode {
  key: string;
  title: string;
  children: GrantTreeNode[];
}

interface IndexEntry {
  kind: 'menu' | 'resource';
  id: number;
  parent: string | null;
  children: string[];
}

export interface GrantIndex {
  entries: Map<string, IndexEntry>;
}

export const menuKey = (id: number) => `m:${id}`;
/** A resource may hang under several menus, so its key names the menu too. */
export const resourceKey = (menuId: number, id: number) => `r:${menuId}:${id}`;

export interface GrantLabels {
  menu: (node: PermissionNode) => string;
  resource: (resource: PermissionNode['resources'][number]) => string;
}

export function buildGrantTree(roots: PermissionNode[], labels: GrantLabels): { treeData: GrantTreeNode[]; index: GrantIndex } {
  const entries = new Map<string, IndexEntry>();
  const visit = (node: PermissionNode, parent: string | null): GrantTreeNode => {
    const key = menuKey(node.id);
    const entry: IndexEntry = { kind: 'menu', id: node.id, parent, children: [] };
    entries.set(key, entry);
    const children = [...node.children].sort((a, b) => a.sort - b.sort || a.id - b.id).map((child) => visit(child, key));
    for (const resource of node.resources) {
      const rKey = resourceKey(node.id, resource.id);
      entries.set(rKey, { kind: 'resource', id: resource.id, parent: key, children: [] });
      children.push({ key: rKey, title: labels.resource(resource), children: [] });
    }
    entry.children = children.map((child) => child.key);
    return { key, title: labels.menu(node), children };
  };
  const treeData = [...roots].sort((a, b) => a.sort - b.sort || a.id - b.id).map((root) => visit(root, null));
  return { treeData, index: { entries } };
}

/** Checked keys for a role's granted ids; a resource is checked wherever it appears. */
export function keysFromGrants(index: GrantIndex, menuIds: readonly number[], resourceIds: readonly number[]): string[] {
  const menus = new Set(menuIds);
  const resources = new Set(resourceIds);
  const keys: string[] = [];
  for (const [key, entry] of index.entries) {
    if (entry.kind === 'menu' ? menus.has(entry.id) : resources.has(entry.id)) keys.push(key);
  }
  return keys;
}

function descendants(index: GrantIndex, key: string): string[] {
  const out: string[] = [];
  const stack = [...(index.entries.get(key)?.children ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    out.push(next);
    stack.push(...(index.entries.get(next)?.children ?? []));
  }
  return out;
}

function ancestors(index: GrantIndex, key: string): string[] {
  const out: string[] = [];
  for (let parent = index.entries.get(key)?.parent ?? null; parent; parent = index.entries.get(parent)?.parent ?? null) out.push(parent);
  return out;
}

/** Same resource id under another menu: its boxes move together, as they are one grant. */
function twins(index: GrantIndex, key: string): string[] {
  const entry = index.entries.get(key);
  if (!entry || entry.kind !== 'resource') return [];
  return [...index.entries].filter(([other, e]) => other !== key && e.kind === 'resource' && e.id === entry.id).map(([other]) => other);
}

/**
 * Checking grants the node, everything under it and the menus above it (a button is useless
 * without its screen); unchecking withdraws the node and everything under it.
 */
export function toggleGrant(index: GrantIndex, checked: readonly string[], key: string, on: boolean): string[] {
  const next = new Set(checked);
  const touched = [key, ...descendants(index, key)];
  for (const k of [...touched]) touched.push(...twins(index, k));
  if (on) {
    for (const k of touched) next.add(k);
    for (const k of touched) for (const a of ancestors(index, k)) next.add(a);
  } else {
    for (const k of touched) next.delete(k);
  }
  return [...index.entries.keys()].filter((k) => next.has(k));
}

/** The ids a set of checked keys grants. */
export function grantsFromKeys(index: GrantIndex, keys: readonly string[]): { menuIds: number[]; resourceIds: number[] } {
  const menuIds = new Set<number>();
  const resourceIds = new Set<number>();
  for (const key of keys) {
    const entry = index.entries.get(key);
    if (!entry) continue;
    (entry.kind === 'menu' ? menuIds : resourceIds).add(entry.id);
  }
  const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);
  return { menuIds: sorted(menuIds), resourceIds: sorted(resourceIds) };
}

/** Granted ids the picker does not show (outside the editor's own grants): kept as they are on save. */
export function unseenGrants(
  index: GrantIndex,
  menuIds: readonly number[],
  resourceIds: readonly number[],
): { menuIds: number[]; resourceIds: number[] } {
  const seenMenus = new Set<number>();
  const seenResources = new Set<number>();
  for (const entry of index.entries.values()) (entry.kind === 'menu' ? seenMenus : seenResources).add(entry.id);
  return { menuIds: menuIds.filter((id) => !seenMenus.has(id)), resourceIds: resourceIds.filter((id) => !seenResources.has(id)) };
}
