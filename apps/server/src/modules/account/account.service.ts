import { and, eq, ne, sql } from 'drizzle-orm';
import {
  normaliseSignInName,
  type AccountAdd,
  type AccountAssignRoles,
  type AccountEdit,
  type AccountLinkSso,
  type AccountRecord,
  type AccountResetPassword,
  type AccountStatusBody,
  type AuditAction,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { isPlatform, withinGrants, type Ctx, type Grants } from '../../app/context.js';
import { AppError, isUniqueViolation, notFound } from '../../app/errors.js';
import { fieldInvalid } from '../../app/policy.js';
import { diff, recordAudit } from '../audit-log/index.js';
import { merchantExists } from '../merchant/index.js';
import { grantedByRoles, rolesByIds } from '../role/index.js';
import { accountRoles, accountSso, accounts, signInNames } from './account.table.js';
import { accountDetail, accountScope } from './account.query.js';
import { RankRefusal, assertMayActOn, auditRefusal, callerGrants } from './account.rank.js';
import { grantsOf } from './account.grants.js';
import { hashPassword } from './password.js';
import { assertStrongPassword } from './password-strength.js';
import { endResetLinks } from './account.recovery.js';
import { holdSignInNames } from './account.refs.js';
import { handOver } from '../../app/hand-over.js';

/** Ends every open session of an account inside the caller's transaction (the session module's `revokeAccountSessions`). */
type EndSessions = (tx: Db, accountId: number) => Promise<void>;
const endSessions = handOver<EndSessions>("The session module's end of an account's sessions");

/**
 * The session module refers to accounts (who signs in), so this module never imports it: the module
 * registry tells it once at start-up how a disabled or reset account's sessions end
 * (docs/architecture.md, "No two modules import each other").
 */
export const endSessionsWith = endSessions.tell;

/** Whether a merchant application waiting for review holds a sign-in name (the sign-up module's applicants). */
type ApplicationWaits = (db: Db, name: string) => Promise<boolean>;
const applicationWaits = handOver<ApplicationWaits>("The sign-up module's waiting applications");

/**
 * The sign-up module refers to accounts (an approval adds one), so this module never imports it:
 * the module registry tells it once at start-up how to find a waiting application, so a name an
 * applicant waits for is not given to another account (docs/architecture.md, "No two modules
 * import each other").
 */
export const tellWaitingApplications = applicationWaits.tell;

/** A sign-in name a waiting application holds is no account's to take (2034, naming the field). */
async function refuseWaitingApplicationNames(db: Db, names: { username?: string; phone?: string | null }): Promise<void> {
  for (const field of ['username', 'phone'] as const) {
    const value = names[field];
    if (value && (await applicationWaits.get()(db, value))) throw new AppError('applicationHoldsName', undefined, { field });
  }
}

type Target = typeof accounts.$inferSelect;

/**
 * One action on another account: in one transaction, the target is locked (so a concurrent change
 * of its roles waits), must belong to the caller's tenant (otherwise it does not exist for them)
 * and must be one the caller may act on; `work` then changes it. A refusal on rank is audited.
 */
async function actOn(
  ctx: Ctx,
  action: AuditAction,
  id: number,
  work: (tx: Db, target: Target, mine: Grants | null) => Promise<void>,
): Promise<void> {
  await auditRefusal(ctx, { action, objectType: 'account', objectId: id }, () =>
    ctx.db.transaction(async (tx) => {
      const [target] = await tx
        .select()
        .from(accounts)
        .where(and(eq(accounts.id, id), accountScope(ctx)))
        .for('update');
      if (!target) throw notFound();
      const mine = await callerGrants(tx, ctx);
      await assertMayActOn(tx, ctx, target, mine);
      await work(tx, target, mine);
    }),
  );
}

/**
 * Username and phone are both sign-in names (one signs in with either), so neither may be a
 * name another account signs in with: the sign-in name registry (migration 0014) holds them all
 * under one key, and its primary key settles a race this early answer cannot see.
 */
export async function assertSignInNamesFree(db: Db, names: { username?: string; phone?: string | null }, exceptId?: number): Promise<void> {
  for (const field of ['username', 'phone'] as const) {
    const value = names[field];
    if (!value) continue;
    const [found] = await db
      .select({ id: signInNames.accountId })
      .from(signInNames)
      .where(
        and(eq(signInNames.name, sql`sign_in_key(${value})`), exceptId === undefined ? undefined : ne(signInNames.accountId, exceptId)),
      )
      .limit(1);
    if (found) throw new AppError('userNameExists', undefined, { field });
  }
}

/** A write that lost a race for a sign-in name: answered as the early check would have, naming the field. */
export async function nameTaken(
  db: Db,
  error: unknown,
  names: { username?: string; phone?: string | null },
  exceptId?: number,
): Promise<unknown> {
  if (!isUniqueViolation(error)) return error;
  try {
    await assertSignInNamesFree(db, names, exceptId);
  } catch (taken) {
    return taken;
  }
  return new AppError('userNameExists', undefined, { field: names.username === undefined ? 'phone' : 'username' });
}

/**
 * Roles given to an account must be visible to the caller, belong to the account's tenant, and
 * (for roles newly given) grant nothing the caller does not hold.
 */
async function checkRoles(ctx: Ctx, db: Db, accountMerchantId: number | null, roleIds: number[], alreadyHeld: number[]): Promise<number[]> {
  const wanted = [...new Set(roleIds)];
  if (wanted.length === 0) return wanted;
  const found = await rolesByIds(db, wanted);
  const own = ctx.principal.merchantId;
  const visible = found.filter((role) => own === null || role.merchantId === own);
  if (visible.length !== wanted.length) throw notFound();
  if (visible.some((role) => role.merchantId !== accountMerchantId)) throw fieldInvalid(ctx, 'roleIds');

  const added = wanted.filter((id) => !alreadyHeld.includes(id));
  if (added.length === 0 || ctx.principal.type === 'SUPER') return wanted;
  const granted = await grantedByRoles(db, added);
  const grants = await grantsOf(db, ctx.principal);
  const ok = withinGrants(grants, granted.menuIds, granted.resourceIds);
  if (!ok) throw new AppError('cannotGrantUnheld');
  return wanted;
}

/** Tenant and account type of a new account, following who creates it (docs/accounts-merchants-roles.md). */
async function placeNewAccount(ctx: Ctx, body: AccountAdd): Promise<{ accountType: Target['accountType']; merchantId: number | null }> {
  if (ctx.principal.type === 'SON' && body.type === 'NORMAL') throw new AppError('subAccountNoPermission');
  if (body.accountType === 'PLATFORM') {
    if (!isPlatform(ctx.principal)) throw new AppError('noAuthority');
    if (body.type !== 'NORMAL') throw fieldInvalid(ctx, 'type');
    if (body.merchantId !== undefined && body.merchantId !== null) throw fieldInvalid(ctx, 'merchantId');
    return { accountType: 'PLATFORM', merchantId: null };
  }
  // Merchant staff always create inside their own merchant, whatever the body says.
  if (!isPlatform(ctx.principal)) return { accountType: 'MERCHANT', merchantId: ctx.principal.merchantId };
  if (body.merchantId === undefined || body.merchantId === null) throw new AppError('platformMustChooseAgent');
  if (!(await merchantExists(ctx.db, body.merchantId))) throw new AppError('agentMissing');
  return { accountType: 'MERCHANT', merchantId: body.merchantId };
}

export async function addAccount(ctx: Ctx, body: AccountAdd): Promise<AccountRecord> {
  const place = await placeNewAccount(ctx, body);
  await assertSignInNamesFree(ctx.db, { username: body.username, phone: body.phone ?? null });
  await refuseWaitingApplicationNames(ctx.db, { username: body.username, phone: body.phone ?? null });
  const roleIds = await checkRoles(ctx, ctx.db, place.merchantId, body.roleIds, []);
  await assertStrongPassword(ctx.lang, body.password, body.username);
  const passwordHash = await hashPassword(body.password);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      // Looked at again holding the names: an application sent meanwhile under one of them wins.
      await holdSignInNames(tx, [body.username, body.phone]);
      await refuseWaitingApplicationNames(tx, { username: body.username, phone: body.phone ?? null });
      const [created] = await tx
        .insert(accounts)
        .values({
          username: body.username,
          phone: body.phone ?? null,
          email: body.email ?? null,
          name: body.name,
          passwordHash,
          accountType: place.accountType,
          type: body.type,
          merchantId: place.merchantId,
          createdBy: ctx.principal.id,
        })
        .returning({ id: accounts.id });
      const accountId = created!.id;
      if (roleIds.length) await tx.insert(accountRoles).values(roleIds.map((roleId) => ({ accountId, roleId })));
      await recordAudit(tx, ctx, {
        action: 'account.add',
        objectType: 'account',
        objectId: accountId,
        changes: {
          username: body.username,
          phone: body.phone ?? null,
          email: body.email ?? null,
          name: body.name,
          type: body.type,
          ...place,
          roleIds,
        },
      });
      return accountId;
    });
    return await accountDetail(ctx, id);
  } catch (error) {
    // Two administrators adding the same name at once: the registry's key decides.
    throw await nameTaken(ctx.db, error, { username: body.username, phone: body.phone ?? null });
  }
}

