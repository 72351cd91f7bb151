import { and, eq, ne, sql } from 'drizzle-orm';
import { ROLE_GRANT_CODE, type PermissionNode, type RoleAdd, type RoleEdit, type RoleRecord } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { holds, isPlatform, withinGrants, type Ctx } from '../../app/context.js';
import { AppError, isUniqueViolation, notFound } from '../../app/errors.js';
import { fieldInvalid, permissionDenied } from '../../app/policy.js';
import { diff, recordAudit } from '../audit-log/index.js';
import { buildTree, knownMenuIds, knownResourceIds } from '../menu/index.js';
import { merchantExists } from '../merchant/index.js';
import { roleMenus, roleResources, roles } from './role.table.js';
import { roleDetail, roleScope } from './role.query.js';
import { roleHolders } from './role.holders.js';

interface Granted {
  menuIds: number[];
  resourceIds: number[];
}

const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** The tenant of a new role: merchant staff create their own; platform staff choose (null = platform). */
async function tenantOfNewRole(ctx: Ctx, merchantId: number | null | undefined): Promise<number | null> {
  if (!isPlatform(ctx.principal)) return ctx.principal.merchantId;
  if (merchantId === undefined || merchantId === null) return null;
  if (!(await merchantExists(ctx.db, merchantId))) throw new AppError('agentMissing');
  return merchantId;
}

async function assertNameFree(db: Db, merchantId: number | null, name: string, exceptId?: number): Promise<void> {
  const [found] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        sql`coalesce(${roles.merchantId}, 0) = ${merchantId ?? 0}`,
        sql`lower(${roles.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(roles.id, exceptId),
      ),
    )
    .limit(1);
  if (found) throw new AppError('recordExists');
}

/**
 * Changing what a role grants needs admin.role.grant; what is newly granted must exist and be
 * held by the caller (nobody grants what they lack). Keeping or removing grants is always allowed.
 */
async function checkGrant(ctx: Ctx, next: Granted, before: Granted): Promise<void> {
  const addedMenus = next.menuIds.filter((id) => !before.menuIds.includes(id));
  const addedResources = next.resourceIds.filter((id) => !before.resourceIds.includes(id));
  const changed =
    addedMenus.length > 0 ||
    addedResources.length > 0 ||
    next.menuIds.length !== before.menuIds.length ||
    next.resourceIds.length !== before.resourceIds.length;
  if (!changed) return;
  if (!holds(ctx, ROLE_GRANT_CODE)) throw permissionDenied(ctx);
  if (addedMenus.length > 0) {
    const found = await knownMenuIds(ctx.db, addedMenus);
    if (found.length !== addedMenus.length) throw fieldInvalid(ctx, 'menuIds');
  }
  if (addedResources.length > 0) {
    const found = await knownResourceIds(ctx.db, addedResources);
    if (found.length !== addedResources.length) throw new AppError('resourceNotFound');
  }
  if (ctx.grants && !withinGrants(ctx.grants, addedMenus, addedResources)) throw new AppError('cannotGrantUnheld');
}

async function writeGrants(tx: Db, roleId: number, granted: Granted): Promise<void> {
  await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  await tx.delete(roleResources).where(eq(roleResources.roleId, roleId));
  if (granted.menuIds.length) await tx.insert(roleMenus).values(granted.menuIds.map((menuId) => ({ roleId, menuId })));
  if (granted.resourceIds.length) await tx.insert(roleResources).values(granted.resourceIds.map((resourceId) => ({ roleId, resourceId })));
}

/** The unique index settles a race between two administrators naming roles alike. */
function duplicateName(error: unknown): unknown {
  return isUniqueViolation(error) ? new AppError('recordExists') : error;
}

export async function addRole(ctx: Ctx, body: RoleAdd): Promise<RoleRecord> {
  const merchantId = await tenantOfNewRole(ctx, body.merchantId);
  await assertNameFree(ctx.db, merchantId, body.name);
  const granted = { menuIds: sorted(body.menuIds), resourceIds: sorted(body.resourceIds) };
  await checkGrant(ctx, granted, { menuIds: [], resourceIds: [] });
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(roles)
        .values({ name: body.name, description: body.description, sort: body.sort, merchantId })
        .returning({ id: roles.id });
      const roleId = created!.id;
      await writeGrants(tx, roleId, granted);
      await recordAudit(tx, ctx, {
        action: 'role.add',
        objectType: 'role',
        objectId: roleId,
        changes: { name: body.name, description: body.description, sort: body.sort, merchantId, ...granted },
      });
      return roleId;
    });
    return await roleDetail(ctx, id);
  } catch (error) {
    throw duplicateName(error);
  }
}

export async function editRole(ctx: Ctx, body: RoleEdit): Promise<RoleRecord> {
  const current = await roleDetail(ctx, body.id);
  await assertNameFree(ctx.db, current.merchantId, body.name, current.id);
  const before = { menuIds: sorted(current.menuIds), resourceIds: sorted(current.resourceIds) };
  const granted = { menuIds: sorted(body.menuIds ?? before.menuIds), resourceIds: sorted(body.resourceIds ?? before.resourceIds) };
  await checkGrant(ctx, granted, before);
  const changes = diff(
    { name: current.name, description: current.description, sort: current.sort, ...before },
    { name: body.name, description: body.description, sort: body.sort, ...granted },
  );
  if (Object.keys(changes).length === 0) return current;
  // Changing what a role grants changes every account holding it: nobody demotes one stronger than themselves.
  if ('menuIds' in changes || 'resourceIds' in changes) {
    await roleHolders().assertMayChange(ctx, current.id);
  }
  try {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(roles)
        .set({ name: body.name, description: body.description, sort: body.sort, updatedAt: new Date() })
        .where(eq(roles.id, current.id));
      if ('menuIds' in changes || 'resourceIds' in changes) await writeGrants(tx, current.id, granted);
      await recordAudit(tx, ctx, { action: 'role.edit', objectType: 'role', objectId: current.id, changes });
    });
  } catch (error) {
    throw duplicateName(error);
  }
  return roleDetail(ctx, current.id);
}

export async function removeRole(ctx: Ctx, id: number): Promise<null> {
  const [role] = await ctx.db
    .select({ id: roles.id, name: roles.name, merchantId: roles.merchantId })
    .from(roles)
    .where(and(eq(roles.id, id), roleScope(ctx)));
  if (!role) throw notFound();
  await ctx.db.transaction(async (tx) => {
    // Checked inside the transaction so an assignment racing the delete is not left dangling.
    if (await roleHolders().exist(tx, role.id)) throw new AppError('roleInUse');
    await tx.delete(roles).where(eq(roles.id, role.id));
    await recordAudit(tx, ctx, {
      action: 'role.remove',
      objectType: 'role',
      objectId: role.id,
      changes: { name: role.name, merchantId: role.merchantId },
    });
  });
  return null;
}

/** The permission tree the caller may grant: everything for SUPER, otherwise what they hold. */
export async function grantableTree(ctx: Ctx): Promise<PermissionNode[]> {
  return buildTree(ctx.db, ctx.grants);
}
