import type { Db } from '../../db/client.js';
import type { Grants, Principal } from '../../app/context.js';
import { allGrants, grantsFrom } from '../menu/index.js';
import { menuIdsOfRoles, resourceIdsOfRoles } from '../role/index.js';
import { enabledAdminsOfMerchant, roleIdsOfAccounts } from './account.refs.js';

/** What the given accounts' roles grant together, before any sub-account ceiling. */
export async function grantsOfAccounts(db: Db, accountIds: number[]): Promise<Grants> {
  if (accountIds.length === 0) return { menuIds: new Set(), resourceIds: new Set(), codes: new Set() };
  // One query each: the accounts' roles and what they grant are subqueries of the owning modules.
  return grantsFrom(db, menuIdsOfRoles(db, roleIdsOfAccounts(db, accountIds)), resourceIdsOfRoles(db, roleIdsOfAccounts(db, accountIds)));
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