export async function editAccount(ctx: Ctx, body: AccountEdit): Promise<AccountRecord> {
  const phone = body.phone ?? null;
  try {
    await actOn(ctx, 'account.edit', body.id, async (tx, target, mine) => {
      let type = target.type;
      if (body.type !== undefined && body.type !== target.type) {
        // SUPER and platform staff keep their identity type; only a merchant's staff move between NORMAL and SON.
        if (target.accountType === 'PLATFORM') throw fieldInvalid(ctx, 'type');
        if (target.id === ctx.principal.id) throw new AppError('cannotChangeSelf');
        if (ctx.principal.type === 'SON') throw new RankRefusal('subAccountNoPermission');
        type = body.type;
      }
      // Only a new sign-in name is checked: an account keeps the one it has.
      const key = (value: string | null) => (value ? normaliseSignInName(value) : null);
      if (key(phone) !== key(target.phone)) {
        await holdSignInNames(tx, [phone]);
        await assertSignInNamesFree(tx, { phone }, target.id);
        await refuseWaitingApplicationNames(tx, { phone });
      }
      const before = { name: target.name, phone: target.phone, email: target.email, type: target.type };
      const after = { name: body.name, phone, email: body.email ?? null, type };
      const changes = diff(before, after);
      if (Object.keys(changes).length === 0) return;
      await tx
        .update(accounts)
        .set({ ...after, updatedAt: new Date() })
        .where(eq(accounts.id, target.id));
      // A sub-account made general administrator loses its merchant's ceiling: what it then holds must still be within the caller's.
      if (type !== target.type) await assertMayActOn(tx, ctx, { ...target, type }, mine);
      await recordAudit(tx, ctx, { action: 'account.edit', objectType: 'account', objectId: target.id, changes });
    });
  } catch (error) {
    throw await nameTaken(ctx.db, error, { phone }, body.id);
  }
  return accountDetail(ctx, body.id);
}

