import { and, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { factFields, figureSpan, type FigureSource } from '../dashboard/index.js';
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

function customerFacts(db: Db, from: Date, to: Date): SQL {
  const registered = factFields({ at: customers.createdAt, merchantId: customers.merchantId, counters: { newUsers: sql`count(*)::int` } });
  const approved = factFields({
    at: identitySubmissions.auditedAt,
    merchantId: identitySubmissions.merchantId,
    counters: { approvedUsers: sql`count(*)::int` },
  });
  return sql`${db
    .select(registered.fields)
    .from(customers)
    .where(and(gte(customers.createdAt, from), lt(customers.createdAt, to)))
    .groupBy(...registered.groupBy)} union all ${db
    .select(approved.fields)
    .from(identitySubmissions)
    .where(
      and(
        eq(identitySubmissions.auditState, 'PASSED'),
        isNotNull(identitySubmissions.auditedAt),
        gte(identitySubmissions.auditedAt, from),
        lt(identitySubmissions.auditedAt, to),
      ),
    )
    .groupBy(...approved.groupBy)}`;
}
