import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { endpoint } from '../endpoint.js';
import { safeText } from '../validation.js';

export const auditLogRecord = z.object({
  id: z.number(),
  at: z.string(),
  /** The client's request-time header, when it sent one. */
  requestTime: z.string().nullable(),
  accountId: z.number().nullable(),
  username: z.string(),
  merchantId: z.number().nullable(),
  /** The tenant's name; null for the platform's own entries. */
  merchantName: z.string().nullable(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string().nullable(),
  /** What changed (`{ field: [before, after] }`) or the object concerned: its shape is each action's own. */
  changes: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string(),
  success: z.boolean(),
});
export type AuditLogRecord = z.infer<typeof auditLogRecord>;
/** username and action match part of the value, objectType the whole; from/to bound `at` (ISO, inclusive). */
export const auditLogSearch = pageQuerySchema.extend({
  username: safeText(64).nullish(),
  action: safeText(80).nullish(),
  objectType: safeText(60).nullish(),
  from: z.iso.datetime({ offset: true }).nullish(),
  to: z.iso.datetime({ offset: true }).nullish(),
});
export type AuditLogSearch = z.infer<typeof auditLogSearch>;

/** The audit trail spans every tenant, so only super administrators read it. */
export const auditLogApi = {
  search: endpoint({
    method: 'POST',
    path: '/admin/audit-log/search',
    access: { code: 'admin.auditLog', scope: 'super' },
    body: auditLogSearch,
    answer: pageSchema(auditLogRecord),
  }),
  export: endpoint({
    method: 'POST',
    path: '/admin/audit-log/export',
    access: { code: 'admin.auditLog.export', scope: 'super' },
    body: auditLogSearch,
    answer: 'csv',
  }),
} as const;

/** What an audit entry did, worded by the reader's language as `auditLog.verb.<verb>` around the object's name. */
export const AUDIT_VERBS = [
  'add',
  'edit',
  'remove',
  'status',
  'resetPassword',
  'assignRoles',
  'import',
  'upload',
  'login',
  'logout',
  'throttled',
  'disabled',
  'forgotPassword',
  'recoverPassword',
  'changePassword',
  'logoutOthers',
  'linkSso',
  'unlinkSso',
  'batchAdd',
  'scrap',
  'in',
  'out',
  'send',
  'export',
  'sale',
  'issue',
  'refused',
  'cancel',
  'handle',
  'distribute',
  'recall',
  'restrict',
  'relax',
  'submit',
  'audit',
  'terminate',
  'switchPlan',
  'bindVehicle',
  'retry',
  'handOver',
  'pay',
  'markPaid',
  'complete',
  'acknowledge',
  'clear',
  'assign',
  'approve',
  'reject',
  'unlock',
  'request',
  'report',
  'refund',
  'refundGateway',
  'refundAnswer',
] as const;
export type AuditVerb = (typeof AUDIT_VERBS)[number];