export async function setAccountStatus(ctx: Ctx, body: AccountStatusBody): Promise<AccountRecord> {
  if (body.id === ctx.principal.id) throw new AppError('cannotChangeSelf');
  await actOn(ctx, 'account.status', body.id, async (tx, target) => {
    if (target.status === body.status) return;
    await tx.update(accounts).set({ status: body.status, updatedAt: new Date() }).where(eq(accounts.id, target.id));
    // A disabled account's open sessions end now, not at their expiry.
    if (body.status === 'DISABLED') await endSessions.get()(tx, target.id);
    await recordAudit(tx, ctx, {
      action: 'account.status',
      objectType: 'account',
      objectId: target.id,
      changes: diff({ status: target.status }, { status: body.status }),
    });
  });
  return accountDetail(ctx, body.id);
}

export async function resetAccountPassword(ctx: Ctx, body: AccountResetPassword): Promise<AccountRecord> {
  const passwordHash = await hashPassword(body.password);
  await actOn(ctx, 'account.resetPassword', body.id, async (tx, target) => {
    // Judged only once the caller may act on the target: the reason must not reveal another tenant's username.
    await assertStrongPassword(ctx.lang, body.password, target.username);
    await tx.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.id, target.id));
    // Whoever held the old password is signed out everywhere, and reset links asked for before end too.
    await endSessions.get()(tx, target.id);
    await endResetLinks(tx, target.id);
    await recordAudit(tx, ctx, { action: 'account.resetPassword', objectType: 'account', objectId: target.id });
  });
  return accountDetail(ctx, body.id);
}

