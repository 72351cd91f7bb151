import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { FigureFact } from '../dashboard/index.js';
import { customers, identitySubmissions } from './customer.table.js';

/**
 * Customers registered by merchant and hour, and identities approved (audits passed) by merchant and
 * hour of the audit: what the dashboard's rollups count, for rebuilding them.
 */
export async function customerFigureFacts(db: Db): Promise<FigureFact[]> {
  const created = sql<string>`to_char(${customers.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00')`;
  const registered = await db
    .select({ merchantId: customers.merchantId, hour: created, count: sql<number>`count(*)::int` })
    .from(customers)
    .groupBy(customers.merchantId, created);
  const audited = sql<string>`to_char(${identitySubmissions.auditedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00')`;
  const approved = await db
    .select({ merchantId: identitySubmissions.merchantId, hour: audited, count: sql<number>`count(*)::int` })
    .from(identitySubmissions)
    .where(and(eq(identitySubmissions.auditState, 'PASSED'), isNotNull(identitySubmissions.auditedAt)))
    .groupBy(identitySubmissions.merchantId, audited);
  return [
    ...registered.map((row) => ({ merchantId: row.merchantId, at: new Date(`${row.hour}Z`), newUsers: row.count })),
    ...approved.map((row) => ({ merchantId: row.merchantId, at: new Date(`${row.hour}Z`), approvedUsers: row.count })),
  ];
}
