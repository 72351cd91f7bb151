import type { PermissionNode, ResourceRecord } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Grants } from '../../app/context.js';
import { menuResources, menus, resources } from './menu.table.js';

/** Builds the permission tree (centres → menus → resources), limited to what the grants hold. */
export async function buildTree(db: Db, grants: Grants | null): Promise<PermissionNode[]> {
  const menuRows = await db.select().from(menus).orderBy(menus.sort, menus.id);
  const resourceRows = await db.select().from(resources);
  // Resources in creation order, so a screen's buttons keep their place whatever edits relinked them.
  const links = await db.select().from(menuResources).orderBy(menuResources.menuId, menuResources.resourceId);
  const resourceById = new Map(resourceRows.map((row) => [row.id, row]));
  const nodes = new Map<number, PermissionNode>();
  for (const row of menuRows) {
    if (grants && !grants.menuIds.has(row.id)) continue;
    nodes.set(row.id, {
      id: row.id,
      parentId: row.parentId,
      code: row.code,
      name: row.name,
      url: row.url,
      iconfont: row.iconfont,
      sort: row.sort,
      children: [],
      resources: [],
    });
  }
  for (const link of links) {
    const node = nodes.get(link.menuId);
    const resource = resourceById.get(link.resourceId);
    if (!node || !resource || (grants && !grants.resourceIds.has(resource.id))) continue;
    const record: ResourceRecord = { id: resource.id, name: resource.name, code: resource.code, type: resource.type, url: resource.url };
    node.resources.push(record);
  }
  const roots: PermissionNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else if (node.parentId === -1) roots.push(node);
  }
  return roots;
}
