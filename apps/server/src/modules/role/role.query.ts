import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import { roleApi, type RoleRecord } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { anyContains } from '../../app/pagination.js';
import { defineList } from '../../app/list.js';
import { merchantNameOf } from '../merchant/index.js';
import { roleMenus, roleResources, roles } from './role.table.js';
import { roleHolders, type RoleHolders } from './role.holders.js';

/** Merchant staff see their merchant's roles; platform staff see platform and merchant roles. */
export function roleScope(ctx: Pick<Ctx, 'principal'>): SQL | undefined {
  const own = ctx.principal.merchantId;
  return own === null ? undefined : eq(roles.merchantId, own);
}

interface Row {
  id: number;
  name: string;
  description: string;
  sort: number;
  merchantId: number | null;
  merchantName: string | null;
  accountCount: number;
  createdAt: Date;
}

/** Menu and resource ids of many roles, one query each. */
async function grantsOfRoles(db: Db, ids: number[]): Promise<{ menus: Map<number, number[]>; resources: Map<number, number[]> }> {
  const menus = new Map<number, number[]>();
  const resources = new Map<number, number[]>();
  if (ids.length === 0) return { menus, resources };
  const menuRows = await db
    .select({ roleId: roleMenus.roleId, id: roleMenus.menuId })
    .from(roleMenus)
    .where(inArray(roleMenus.roleId, ids))
    .orderBy(asc(roleMenus.menuId));
  const resourceRows = await db
    .select({ roleId: roleResources.roleId, id: roleResources.resourceId })
    .from(roleResources)
    .where(inArray(roleResources.roleId, ids))
    .orderBy(asc(roleResources.resourceId));
  for (const row of menuRows) menus.set(row.roleId, [...(menus.get(row.roleId) ?? []), row.id]);
  for (const row of resourceRows) resources.set(row.roleId, [...(resources.get(row.roleId) ?? []), row.id]);
  return { menus, resources };
}

function present(row: Row, grants: Awaited<ReturnType<typeof grantsOfRoles>>): RoleRecord {
  return {
    ...row,
    menuIds: grants.menus.get(row.id) ?? [],
    resourceIds: grants.resources.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
  };
}

let list: ReturnType<typeof declareList> | undefined;

/** The role list, declared on first use with the holder count the registry handed over. */
export function roleList() {
  return (list ??= declareList(roleHolders()));
}

/** Roles (System centre → Roles), in their sort order; each with its menu and resource grants. */
const declareList = (holders: RoleHolders) =>
  defineList({
    endpoint: roleApi.search,
    table: roles,
    id: roles.id,
    select: {
      id: roles.id,
      name: roles.name,
      description: roles.description,
      sort: roles.sort,
      merchantId: roles.merchantId,
      merchantName: merchantNameOf(roles.merchantId),
      // A correlated count inside the page query: one round trip, not one per role.
      accountCount: holders.countOf(roles.id),
      createdAt: roles.createdAt,
    },
    scope: roleScope,
    filters: {
      keyword: {
        where: (keyword) => anyContains([roles.name, roles.description], keyword),
        unindexed: 'Part of a name or description, in any case: no btree serves it. Each tenant has a handful of roles.',
      },
      merchantId: (merchantId) => eq(roles.merchantId, merchantId),
    },
    defaultOrder: () => ({ column: roles.sort, direction: 'asc' }),
    count: 'exact',
    more: (ctx, ids) => grantsOfRoles(ctx.db, ids),
    present: (row: Row, _ctx, grants) => present(row, grants),
  });

/** One role the caller may see, or "record does not exist" (another tenant's included). */
export const roleDetail: ReturnType<typeof roleList>['detail'] = (ctx, id) => roleList().detail(ctx, id);
