import { and, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { AuditLogRecord, AuditLogSearch, Page } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { countAll, likePattern, pageWindow, toPage } from '../../app/pagination.js';
import { EXPORT_MAX_ROWS } from '../../app/csv.js';
import { auditLogs } from './audit-log.table.js';

type AuditRow = typeof auditLogs.$inferSelect;

function toRecord(row: AuditRow): AuditLogRecord {
  return {
    id: row.id,
    at: row.at.toISOString(),
    requestTime: row.requestTime ? row.requestTime.toISOString() : null,
    accountId: row.accountId,
    username: row.username,
    merchantId: row.merchantId,
    action: row.action,
    objectType: row.objectType,
    objectId: row.objectId,
    // recordAudit writes an object (a diff or the object concerned) or null, nothing else.
    changes: row.changes as AuditLogRecord['changes'],
    ip: row.ip,
    success: row.success,
  };
}

function filterOf(query: AuditLogSearch): SQL | undefined {
  return and(
    query.username ? ilike(auditLogs.username, likePattern(query.username)) : undefined,
    query.action ? ilike(auditLogs.action, likePattern(query.action)) : undefined,
    query.objectType ? eq(auditLogs.objectType, query.objectType) : undefined,
    query.from ? gte(auditLogs.at, new Date(query.from)) : undefined,
    query.to ? lte(auditLogs.at, new Date(query.to)) : undefined,
  );
}

/** Newest first always: an audit trail is read backwards from now. */
const NEWEST_FIRST = [desc(auditLogs.at), desc(auditLogs.id)];

export async function searchAuditLog(db: Db, query: AuditLogSearch): Promise<Page<AuditLogRecord>> {
  const where = filterOf(query);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select()
    .from(auditLogs)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: countAll }).from(auditLogs).where(where);
  return toPage(rows.map(toRecord), total?.n ?? 0, query);
}

export async function auditLogForExport(db: Db, query: AuditLogSearch): Promise<AuditLogRecord[]> {
  const rows = await db
    .select()
    .from(auditLogs)
    .where(filterOf(query))
    .orderBy(...NEWEST_FIRST)
    .limit(EXPORT_MAX_ROWS);
  return rows.map(toRecord);
}
