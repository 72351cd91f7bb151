import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { MerchantRecord, MerchantSearch, Page } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { notFound } from '../../app/errors.js';
import { countAll, likePattern, orderBy, pageWindow, toPage } from '../../app/pagination.js';
import { EXPORT_MAX_ROWS } from '../../app/csv.js';
import { accounts } from '../account/account.table.js';
import { merchants } from './merchant.table.js';

/** Merchant staff see only their own merchant; platform staff see all. */
export function merchantScope(ctx: Pick<Ctx, 'principal'>): SQL | undefined {
  const own = ctx.principal.merchantId;
  return own === null ? undefined : eq(merchants.id, own);
}

function filters(ctx: Ctx, query: Omit<MerchantSearch, 'current' | 'size' | 'sort'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [merchantScope(ctx)];
  if (query.keyword) {
    const pattern = likePattern(query.keyword);
    conditions.push(
      or(
        ilike(merchants.name, pattern),
        ilike(merchants.personInCharge, pattern),
        ilike(merchants.contact, pattern),
        ilike(merchants.officeAddress, pattern),
      ),
    );
  }
  if (query.type) conditions.push(eq(merchants.type, query.type));
  return and(...conditions);
}

// Counted inside the page query (one round trip), not per merchant.
// Columns are qualified by hand: drizzle drops table names in single-table selects, which would
// make the subquery compare the account table with itself.
const accountCount = sql<number>`(select count(*)::int from ${accounts} where ${accounts}.${sql.identifier('merchant_id')} = ${merchants}.${sql.identifier('id')})`;

const columns = {
  id: merchants.id,
  name: merchants.name,
  type: merchants.type,
  personInCharge: merchants.personInCharge,
  contact: merchants.contact,
  officeAddress: merchants.officeAddress,
  idCardFrontFileId: merchants.idCardFrontFileId,
  idCardBackFileId: merchants.idCardBackFileId,
  facePhotoFileId: merchants.facePhotoFileId,
  accountCount,
  createdAt: merchants.createdAt,
};

const SORTABLE = {
  name: merchants.name,
  type: merchants.type,
  personInCharge: merchants.personInCharge,
  accountCount,
  createdAt: merchants.createdAt,
};

function present(row: Omit<MerchantRecord, 'createdAt'> & { createdAt: Date }): MerchantRecord {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function searchMerchants(ctx: Ctx, query: MerchantSearch): Promise<Page<MerchantRecord>> {
  const where = filters(ctx, query);
  const { limit, offset } = pageWindow(query);
  const rows = await ctx.db
    .select(columns)
    .from(merchants)
    .where(where)
    .orderBy(...orderBy(query.sort, SORTABLE, [asc(merchants.name)], merchants.id))
    .limit(limit)
    .offset(offset);
  const [count] = await ctx.db.select({ n: countAll }).from(merchants).where(where);
  return toPage(rows.map(present), count?.n ?? 0, query);
}

export async function exportMerchants(ctx: Ctx, query: MerchantSearch): Promise<MerchantRecord[]> {
  const rows = await ctx.db
    .select(columns)
    .from(merchants)
    .where(filters(ctx, query))
    .orderBy(...orderBy(query.sort, SORTABLE, [asc(merchants.name)], merchants.id))
    .limit(EXPORT_MAX_ROWS);
  return rows.map(present);
}

/** One merchant the caller may see, or "record does not exist". */
export async function merchantDetail(ctx: Pick<Ctx, 'db' | 'principal'>, id: number): Promise<MerchantRecord> {
  const [row] = await ctx.db
    .select(columns)
    .from(merchants)
    .where(and(eq(merchants.id, id), merchantScope(ctx)));
  if (!row) throw notFound();
  return present(row);
}
