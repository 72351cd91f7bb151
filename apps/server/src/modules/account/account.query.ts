import { and, asc, eq, ilike, inArray, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AccountRecord, AccountSearch, Page } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { notFound } from '../../app/errors.js';
import { countAll, likePattern, orderBy, pageWindow, toPage } from '../../app/pagination.js';
import { EXPORT_MAX_ROWS } from '../../app/csv.js';
import { merchants } from '../merchant/merchant.table.js';
import { roles } from '../role/role.table.js';
import { accountRoles, accounts } from './account.table.js';

/** Only the caller's merchant for merchant staff; platform staff see every account. */
export function accountScope(ctx: Pick<Ctx, 'principal'>): SQL | undefined {
  const own = ctx.principal.merchantId;
  return own === null ? undefined : eq(accounts.merchantId, own);
}

function filters(ctx: Ctx, query: Omit<AccountSearch, 'current' | 'size' | 'sort'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [accountScope(ctx)];
  if (query.keyword) {
    const pattern = likePattern(query.keyword);
    conditions.push(or(ilike(accounts.username, pattern), ilike(accounts.phone, pattern), ilike(accounts.name, pattern)));
  }
  if (query.type) conditions.push(eq(accounts.type, query.type));
  if (query.status) conditions.push(eq(accounts.status, query.status));
  if (query.merchantId) conditions.push(eq(accounts.merchantId, query.merchantId));
  return and(...conditions);
}

const columns = {
  id: accounts.id,
  username: accounts.username,
  phone: accounts.phone,
  name: accounts.name,
  accountType: accounts.accountType,
  type: accounts.type,
  status: accounts.status,
  merchantId: accounts.merchantId,
  merchantName: merchants.name,
  lastLoginAt: accounts.lastLoginAt,
  createdAt: accounts.createdAt,
};

const SORTABLE = {
  username: accounts.username,
  name: accounts.name,
  type: accounts.type,
  status: accounts.status,
  accountType: accounts.accountType,
  merchantName: merchants.name,
  lastLoginAt: accounts.lastLoginAt,
  createdAt: accounts.createdAt,
};

interface Row {
  id: number;
  username: string;
  phone: string | null;
  name: string;
  accountType: AccountRecord['accountType'];
  type: AccountRecord['type'];
  status: AccountRecord['status'];
  merchantId: number | null;
  merchantName: string | null;
  lastLoginAt: Date | null;
  createdAt: Date;
}

/** Role ids and names of many accounts in one query; `ids` may be a subquery of account ids. */
async function rolesOf(db: Db, ids: number[] | SQLWrapper): Promise<Map<number, { id: number; name: string }[]>> {
  const byAccount = new Map<number, { id: number; name: string }[]>();
  if (Array.isArray(ids) && ids.length === 0) return byAccount;
  const rows = await db
    .select({ accountId: accountRoles.accountId, id: roles.id, name: roles.name })
    .from(accountRoles)
    .innerJoin(roles, eq(roles.id, accountRoles.roleId))
    .where(inArray(accountRoles.accountId, ids))
    .orderBy(asc(roles.sort), asc(roles.id));
  for (const row of rows) {
    const list = byAccount.get(row.accountId) ?? [];
    list.push({ id: row.id, name: row.name });
    byAccount.set(row.accountId, list);
  }
  return byAccount;
}

function present(row: Row, roleList: { id: number; name: string }[] = []): AccountRecord {
  return {
    ...row,
    roleIds: roleList.map((role) => role.id),
    roleNames: roleList.map((role) => role.name),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function searchAccounts(ctx: Ctx, query: AccountSearch): Promise<Page<AccountRecord>> {
  const where = filters(ctx, query);
  const { limit, offset } = pageWindow(query);
  const rows: Row[] = await ctx.db
    .select(columns)
    .from(accounts)
    .leftJoin(merchants, eq(merchants.id, accounts.merchantId))
    .where(where)
    .orderBy(...orderBy(query.sort, SORTABLE, [], accounts.id))
    .limit(limit)
    .offset(offset);
  const [count] = await ctx.db.select({ n: countAll }).from(accounts).where(where);
  const roleMap = await rolesOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return toPage(
    rows.map((row) => present(row, roleMap.get(row.id))),
    count?.n ?? 0,
    query,
  );
}

/** Every account of the current filter (up to the export cap), roles included, in two queries. */
export async function exportAccounts(ctx: Ctx, query: AccountSearch): Promise<AccountRecord[]> {
  const where = filters(ctx, query);
  const rows: Row[] = await ctx.db
    .select(columns)
    .from(accounts)
    .leftJoin(merchants, eq(merchants.id, accounts.merchantId))
    .where(where)
    .orderBy(...orderBy(query.sort, SORTABLE, [], accounts.id))
    .limit(EXPORT_MAX_ROWS);
  const ids = ctx.db.select({ id: accounts.id }).from(accounts).where(where);
  const roleMap = await rolesOf(ctx.db, ids);
  return rows.map((row) => present(row, roleMap.get(row.id)));
}

/** One account the caller may see, or "record does not exist" (another tenant's included). */
export async function accountDetail(ctx: Pick<Ctx, 'db' | 'principal'>, id: number): Promise<AccountRecord> {
  const [row] = await ctx.db
    .select(columns)
    .from(accounts)
    .leftJoin(merchants, eq(merchants.id, accounts.merchantId))
    .where(and(eq(accounts.id, id), accountScope(ctx)));
  if (!row) throw notFound();
  const roleMap = await rolesOf(ctx.db, [id]);
  return present(row, roleMap.get(id));
}