export async function assignAccountRoles(ctx: Ctx, body: AccountAssignRoles): Promise<AccountRecord> {
  await actOn(ctx, 'account.assignRoles', body.id, async (tx, target, mine) => {
    const held = await tx.select({ roleId: accountRoles.roleId }).from(accountRoles).where(eq(accountRoles.accountId, target.id));
    const before = held.map((row) => row.roleId).sort((a, b) => a - b);
    const roleIds = (await checkRoles(ctx, tx, target.merchantId, body.roleIds, before)).sort((a, b) => a - b);
    const changes = diff({ roleIds: before }, { roleIds });
    if (Object.keys(changes).length === 0) return;
    await tx.delete(accountRoles).where(eq(accountRoles.accountId, target.id));
    if (roleIds.length) await tx.insert(accountRoles).values(roleIds.map((roleId) => ({ accountId: target.id, roleId })));
    // What the account then holds, not only what was added, must lie within the caller's grants.
    await assertMayActOn(tx, ctx, target, mine);
    await recordAudit(tx, ctx, { action: 'account.assignRoles', objectType: 'account', objectId: target.id, changes });
  });
  return accountDetail(ctx, body.id);
}

/**
 * Links a single sign-on identity of the configured provider (`issuer`) to an account the caller
 * may act on; an identity another account holds is refused (docs/security.md, "Single sign-on").
 */
export async function linkAccountSso(
  ctx: Ctx,
  body: AccountLinkSso,
  issuer: string | undefined,
  options: { keepOtherLink?: boolean } = {},
): Promise<AccountRecord> {
  if (!issuer) throw new AppError('ssoNotConfigured');
  try {
    await actOn(ctx, 'account.linkSso', body.id, async (tx, target) => {
      const [held] = await tx
        .select({ accountId: accountSso.accountId })
        .from(accountSso)
        .where(and(eq(accountSso.issuer, issuer), eq(accountSso.subject, body.ssoSubject)));
      if (held && held.accountId !== target.id) throw new AppError('ssoSubjectTaken', undefined, { field: 'ssoSubject' });
      const [before] = await tx.select({ subject: accountSso.subject }).from(accountSso).where(eq(accountSso.accountId, target.id));
      if (held) return;
      // The account's row is locked above, so two links to one account are weighed one after the other.
      if (options.keepOtherLink && before) {
        throw new AppError('ssoAccountLinkedElsewhere', { username: target.username, subject: before.subject }, { field: 'accountId' });
      }
      await tx
        .insert(accountSso)
        .values({ accountId: target.id, issuer, subject: body.ssoSubject, linkedBy: ctx.principal.id })
        .onConflictDoUpdate({
          target: accountSso.accountId,
          set: { issuer, subject: body.ssoSubject, linkedBy: ctx.principal.id, createdAt: new Date() },
        });
      await recordAudit(tx, ctx, {
        action: 'account.linkSso',
        objectType: 'account',
        objectId: target.id,
        changes: diff({ ssoSubject: before?.subject ?? null }, { ssoSubject: body.ssoSubject }),
      });
    });
  } catch (error) {
    // Two administrators linking one identity at once: the unique key decides.
    if (isUniqueViolation(error)) throw new AppError('ssoSubjectTaken', undefined, { field: 'ssoSubject' });
    throw error;
  }
  return accountDetail(ctx, body.id);
}

/** Removes an account's single sign-on link; the account may still sign in by its verified mail. */
export async function unlinkAccountSso(ctx: Ctx, body: { id: number }): Promise<AccountRecord> {
  await actOn(ctx, 'account.unlinkSso', body.id, async (tx, target) => {
    const removed = await tx.delete(accountSso).where(eq(accountSso.accountId, target.id)).returning({ subject: accountSso.subject });
    if (removed.length === 0) return;
    await recordAudit(tx, ctx, {
      action: 'account.unlinkSso',
      objectType: 'account',
      objectId: target.id,
      changes: diff({ ssoSubject: removed[0]!.subject }, { ssoSubject: null }),
    });
  });
  return accountDetail(ctx, body.id);
}
