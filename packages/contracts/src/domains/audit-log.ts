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
] as const;
export type AuditVerb = (typeof AUDIT_VERBS)[number];

/** The object types audit entries are written about (the audit log's object filter). */
export const AUDIT_OBJECTS = [
  'session',
  'account',
  'merchant',
  'role',
  'menu',
  'resource',
  'file',
  'common_setting',
  'currency_config',
  'notification',
  'appointment',
  'vehicle',
  'battery',
  'cabinet',
  'vehicleType',
  'batteryType',
  'cabinetType',
  'stockBatch',
] as const;
export type AuditObject = (typeof AUDIT_OBJECTS)[number];

type Kind = 'vehicle' | 'battery' | 'cabinet';
const KINDS: readonly Kind[] = ['vehicle', 'battery', 'cabinet'];
const entry = (verb: AuditVerb, object: AuditObject) => ({ verb, object });
const perKind = <A extends string>(action: (kind: Kind) => A, verb: AuditVerb, object?: (kind: Kind) => AuditObject) =>
  Object.fromEntries(KINDS.map((kind) => [action(kind), entry(verb, object ? object(kind) : kind)])) as Record<
    A,
    { verb: AuditVerb; object: AuditObject }
  >;

/**
 * Every action the server writes to the audit log, with its verb (the action's last part) and the
 * object type it is written with. The
 * server may write no other (its type and a test hold it to this list); the audit log screen words
 * each one in the reader's language (docs/api.md, "Audit log").
 */
// Built in a function so that a bundle which does not read the registry drops it whole.
export const AUDIT_ACTIONS = /* @__PURE__ */ (() =>
  ({
    login: entry('login', 'session'),
    'login.throttled': entry('throttled', 'session'),
    'login.disabled': entry('disabled', 'session'),
    logout: entry('logout', 'session'),
    'account.add': entry('add', 'account'),
    'account.edit': entry('edit', 'account'),
    'account.status': entry('status', 'account'),
    'account.resetPassword': entry('resetPassword', 'account'),
    'account.assignRoles': entry('assignRoles', 'account'),
    'merchant.add': entry('add', 'merchant'),
    'merchant.edit': entry('edit', 'merchant'),
    'merchant.remove': entry('remove', 'merchant'),
    'role.add': entry('add', 'role'),
    'role.edit': entry('edit', 'role'),
    'role.remove': entry('remove', 'role'),
    'menu.add': entry('add', 'menu'),
    'menu.edit': entry('edit', 'menu'),
    'menu.remove': entry('remove', 'menu'),
    'menu.import': entry('import', 'menu'),
    'resource.add': entry('add', 'resource'),
    'resource.edit': entry('edit', 'resource'),
    'resource.remove': entry('remove', 'resource'),
    'file.upload': entry('upload', 'file'),
    'commonSetting.add': entry('add', 'common_setting'),
    'commonSetting.edit': entry('edit', 'common_setting'),
    'commonSetting.remove': entry('remove', 'common_setting'),
    'currency.edit': entry('edit', 'currency_config'),
    'notification.add': entry('add', 'notification'),
    'notification.edit': entry('edit', 'notification'),
    'notification.remove': entry('remove', 'notification'),
    'appointment.add': entry('add', 'appointment'),
    'appointment.cancel': entry('cancel', 'appointment'),
    'battery.add': entry('add', 'battery'),
    'battery.edit': entry('edit', 'battery'),
    'cabinet.add': entry('add', 'cabinet'),
    'cabinet.edit': entry('edit', 'cabinet'),
    'cabinet.refused': entry('refused', 'cabinet'),
    'vehicle.add': entry('add', 'vehicle'),
    'vehicle.edit': entry('edit', 'vehicle'),
    'vehicle.sale': entry('sale', 'vehicle'),
    'command.send': entry('send', 'cabinet'),
    ...perKind(
      (kind) => `${kind}Type.add` as const,
      'add',
      (kind) => `${kind}Type` as const,
    ),
    ...perKind(
      (kind) => `${kind}Type.edit` as const,
      'edit',
      (kind) => `${kind}Type` as const,
    ),
    ...perKind(
      (kind) => `${kind}Type.remove` as const,
      'remove',
      (kind) => `${kind}Type` as const,
    ),
    ...perKind((kind) => `${kind}.batchAdd` as const, 'batchAdd'),
    ...perKind((kind) => `${kind}.scrap` as const, 'scrap'),
    ...perKind((kind) => `${kind}.credential.issue` as const, 'issue'),
    ...perKind((kind) => `${kind}.export` as const, 'export'),
    ...perKind(
      (kind) => `stock.${kind}.in` as const,
      'in',
      () => 'stockBatch',
    ),
    ...perKind(
      (kind) => `stock.${kind}.out` as const,
      'out',
      () => 'stockBatch',
    ),
    ...perKind(
      (kind) => `stock.${kind}.export` as const,
      'export',
      () => 'stockBatch',
    ),
  }) as const satisfies Record<string, { verb: AuditVerb; object: AuditObject }>)();
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, action);
}
