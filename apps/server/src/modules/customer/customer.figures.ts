import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { figureSpan, hourAt, utcHour, type FigureFact, type FigureSource } from '../dashboard/index.js';
import { customers, identitySubmissions } from './customer.table.js';

/**
 * Customers registered by merchant and hour, and identities approved (audits passed) by merchant and
 * hour of the audit: what the dashboard's rollups count, for rebuilding them.
 */
export const customerFigureFacts: FigureSource = {
  span: async (db: Db) => {
    const passed = and(eq(identitySubmissions.auditState, 'PASSED'), isNotNull(identitySubmissions.auditedAt));
    const [row] = await db
      .select({
        first: sql<number | null>`extract(epoch from least(min(${customers.createdAt}),
          (select min(${identitySubmissions.auditedAt}) from ${identitySubmissions} where ${passed})))::float8`,
        last: sql<number | null>`extract(epoch from greatest(max(${customers.createdAt}),
          (select max(${identitySubmissions.auditedAt}) from ${identitySubmissions} where ${passed})))::float8`,
      })
      .from(customers);
    return figureSpan(row);
  },
  facts: (db, from, to) => customerFacts(db, from, to),
};

async function customerFacts(db: Db, from: Date, to: Date): Promise<FigureFact[]> {
  const created = utcHour(customers.createdAt);
  const registered = await db
    .select({ merchantId: customers.merchantId, hour: created, count: sql<number>`count(*)::int` })
    .from(customers)
    .where(and(gte(customers.createdAt, from), lt(customers.createdAt, to)))
    .groupBy(customers.merchantId, created);
  const audited = utcHour(identitySubmissions.auditedAt);
  const approved = await db
    .select({ merchantId: identitySubmissions.merchantId, hour: audited, count: sql<number>`count(*)::int` })
    .from(identitySubmissions)
    .where(
      and(
        eq(identitySubmissions.auditState, 'PASSED'),
        isNotNull(identitySubmissions.auditedAt),
        gte(identitySubmissions.auditedAt, from),
        lt(identitySubmissions.auditedAt, to),
      ),
    )
    .groupBy(identitySubmissions.merchantId, audited);
  return [
    ...registered.map((row) => ({ merchantId: row.merchantId, at: hourAt(row.hour), newUsers: row.count })),
    ...approved.map((row) => ({ merchantId: row.merchantId, at: hourAt(row.hour), approvedUsers: row.count })),
  ];
}
