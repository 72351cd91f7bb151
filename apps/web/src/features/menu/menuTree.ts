import type { PermissionNode } from '@swap/contracts';
import type { TreeOption } from '../../shared/table';

/** parentId of a top-level menu (a centre). */
export const ROOT_PARENT = -1;

export function sortedChildren(nodes: readonly PermissionNode[]): PermissionNode[] {
  return [...nodes].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/**
 * Choices for a menu's parent: the root, then every menu except the one edited and those under
 * it (a menu cannot hang below itself).
 */
export function parentOptions(
  roots: readonly PermissionNode[],
  rootTitle: string,
  titleOf: (node: PermissionNode) => string,
  editingId?: number,
): TreeOption[] {
  const convert = (node: PermissionNode): TreeOption[] => {
    if (node.id === editingId) return [];
    const children = sortedChildren(node.children).flatMap(convert);
    return [{ value: node.id, title: titleOf(node), ...(children.length > 0 ? { children } : {}) }];
  };
  return [{ value: ROOT_PARENT, title: rootTitle }, ...sortedChildren(roots).flatMap(convert)];
}

/** Depth of each level, for the kind shown next to a node: centre, group, item and deeper. */
export function levelOf(roots: readonly PermissionNode[], id: number): number {
  const walk = (nodes: readonly PermissionNode[], depth: number): number => {
    for (const node of nodes) {
      if (node.id === id) return depth;
      const found = walk(node.children, depth + 1);
      if (found >= 0) return found;
    }
    return -1;
  };
  return walk(roots, 0);
}
