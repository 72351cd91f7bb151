import { and, eq, inArray, ne, notExists, or, type SQL } from 'drizzle-orm';
import type { AuditAction, OptionsQuery } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { grantsWithin, type Ctx, type Grants, type Principal } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { answerOptions } from '../../app/options.js';
import { recordAudit } from '../audit-log/index.js';
import { rolesGrantingBeyond } from '../role/index.js';
import { grantsOf, grantsOfAccounts } from './account.grants.js';
import { accountRoles, accounts } from './account.table.js';

/** An account as the rank rule reads it. */
export type RankedAccount = Pick<typeof accounts.$inferSelect, 'id' | 'username' | 'name' | 'type' | 'accountType' | 'merchantId'>;

export const rankedColumns = {
  id: accounts.id,
  username: accounts.username,
  name: accounts.name,
  type: accounts.type,
  accountType: accounts.accountType,
  merchantId: accounts.merchantId,
};

/** A refusal on rank; `auditRefusal` records it before it reaches the caller. */
export class RankRefusal extends AppError {}

function asPrincipal(account: RankedAccount): Principal {
  return { ...account };
}

/** The caller's grants, once per action: the rule compares before and after a change against the same. */
export async function callerGrants(db: Db, ctx: Pick<Ctx, 'principal'>): Promise<Grants | null> {
  return ctx.principal.type === 'SUPER' ? null : grantsOf(db, ctx.principal);
}

/**
 * Whether the caller may act on another account of its tenant (docs/security.md, "Account
 * actions"): only a SUPER acts on a SUPER, a sub-account only on sub-accounts, and everyone else
 * only on an account whose effective grants lie within their own, so no one resets the password
 * of, signs in as, or demotes an account that holds more. `mine` is null for a SUPER. The tenant
 * is settled before: another tenant's account is not found.
 */
export async function assertMayActOn(db: Db, ctx: Pick<Ctx, 'principal'>, target: RankedAccount, mine: Grants | null): Promise<void> {
  if (target.id === ctx.principal.id) return;
  if (target.type === 'SUPER' && ctx.principal.type !== 'SUPER') throw new RankRefusal('noAuthority');
  if (ctx.principal.type === 'SON' && target.type !== 'SON') throw new RankRefusal('subAccountNoPermission');
  if (mine === null) return;
  if (!grantsWithin(await grantsOf(db, asPrincipal(target)), mine)) throw new RankRefusal('cannotActOnStronger');
}

/**
 * The accounts the caller may act on as assertMayActOn weighs them, as a condition on the accounts
 * table: undefined for a SUPER (every account). An account is outranked when none of its roles
 * grants a menu or resource beyond the caller's. A sub-account whose roles grant more than its
 * merchant's administrators hold (its ceiling cuts them) is left out although the rule would allow
 * it: a choice offered is always one the action accepts.
 */
async function outrankedBy(db: Db, ctx: Pick<Ctx, 'principal'>): Promise<SQL | undefined> {
  const mine = await callerGrants(db, ctx);
  if (mine === null) return undefined;
  const beyond = rolesGrantingBeyond(db, mine);
  return or(
    eq(accounts.id, ctx.principal.id),
    and(
      ne(accounts.type, 'SUPER'),
      ctx.principal.type === 'SON' ? eq(accounts.type, 'SON') : undefined,
      notExists(
        db
          .select({ id: accountRoles.roleId })
          .from(accountRoles)
          .where(and(eq(accountRoles.accountId, accounts.id), inArray(accountRoles.roleId, beyond))),
      ),
    ),
  );
}

/**
 * Accounts as choices of an action on them (docs/api.md, "Options calls"), by username: those of
 * the caller's tenant it outranks, so a choice is never refused on rank (platform staff ask).
 */
export async function outrankedAccountOptions(ctx: Ctx, query: OptionsQuery) {
  const own = ctx.principal.merchantId;
  return answerOptions(
    ctx.db,
    {
      table: accounts,
      name: accounts.username,
      select: { id: accounts.id, username: accounts.username, name: accounts.name },
      scope: and(own === null ? undefined : eq(accounts.merchantId, own), await outrankedBy(ctx.db, ctx)),
    },
    query,
  );
}

/**
 * Changing what a role grants acts on every account holding it: each (the caller aside) must be one
 * the caller may act on. One query settles the usual case where all holders together hold no more
 * than the caller; otherwise each holder is weighed as assertMayActOn does.
 */
export async function assertMayActOnHolders(db: Db, ctx: Pick<Ctx, 'principal'>, roleId: number): Promise<void> {
  if (ctx.principal.type === 'SUPER') return;
  const holders: RankedAccount[] = await db
    .select(rankedColumns)
    .from(accountRoles)
    .innerJoin(accounts, eq(accounts.id, accountRoles.accountId))
    .where(and(eq(accountRoles.roleId, roleId), ne(accounts.id, ctx.principal.id)));
  if (holders.length === 0) return;
  const mine = await grantsOf(db, ctx.principal);
  const outranked = holders.some((holder) => holder.type === 'SUPER' || (ctx.principal.type === 'SON' && holder.type !== 'SON'));
  if (!outranked) {
    const together = await grantsOfAccounts(
      db,
      holders.map((holder) => holder.id),
    );
    if (grantsWithin(together, mine)) return;
  }
  for (const holder of holders) await assertMayActOn(db, ctx, holder, mine);
}

/** Runs an action; a refusal on rank is audited as refused (outside the action's rolled-back work) and rethrown. */
export async function auditRefusal<T>(
  ctx: Ctx,
  entry: { action: AuditAction; objectType: string; objectId: number },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RankRefusal) {
      await recordAudit(ctx.db, ctx, { ...entry, changes: { refused: error.key }, success: false });
    }
    throw error;
  }
}

/**
 * Changing what a role grants acts on every account holding it: refused (and the refusal audited as
 * a refused role edit) when one of them is an account the caller may not act on.
 */
export async function assertMayChangeRole(ctx: Ctx, roleId: number): Promise<void> {
  await auditRefusal(ctx, { action: 'role.edit', objectType: 'role', objectId: roleId }, () => assertMayActOnHolders(ctx.db, ctx, roleId));
}
