import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditObject } from '@swap/contracts';
import type { Db } from '../db/client.js';
import { diff, recordAudit } from '../modules/audit-log/index.js';
import type { Ctx } from './context.js';
import { notFound } from './errors.js';

export interface OwnedRecordsDef<T extends PgTable, Fields extends Record<string, unknown>, Out> {
  table: T;
  id: PgColumn;
  /** The owning merchant; null for the platform's own records. */
  merchantId: PgColumn;
  /** Set to the time of every edit, when the table keeps one. */
  updatedAt?: PgColumn;
  /** The audit trail's object type; the actions are `<objectType>.add`, `.edit` and `.remove`. */
  objectType: AuditObject;
  /** The fields an add or edit writes, picked from the input (or, for the trail, from a row). */
  fields: (source: Fields) => Fields;
  present: (row: T['$inferSelect']) => Out;
}

/**
 * Add, edit and remove of records a tenant owns, each in one transaction with its audit row
 * (docs/adding-a-resource.md, "Server"). A merchant's staff reach only their merchant's records and
 * platform staff every tenant's (`scope`, also the list's scope); an edit or a removal first locks
 * the caller's own row, so another tenant's id answers "does not exist" and changes nothing, and of
 * two racing removals one removes and the other is told the record no longer exists.
 */
export function ownedRecords<T extends PgTable, Fields extends Record<string, unknown>, Out>(def: OwnedRecordsDef<T, Fields, Out>) {
  type Row = T['$inferSelect'];
  const fieldsOf = (source: Fields | Row) => def.fields(source as Fields);
  // The row's property of each column the kit writes or reads back.
  const keyOf = (column: PgColumn) => Object.entries(getTableColumns(def.table)).find(([, c]) => c === column)![0];
  const idKey = keyOf(def.id);
  const merchantKey = keyOf(def.merchantId);
  const updatedKey = def.updatedAt ? keyOf(def.updatedAt) : null;

  function scope(ctx: Pick<Ctx, 'principal'>): SQL | undefined {
    const own = ctx.principal.merchantId;
    return own === null ? undefined : eq(def.merchantId, own);
  }

  async function lockOwn(tx: Db, ctx: Ctx, id: number): Promise<Row> {
    const table: PgTable = def.table;
    const [row] = await tx
      .select()
      .from(table)
      .where(and(eq(def.id, id), scope(ctx)))
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  async function add(ctx: Ctx, input: Fields): Promise<Out> {
    return ctx.db.transaction(async (tx) => {
      const values = { ...fieldsOf(input), [merchantKey]: ctx.principal.merchantId };
      const [row] = (await tx
        .insert(def.table)
        .values(values as T['$inferInsert'])
        .returning()) as Row[];
      const id = (row as Record<string, unknown>)[idKey] as number;
      await recordAudit(tx, ctx, {
        action: `${def.objectType}.add` as AuditAction,
        objectType: def.objectType,
        objectId: id,
        changes: fieldsOf(input),
      });
      return def.present(row!);
    });
  }

  async function edit(ctx: Ctx, input: Fields & { id: number }): Promise<Out> {
    return ctx.db.transaction(async (tx) => {
      const before = await lockOwn(tx, ctx, input.id);
      const set = { ...fieldsOf(input), ...(updatedKey ? { [updatedKey]: new Date() } : {}) };
      const [row] = (await tx
        .update(def.table)
        // The fields' type is the resource's; drizzle cannot relate it to a table given as a type parameter.
        .set(set as never)
        .where(eq(def.id, input.id))
        .returning()) as Row[];
      await recordAudit(tx, ctx, {
        action: `${def.objectType}.edit` as AuditAction,
        objectType: def.objectType,
        objectId: input.id,
        changes: diff(fieldsOf(before), fieldsOf(input)),
      });
      return def.present(row!);
    });
  }

  async function remove(ctx: Ctx, id: number): Promise<null> {
    await ctx.db.transaction(async (tx) => {
      const before = await lockOwn(tx, ctx, id);
      await tx.delete(def.table).where(eq(def.id, id));
      await recordAudit(tx, ctx, {
        action: `${def.objectType}.remove` as AuditAction,
        objectType: def.objectType,
        objectId: id,
        changes: fieldsOf(before),
      });
    });
    return null;
  }

  return { scope, lockOwn, add, edit, remove, present: def.present };
}
