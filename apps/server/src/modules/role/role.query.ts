import { and, asc, eq, ilike, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Page, RoleRecord, RoleSearch } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { notFound } from '../../app/errors.js';
import { countAll, likePattern, orderBy, pageWindow, toPage } from '../../app/pagination.js';
import { EXPORT_MAX_ROWS } from '../../app/csv.js';
import { accountRoles } from '../account/account.table.js';
import { merchants } from '../merchant/merchant.table.js';
import { roleMenus, roleResources, roles } from './role.table.js';

/** Merchant staff see their merchant's roles; platform staff see platform and merchant roles. */
export function roleScope(ctx: Pick<Ctx, 'principal'>): SQL | undefined {
  const own = ctx.principal.merchantId;
  return own === null ? undefined : eq(roles.merchantId, own);
}

function filters(ctx: Ctx, query: Omit<RoleSearch, 'current' | 'size' | 'sort'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [roleScope(ctx)];
  if (query.keyword) {
    const pattern = likePattern(query.keyword);
    conditions.push(or(ilike(roles.name, pattern), ilike(roles.description, pattern)));
  }
  if (query.merchantId) conditions.push(eq(roles.merchantId, query.merchantId));
  return and(...conditions);
}

// A correlated count inside the page query: one round trip, not one per role.
// Columns are qualified by hand: drizzle drops table names in single-table selects.
const accountCount = sql<number>`(select count(*)::int from ${accountRoles} where ${accountRoles}.${sql.identifier('role_id')} = ${roles}.${sql.identifier('id')})`;

const columns = {
  id: roles.id,
  name: roles.name,
  description: roles.description,
  sort: roles.sort,
  merchantId: roles.merchantId,
  merchantName: merchants.name,
  accountCount,
  createdAt: roles.createdAt,
};

const SORTABLE = { name: roles.name, sort: roles.sort, merchantName: merchants.name, accountCount, createdAt: roles.createdAt };

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

/** Menu and resource ids of many roles, one query each; `ids` may be a subquery of role ids. */
async function grantsOfRoles(
  db: Db,
  ids: number[] | SQLWrapper,
): Promise<{ menus: Map<number, number[]>; resources: Map<number, number[]> }> {
  const menus = new Map<number, number[]>();
  const resources = new Map<number, number[]>();
  if (Array.isArray(ids) && ids.length === 0) return { menus, resources };
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

function selectRoles(db: Db) {
  return db.select(columns).from(roles).leftJoin(merchants, eq(merchants.id, roles.merchantId));
}

export async function searchRoles(ctx: Ctx, query: RoleSearch): Promise<Page<RoleRecord>> {
  const where = filters(ctx, query);
  const { limit, offset } = pageWindow(query);
  const rows: Row[] = await selectRoles(ctx.db)
    .where(where)
    .orderBy(...orderBy(query.sort, SORTABLE, [asc(roles.sort)], roles.id))
    .limit(limit)
    .offset(offset);
  const [count] = await ctx.db.select({ n: countAll }).from(roles).where(where);
  const grants = await grantsOfRoles(
    ctx.db,
    rows.map((row) => row.id),
  );
  return toPage(
    rows.map((row) => present(row, grants)),
    count?.n ?? 0,
    query,
  );
}

export async function exportRoles(ctx: Ctx, query: RoleSearch): Promise<RoleRecord[]> {
  const where = filters(ctx, query);
  const rows: Row[] = await selectRoles(ctx.db)
    .where(where)
    .orderBy(...orderBy(query.sort, SORTABLE, [asc(roles.sort)], roles.id))
    .limit(EXPORT_MAX_ROWS);
  const grants = await grantsOfRoles(ctx.db, ctx.db.select({ id: roles.id }).from(roles).where(where));
  return rows.map((row) => present(row, grants));
}

/** One role the caller may see, or "record does not exist" (another tenant's included). */
export async function roleDetail(ctx: Pick<Ctx, 'db' | 'principal'>, id: number): Promise<RoleRecord> {
  const [row] = await selectRoles(ctx.db).where(and(eq(roles.id, id), roleScope(ctx)));
  if (!row) throw notFound();
  return present(row, await grantsOfRoles(ctx.db, [id]));
}
