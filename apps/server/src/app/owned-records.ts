import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditObject } from '@swap/contracts';
import type { Db } from '../db/client.js';
import { diff, recordAudit } from '../modules/audit-log/index.js';
import type { Ctx } from './context.js';
import { AppError, notFound } from './errors.js';
import { merchantExists } from '../modules/merchant/index.js';

/** The agent platform staff name as a new record's owner (see `chosenAgent`). */
export interface ChosenOwner {
  merchantId?: number | null | undefined;
}

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
  /**
   * Who owns a new record. By default the caller's merchant (null for platform staff: the
   * platform's own); `chosenAgent` makes platform staff name an agent.
   */
  ownerOf?: (ctx: Ctx, input: Fields & ChosenOwner, db: Db) => Promise<number | null>;
  /**
   * The rules a write must pass beyond its schema, inside its transaction, given the owner; answers
   * the columns the write adds to the fields (e.g. the owner's currency). Refusing throws.
   */
  prepare?: (ctx: Ctx, input: Fields, owner: number | null, db: Db) => Promise<Record<string, unknown>>;
  /** What add and edit answer, read again by id (e.g. with the names the list joins); `present` by default. */
  answer?: (ctx: Ctx, id: number) => Promise<Out>;
  /**
   * What an edit or a removal sets in motion on other rows, inside its transaction: run after the
   * edit (`after`: the row as saved) and before the removal (`after`: null), the record still locked.
   */
  settle?: (ctx: Ctx, tx: Db, change: { before: T['$inferSelect']; after: T['$inferSelect'] | null }) => Promise<void>;
}

/**
 * The owner of a record that belongs to an agent: a merchant's staff always write their own
 * merchant's, whatever the body says; platform staff must choose an existing agent (2007, 2008).
 */
export async function chosenAgent(ctx: Pick<Ctx, 'principal'>, merchantId: number | null | undefined, db: Db): Promise<number> {
  if (ctx.principal.merchantId !== null) return ctx.principal.merchantId;
  if (merchantId === undefined || merchantId === null) throw new AppError('platformMustChooseAgent', undefined, { field: 'merchantId' });
  if (!(await merchantExists(db, merchantId))) throw new AppError('agentMissing', undefined, { field: 'merchantId' });
  return merchantId;
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

  async function add(ctx: Ctx, input: Fields & ChosenOwner): Promise<Out> {
    const id = await ctx.db.transaction(async (tx) => {
      const owner = def.ownerOf ? await def.ownerOf(ctx, input, tx) : ctx.principal.merchantId;
      const extra = def.prepare ? await def.prepare(ctx, input, owner, tx) : {};
      const values = { ...fieldsOf(input), ...extra, [merchantKey]: owner };
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
      return { id, row: row! };
    });
    return def.answer ? def.answer(ctx, id.id) : def.present(id.row);
  }

  async function edit(ctx: Ctx, input: Fields & { id: number }): Promise<Out> {
    const row = await ctx.db.transaction(async (tx) => {
      const before = await lockOwn(tx, ctx, input.id);
      const owner = (before as Record<string, unknown>)[merchantKey] as number | null;
      const extra = def.prepare ? await def.prepare(ctx, input, owner, tx) : {};
      const set = { ...fieldsOf(input), ...extra, ...(updatedKey ? { [updatedKey]: new Date() } : {}) };
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
      await def.settle?.(ctx, tx, { before, after: row! });
      return row!;
    });
    return def.answer ? def.answer(ctx, input.id) : def.present(row);
  }

  async function remove(ctx: Ctx, id: number): Promise<null> {
    await ctx.db.transaction(async (tx) => {
      const before = await lockOwn(tx, ctx, id);
      await def.settle?.(ctx, tx, { before, after: null });
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
