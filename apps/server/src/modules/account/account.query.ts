import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { accountApi, type AccountRecord } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { anyContains } from '../../app/pagination.js';
import { defineList } from '../../app/list.js';
import { merchantNameOf } from '../merchant/index.js';
import { roleSummaries } from '../role/index.js';
import { accountRoles, accountSso, accounts } from './account.table.js';

/** Only the caller's merchant for merchant staff; platform staff see every account. */
export function accountScope(ctx: Pick<Ctx, 'principal'>): SQL | undefined {
  const own = ctx.principal.merchantId;
  return own === null ? undefined : eq(accounts.merchantId, own);
}

interface Row {
  id: number;
  username: string;
  phone: string | null;
  email: string | null;
  name: string;
  accountType: AccountRecord['accountType'];
  type: AccountRecord['type'];
  status: AccountRecord['status'];
  merchantId: number | null;
  merchantName: string | null;
  lastLoginAt: Date | null;
  createdAt: Date;
  ssoSubject: string | null;
}

/** Role ids and names of many accounts in one query. */
async function rolesOf(db: Db, ids: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const byAccount = new Map<number, { id: number; name: string }[]>();
  if (ids.length === 0) return byAccount;
  const roles = roleSummaries(db);
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

/** Accounts (System centre → Accounts), newest first; each with its roles. */
export const accountList = defineList({
  endpoint: accountApi.search,
  table: accounts,
  id: accounts.id,
  select: {
    id: accounts.id,
    username: accounts.username,
    phone: accounts.phone,
    email: accounts.email,
    name: accounts.name,
    accountType: accounts.accountType,
    type: accounts.type,
    status: accounts.status,
    merchantId: accounts.merchantId,
    merchantName: merchantNameOf(accounts.merchantId),
    lastLoginAt: accounts.lastLoginAt,
    createdAt: accounts.createdAt,
    ssoSubject: sql<string | null>`(select ${accountSso.subject} from ${accountSso} where ${accountSso.accountId} = ${accounts.id})`,
  },
  scope: accountScope,
  filters: {
    keyword: {
      where: (keyword) => anyContains([accounts.username, accounts.phone, accounts.email, accounts.name], keyword),
      unindexed:
        'Part of a username, phone, mail or name, in any case: no btree serves it. Staff accounts number in the thousands; the scan stops after a page.',
    },
    type: {
      where: (type) => eq(accounts.type, type),
      unindexed: 'Three account types over staff accounts only: a page is found at once walking the list order.',
    },
    status: {
      where: (status) => eq(accounts.status, status),
      unindexed: 'Two statuses over staff accounts only: a page is found at once walking the list order.',
    },
    merchantId: (merchantId) => eq(accounts.merchantId, merchantId),
  },
  count: 'exact',
  more: (ctx, ids) => rolesOf(ctx.db, ids),
  present: (row: Row, _ctx, roleMap) => present(row, roleMap.get(row.id)),
});

/** One account the caller may see, or "record does not exist" (another tenant's included). */
export const accountDetail = accountList.detail;
