import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Principal } from '../../app/context.js';
import { enabledAdminsOfMerchant, roleIdsOfAccounts } from '../account/index.js';
import { menuIdsOfRoles, resourceIdsOfRoles } from '../role/index.js';
import { menus, resources } from './menu.table.js';

/** Menu ids and resource ids an account holds: SUPER everything, others what their roles grant. */
export interface Grants {
  menuIds: Set<number>;
  resourceIds: Set<number>;
  codes: Set<string>;
}

/** What the given accounts' roles grant together, before any sub-account ceiling. */
export async function grantsOfAccounts(db: Db, accountIds: number[]): Promise<Grants> {
  if (accountIds.length === 0) return { menuIds: new Set(), resourceIds: new Set(), codes: new Set() };
  // One query each: the accounts' roles and what they grant are subqueries of the owning modules.
  const menuRows = await db
    .select({ id: menus.id, code: menus.code })
    .from(menus)
    .where(inArray(menus.id, menuIdsOfRoles(db, roleIdsOfAccounts(db, accountIds))));
  const resourceRows = await db
    .select({ id: resources.id, code: resources.code })
    .from(resources)
    .where(inArray(resources.id, resourceIdsOfRoles(db, roleIdsOfAccounts(db, accountIds))));
  // A granted item implies its group and centre, so the tree and the sidebar can reach it.
  const all = await db.select({ id: menus.id, parentId: menus.parentId, code: menus.code }).from(menus);
  const byId = new Map(all.map((row) => [row.id, row]));
  const menuIds = new Set<number>();
  for (const row of menuRows) {
    for (let node = byId.get(row.id); node && !menuIds.has(node.id); node = byId.get(node.parentId)) menuIds.add(node.id);
  }
  return {
    menuIds,
    resourceIds: new Set(resourceRows.map((row) => row.id)),
    codes: new Set([...[...menuIds].map((id) => byId.get(id)!.code), ...resourceRows.map((row) => row.code)]),
  };
}

async function allGrants(db: Db): Promise<Grants> {
  const menuRows = await db.select({ id: menus.id, code: menus.code }).from(menus);
  const resourceRows = await db.select({ id: resources.id, code: resources.code }).from(resources);
  return {
    menuIds: new Set(menuRows.map((row) => row.id)),
    resourceIds: new Set(resourceRows.map((row) => row.id)),
    codes: new Set([...menuRows.map((row) => row.code), ...resourceRows.map((row) => row.code)]),
  };
}

function intersect(a: Grants, b: Grants): Grants {
  return {
    menuIds: new Set([...a.menuIds].filter((id) => b.menuIds.has(id))),
    resourceIds: new Set([...a.resourceIds].filter((id) => b.resourceIds.has(id))),
    codes: new Set([...a.codes].filter((code) => b.codes.has(code))),
  };
}

/**
 * What an account holds. A SON never holds more than its merchant: the merchant's ceiling is
 * what the merchant's enabled general administrators (NORMAL) hold.
 */
export async function grantsOf(db: Db, principal: Principal): Promise<Grants> {
  if (principal.type === 'SUPER') return allGrants(db);
  const own = await grantsOfAccounts(db, [principal.id]);
  if (principal.type !== 'SON' || principal.merchantId === null) return own;
  const ceiling = await grantsOfAccounts(db, await enabledAdminsOfMerchant(db, principal.merchantId));
  return intersect(own, ceiling);
}

/** Whether every given menu and resource id is within the grants (nobody grants what they lack). */
export function withinGrants(grants: Grants, menuIds: number[], resourceIds: number[]): boolean {
  return menuIds.every((id) => grants.menuIds.has(id)) && resourceIds.every((id) => grants.resourceIds.has(id));
}

/** Whether everything `inner` grants, `outer` grants too. */
export function grantsWithin(inner: Grants, outer: Grants): boolean {
  return withinGrants(outer, [...inner.menuIds], [...inner.resourceIds]);
}
