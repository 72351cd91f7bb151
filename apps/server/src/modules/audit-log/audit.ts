import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { isAuditAction, type AuditAction } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { auditLogs } from './audit-log.table.js';

export interface AuditEntry {
  /** One of AUDIT_ACTIONS (packages/contracts), which the audit log screen words in every language. */
  action: AuditAction;
  objectType: string;
  objectId?: string | number | null;
  /** What changed: `{ field: [before, after] }`, or the created object. Never credentials. */
  changes?: unknown;
  success?: boolean;
}

const SECRET_FIELDS = /password|token|hash/i;

/** Drops credentials from whatever is logged, at any depth. */
function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, SECRET_FIELDS.test(key) ? '***' : redact(inner)]),
    );
  }
  return value;
}

/** Field-by-field difference of two versions of an object, for the audit trail. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after)) {
    const a = before[key];
    const b = after[key];
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = [a, b];
  }
  return changes;
}

/** An action outside AUDIT_ACTIONS is a programming error: the audit log could not word it. */
function checked(action: string): AuditAction {
  if (!isAuditAction(action)) throw new Error(`Audit action "${action}" is not in AUDIT_ACTIONS (packages/contracts)`);
  return action;
}

/** Writes one audit row with the caller's identity and tenant; use the mutation's transaction as db. */
export async function recordAudit(db: Db, ctx: Pick<Ctx, 'principal' | 'ip' | 'requestTime'>, entry: AuditEntry): Promise<void> {
  await auditInsert(db, ctx, entry);
}

/** recordAudit's insert as a piece of a caller's statement (a CTE beside the change it records: one round trip for both). */
export function auditInsert(db: Db, ctx: Pick<Ctx, 'principal' | 'ip' | 'requestTime'>, entry: AuditEntry) {
  const action = checked(entry.action);
  return db.insert(auditLogs).values({
    accountId: ctx.principal.id,
    username: ctx.principal.username,
    merchantId: ctx.principal.merchantId,
    requestTime: ctx.requestTime,
    action,
    objectType: entry.objectType,
    objectId: entry.objectId === undefined || entry.objectId === null ? null : String(entry.objectId),
    changes: entry.changes === undefined ? null : redact(entry.changes),
    ip: ctx.ip,
    success: entry.success ?? true,
  });
}

/** Audit rows for callers that are not signed in (failed sign-ins). */
export async function recordAnonymousAudit(
  db: Db,
  who: { username: string; accountId: number | null; merchantId: number | null; ip: string },
  entry: AuditEntry,
): Promise<void> {
  const action = checked(entry.action);
  await db.insert(auditLogs).values({
    accountId: who.accountId,
    username: who.username,
    merchantId: who.merchantId,
    action,
    objectType: entry.objectType,
    objectId: entry.objectId === undefined || entry.objectId === null ? null : String(entry.objectId),
    changes: entry.changes === undefined ? null : redact(entry.changes),
    ip: who.ip,
    success: entry.success ?? true,
  });
}

/** Every top-level key written into an audit row's changes so far (the test harness checks each has a label). */
export async function auditChangeKeys(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ key: sql<string>`jsonb_object_keys(${auditLogs.changes})` })
    .from(auditLogs)
    .where(sql`jsonb_typeof(${auditLogs.changes}) = 'object'`);
  return rows.map((row) => row.key);
}

/** One entry of an object's audit trail, as another module's history shows it. */
export interface AuditTrailEntry {
  at: Date;
  action: string;
  accountId: number | null;
  username: string;
  changes: unknown;
}

/**
 * What was done to one object, oldest first, from `since` on (its creation: the audit log is read
 * by time, and nothing was done to it before): an alarm's acknowledgements, assignments, clearing.
 */
export async function auditTrailOf(db: Db, objectType: string, objectId: string | number, since: Date): Promise<AuditTrailEntry[]> {
  return db
    .select({
      at: auditLogs.at,
      action: auditLogs.action,
      accountId: auditLogs.accountId,
      username: auditLogs.username,
      changes: auditLogs.changes,
    })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.objectType, objectType),
        gte(auditLogs.at, since),
        eq(auditLogs.objectId, String(objectId)),
        eq(auditLogs.success, true),
      ),
    )
    .orderBy(asc(auditLogs.at), asc(auditLogs.id))
    .limit(500);
}
