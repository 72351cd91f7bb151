import { and, eq, inArray, ne } from 'drizzle-orm';
import type { MenuAdd, MenuEdit, MenuRecord } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError, isUniqueViolation } from '../../app/errors.js';
import { fieldInvalid } from '../../app/policy.js';
import { diff, recordAudit } from '../audit-log/index.js';
import { menuResources, menus, resources } from './menu.table.js';
import { menuGrantees } from './menu.grantees.js';

type MenuRow = typeof menus.$inferSelect;

function toMenuRecord(row: MenuRow, resourceIds: number[]): MenuRecord {
  return {
    id: row.id,
    parentId: row.parentId,
    code: row.code,
    name: row.name,
    url: row.url,
    iconfont: row.iconfont,
    sort: row.sort,
    resourceIds,
  };
}

async function findMenu(db: Db, id: number): Promise<MenuRow> {
  const [row] = await db.select().from(menus).where(eq(menus.id, id));
  if (!row) throw new AppError('recordNotFound');
  return row;
}

async function linkedResourceIds(db: Db, menuId: number): Promise<number[]> {
  const rows = await db.select({ id: menuResources.resourceId }).from(menuResources).where(eq(menuResources.menuId, menuId));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

async function assertCodeFree(db: Db, code: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.code, code), exceptId === undefined ? undefined : ne(menus.id, exceptId)));
  if (taken) throw new AppError('menuCodeExists');
}

async function assertResourcesExist(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.select({ id: resources.id }).from(resources).where(inArray(resources.id, ids));
  if (found.length !== new Set(ids).size) throw new AppError('resourceNotFound');
}

/**
 * The parent must be the root (-1) or an existing menu; when editing, neither the menu itself
 * nor one of its descendants (that would cut the branch off the tree).
 */
async function assertParentAllowed(ctx: Ctx, parentId: number, selfId?: number): Promise<void> {
  if (parentId === -1) return;
  const all = await ctx.db.select({ id: menus.id, parentId: menus.parentId }).from(menus);
  const parentOf = new Map(all.map((row) => [row.id, row.parentId]));
  if (!parentOf.has(parentId)) throw fieldInvalid(ctx, 'parentId');
  if (selfId === undefined) return;
  const seen = new Set<number>();
  for (let node: number | undefined = parentId; node !== undefined && node !== -1 && !seen.has(node); node = parentOf.get(node)) {
    if (node === selfId) throw fieldInvalid(ctx, 'parentId');
    seen.add(node);
  }
}

/** A concurrent insert of the same code loses on the unique key; it answers the same message. */
async function uniqueCode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('menuCodeExists');
    throw error;
  }
}

function uniqueIds(ids: number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

export async function addMenu(ctx: Ctx, input: MenuAdd): Promise<MenuRecord> {
  const resourceIds = uniqueIds(input.resourceIds);
  await assertParentAllowed(ctx, input.parentId);
  await assertCodeFree(ctx.db, input.code);
  await assertResourcesExist(ctx.db, resourceIds);
  const { resourceIds: _ignored, ...values } = input;
  return uniqueCode(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(menus).values(values).returning();
      if (resourceIds.length) await tx.insert(menuResources).values(resourceIds.map((resourceId) => ({ menuId: row!.id, resourceId })));
      const record = toMenuRecord(row!, resourceIds);
      await recordAudit(tx, ctx, { action: 'menu.add', objectType: 'menu', objectId: record.id, changes: record });
      return record;
    }),
  );
}

export async function editMenu(ctx: Ctx, input: MenuEdit): Promise<MenuRecord> {
  const existing = await findMenu(ctx.db, input.id);
  const before = toMenuRecord(existing, await linkedResourceIds(ctx.db, input.id));
  const resourceIds = uniqueIds(input.resourceIds);
  await assertParentAllowed(ctx, input.parentId, input.id);
  await assertCodeFree(ctx.db, input.code, input.id);
  await assertResourcesExist(ctx.db, resourceIds);
  const { id, resourceIds: _ignored, ...values } = input;
  return uniqueCode(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx.update(menus).set(values).where(eq(menus.id, id)).returning();
      if (!row) throw new AppError('recordNotFound');
      await tx.delete(menuResources).where(eq(menuResources.menuId, id));
      if (resourceIds.length) await tx.insert(menuResources).values(resourceIds.map((resourceId) => ({ menuId: id, resourceId })));
      const after = toMenuRecord(row, resourceIds);
      await recordAudit(tx, ctx, { action: 'menu.edit', objectType: 'menu', objectId: id, changes: diff(before, after) });
      return after;
    }),
  );
}

/** Removes a leaf menu, its resource links (cascade) and every role's grant of it, together. */
export async function removeMenu(ctx: Ctx, id: number): Promise<void> {
  const existing = await findMenu(ctx.db, id);
  const before = toMenuRecord(existing, await linkedResourceIds(ctx.db, id));
  await ctx.db.transaction(async (tx) => {
    const [child] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.parentId, id)).limit(1);
    if (child) throw new AppError('menuHasChildren');
    const revoked = await menuGrantees().revokeMenu(tx, id);
    const removed = await tx.delete(menus).where(eq(menus.id, id)).returning({ id: menus.id });
    if (removed.length === 0) throw new AppError('recordNotFound');
    await recordAudit(tx, ctx, {
      action: 'menu.remove',
      objectType: 'menu',
      objectId: id,
      changes: { ...before, revokedFromRoles: revoked.map((row) => row.roleId) },
    });
  });
}
