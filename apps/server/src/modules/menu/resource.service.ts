import { and, asc, eq, ilike, ne, type SQL } from 'drizzle-orm';
import type { Page, ResourceAdd, ResourceEdit, ResourceRecord, ResourceSearch, resourceApi } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError, isUniqueViolation } from '../../app/errors.js';
import { countAll, likePattern, orderBy, pageWindow, toPage, type SortColumns } from '../../app/pagination.js';
import { EXPORT_MAX_ROWS } from '../../app/csv.js';
import { diff, recordAudit } from '../audit-log/index.js';
import { resources } from './menu.table.js';
import { menuGrantees } from './menu.grantees.js';

type ResourceRow = typeof resources.$inferSelect;

export function toResourceRecord(row: ResourceRow): ResourceRecord {
  return { id: row.id, name: row.name, code: row.code, type: row.type, url: row.url };
}

function filterOf(query: Pick<ResourceSearch, 'name' | 'code' | 'type'>): SQL | undefined {
  return and(
    query.name ? ilike(resources.name, likePattern(query.name)) : undefined,
    query.code ? ilike(resources.code, likePattern(query.code)) : undefined,
    query.type ? eq(resources.type, query.type) : undefined,
  );
}

const SORTABLE = { id: resources.id, name: resources.name, code: resources.code, type: resources.type } satisfies SortColumns<
  typeof resourceApi.search
>;

export async function searchResources(db: Db, query: ResourceSearch): Promise<Page<ResourceRecord>> {
  const where = filterOf(query);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select()
    .from(resources)
    .where(where)
    .orderBy(...orderBy(query.sort, SORTABLE, [asc(resources.code)], resources.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: countAll }).from(resources).where(where);
  return toPage(rows.map(toResourceRecord), total?.n ?? 0, query);
}

export async function resourcesForExport(db: Db, query: ResourceSearch): Promise<ResourceRecord[]> {
  const rows = await db
    .select()
    .from(resources)
    .where(filterOf(query))
    .orderBy(...orderBy(query.sort, SORTABLE, [asc(resources.code)], resources.id))
    .limit(EXPORT_MAX_ROWS);
  return rows.map(toResourceRecord);
}

async function findResource(db: Db, id: number): Promise<ResourceRow> {
  const [row] = await db.select().from(resources).where(eq(resources.id, id));
  if (!row) throw new AppError('resourceNotFound');
  return row;
}

async function assertCodeFree(db: Db, code: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: resources.id })
    .from(resources)
    .where(and(eq(resources.code, code), exceptId === undefined ? undefined : ne(resources.id, exceptId)));
  if (taken) throw new AppError('resourceCodeExists');
}

/** A concurrent insert of the same code loses on the unique key; it answers the same message. */
async function uniqueCode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('resourceCodeExists');
    throw error;
  }
}

export async function addResource(ctx: Ctx, input: ResourceAdd): Promise<ResourceRecord> {
  await assertCodeFree(ctx.db, input.code);
  return uniqueCode(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(resources).values(input).returning();
      const record = toResourceRecord(row!);
      await recordAudit(tx, ctx, { action: 'resource.add', objectType: 'resource', objectId: record.id, changes: record });
      return record;
    }),
  );
}

export async function editResource(ctx: Ctx, input: ResourceEdit): Promise<ResourceRecord> {
  const before = toResourceRecord(await findResource(ctx.db, input.id));
  await assertCodeFree(ctx.db, input.code, input.id);
  const { id, ...values } = input;
  return uniqueCode(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx.update(resources).set(values).where(eq(resources.id, id)).returning();
      if (!row) throw new AppError('resourceNotFound');
      const after = toResourceRecord(row);
      await recordAudit(tx, ctx, { action: 'resource.edit', objectType: 'resource', objectId: id, changes: diff(before, after) });
      return after;
    }),
  );
}

/** Removes a resource, its place in menus (cascade) and every role's grant of it, together. */
export async function removeResource(ctx: Ctx, id: number): Promise<void> {
  const before = toResourceRecord(await findResource(ctx.db, id));
  await ctx.db.transaction(async (tx) => {
    const revoked = await menuGrantees().revokeResource(tx, id);
    const removed = await tx.delete(resources).where(eq(resources.id, id)).returning({ id: resources.id });
    if (removed.length === 0) throw new AppError('resourceNotFound');
    await recordAudit(tx, ctx, {
      action: 'resource.remove',
      objectType: 'resource',
      objectId: id,
      changes: { ...before, revokedFromRoles: revoked.map((row) => row.roleId) },
    });
  });
}
