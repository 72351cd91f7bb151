import { eq, gte, ilike, lte, type Column, type SQLWrapper } from 'drizzle-orm';
import { auditLogApi, type AuditLogRecord } from '@swap/contracts';
import { likePattern } from '../../app/pagination.js';
import { defineList, type ListJoin } from '../../app/list.js';
import { auditLogs } from './audit-log.table.js';
import { handOver } from '../../app/hand-over.js';

type AuditRow = typeof auditLogs.$inferSelect;

function toRecord(row: AuditRow, merchantName: string | null): AuditLogRecord {
  return {
    id: row.id,
    at: row.at.toISOString(),
    requestTime: row.requestTime ? row.requestTime.toISOString() : null,
    accountId: row.accountId,
    username: row.username,
    merchantId: row.merchantId,
    merchantName,
    action: row.action,
    objectType: row.objectType,
    objectId: row.objectId,
    // recordAudit writes an object (a diff or the object concerned) or null, nothing else.
    changes: row.changes as AuditLogRecord['changes'],
    ip: row.ip,
    success: row.success,
  };
}

/** The join naming an entry's tenant, with the tenant's name (the merchant module's `merchantJoin`). */
type TenantJoin = (merchantId: SQLWrapper) => { join: ListJoin; name: Column };
const tenantJoin = handOver<TenantJoin>("The merchant module's join naming an entry's tenant");

/**
 * The merchant module records audit entries, so this module never imports it: the module registry
 * hands over the join naming an entry's tenant once at start-up (docs/architecture.md, "No two
 * modules import each other").
 */
export const nameTenantsWith = tenantJoin.tell;

let list: ReturnType<typeof declareList> | undefined;

/** The audit log's list, declared on first use with the tenant join the registry handed over. */
export function auditLogList() {
  return (list ??= declareList(tenantJoin.get()));
}

/** The audit trail (System centre → Audit log), newest first always: an audit trail is read backwards from now. */
const declareList = (join: TenantJoin) => {
  const tenant = join(auditLogs.merchantId);
  return defineList({
    endpoint: auditLogApi.search,
    table: auditLogs,
    id: auditLogs.id,
    select: { log: auditLogs, merchantName: tenant.name },
    // The tenant's name comes from the merchant module as a join: the page stays one statement.
    joins: [tenant.join],
    // Only super administrators read it (the endpoint's access): it spans every tenant.
    scope: () => undefined,
    filters: {
      username: {
        where: (username) => ilike(auditLogs.username, likePattern(username)),
        unindexed:
          'Part of a name, in any case: no btree serves it. Read by super administrators only, usually within a period (from, to), which the at index serves.',
      },
      action: {
        where: (action) => ilike(auditLogs.action, likePattern(action)),
        unindexed:
          'Part of an action, in any case: no btree serves it. Read by super administrators only, usually within a period (from, to), which the at index serves.',
      },
      objectType: (objectType) => eq(auditLogs.objectType, objectType),
      from: (from) => gte(auditLogs.at, new Date(from)),
      to: (to) => lte(auditLogs.at, new Date(to)),
    },
    defaultOrder: () => ({ column: auditLogs.at, direction: 'desc' }),
    count: 'exact',
    present: ({ log, merchantName }: { log: AuditRow; merchantName: string | null }) => toRecord(log, merchantName),
  });
};
