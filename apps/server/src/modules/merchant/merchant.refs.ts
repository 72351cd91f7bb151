import { eq, sql, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';
import { integer } from 'drizzle-orm/pg-core';
import { messageText } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import type { ListJoin } from '../../app/list.js';
import { qualified } from '../../app/sql.js';
import { merchants } from './merchant.table.js';

/**
 * What other modules use to refer to a merchant without reading its table (docs/architecture.md,
 * "Boundaries"): a foreign key column, the name read inside the caller's own query, existence.
 */

/** A column naming a merchant (`merchant_id` unless named otherwise), with its foreign key. */
export function merchantIdColumn(name = 'merchant_id') {
  return integer(name).references(() => merchants.id);
}

/** The merchant's name beside the caller's rows, in the same query (null without a merchant). */
export function merchantNameOf(merchantId: Column | SQL | SQL.Aliased): SQL<string | null> {
  return sql<
    string | null
  >`(select ${merchants}.${sql.identifier('name')} from ${merchants} where ${merchants}.${sql.identifier('id')} = ${qualified(merchantId)})`;
}

/**
 * The owner joined to the caller's rows (left: a row without an owner keeps a null name), for a
 * list that selects or sorts by the name; where the name is only shown, `merchantNameOf` does.
 */
export function merchantJoin(merchantId: SQLWrapper) {
  return { join: { table: merchants, on: eq(merchants.id, merchantId), left: true } satisfies ListJoin, name: merchants.name };
}

/** Whether a merchant with this id exists. */
export async function merchantExists(db: Db, id: number): Promise<boolean> {
  const [found] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, id));
  return found !== undefined;
}

/**
 * A merchant the caller may name on a record (a cabinet's seller, a vehicle's dealer): platform staff
 * any existing one, a merchant's staff their own only. Anything else is refused as an unknown agent
 * (2008), so another tenant's merchants are not revealed. Inside a transaction, pass its `db`.
 */
export async function refuseHiddenMerchant(ctx: Pick<Ctx, 'db' | 'principal'>, id: number, field: string, db: Db = ctx.db): Promise<void> {
  const own = ctx.principal.merchantId;
  if ((own !== null && id !== own) || !(await merchantExists(db, id))) throw new AppError('agentMissing', undefined, { field });
}

/**
 * The name to show for a merchant a record names (a cabinet's seller, a vehicle's dealer): its name
 * where the caller may see it (platform staff any, a merchant's staff their own), else "Another
 * merchant" in the caller's language, so another tenant's name is not revealed.
 */
export function shownMerchantName(ctx: Pick<Ctx, 'principal' | 'lang'>, id: number, name: string): string {
  const own = ctx.principal.merchantId;
  return own === null || own === id ? name : messageText('anotherMerchant', ctx.lang);
}

/** `shownMerchantName` in SQL, for an export read from stored rows. */
export function shownMerchantNameSql(ctx: Pick<Ctx, 'principal' | 'lang'>, id: SQLWrapper, name: SQLWrapper): SQL<string> {
  const own = ctx.principal.merchantId;
  if (own === null) return sql`${name}`;
  return sql`case when ${id} = ${own} then ${name} else ${messageText('anotherMerchant', ctx.lang)}::text end`;
}

/** The files a merchant's record points at (its documents), as a subquery of ids for the caller's query. */
export function merchantDocumentIds(db: Db, merchantId: number) {
  return db
    .select({ id: merchants.idCardFrontFileId })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .union(db.select({ id: merchants.idCardBackFileId }).from(merchants).where(eq(merchants.id, merchantId)))
    .union(db.select({ id: merchants.facePhotoFileId }).from(merchants).where(eq(merchants.id, merchantId)));
}

/** Whether a merchant already has this name, in any case. */
export async function merchantNameTaken(db: Db, name: string): Promise<boolean> {
  const [found] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(sql`lower(${merchants.name}) = lower(${name})`)
    .limit(1);
  return found !== undefined;
}

/** Adds a merchant inside the caller's transaction (an approved merchant application); answers its id. */
export async function insertMerchant(
  db: Db,
  fields: Pick<typeof merchants.$inferInsert, 'name' | 'type' | 'personInCharge' | 'contact' | 'officeAddress'> & {
    idCardFrontFileId: number;
    idCardBackFileId: number;
    facePhotoFileId: number;
  },
): Promise<number> {
  const [created] = await db.insert(merchants).values(fields).returning({ id: merchants.id });
  return created!.id;
}
