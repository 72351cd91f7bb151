import type { Language } from './envelope.js';
import type { PlainVerb } from './audited.js';
import { AUDITED } from './api.js';
import type { AuditVerb } from './domains/audit-log.js';

// What the audit log may hold, derived from the audited objects of api.ts (docs/api.md, "Audit log").
type Audited = typeof AUDITED;
export type AuditObject = keyof Audited;
export const AUDIT_OBJECTS = /* @__PURE__ */ (() => Object.keys(AUDITED) as AuditObject[])();

/** The audited objects' names in one language (the words group `auditLog.objectType`). */
export function auditObjectNames(language: Language): Record<AuditObject, string> {
  return Object.fromEntries(AUDIT_OBJECTS.map((object) => [object, AUDITED[object].name[language]])) as Record<AuditObject, string>;
}
/** Objects whose actions are named otherwise than their type. */
const PREFIX = { common_setting: 'commonSetting', currency_config: 'currency' } as const;

type PrefixOf<O extends AuditObject> = O extends keyof typeof PREFIX ? (typeof PREFIX)[O] : O;
/** The plain actions the list above declares, e.g. `notification.add`, `commonSetting.edit`. */
type PlainAction = { [O in AuditObject]: `${PrefixOf<O>}.${Audited[O]['verbs'][number]}` }[AuditObject];

type Kind = 'vehicle' | 'battery' | 'cabinet';
const KINDS: readonly Kind[] = ['vehicle', 'battery', 'cabinet'];
const entry = (verb: AuditVerb, object: AuditObject) => ({ verb, object });
const perKind = <A extends string>(action: (kind: Kind) => A, verb: AuditVerb, object?: (kind: Kind) => AuditObject) =>
  Object.fromEntries(KINDS.map((kind) => [action(kind), entry(verb, object ? object(kind) : kind)])) as Record<
    A,
    { verb: AuditVerb; object: AuditObject }
  >;
const plainActions = () =>
  Object.fromEntries(
    (Object.entries(AUDITED) as [AuditObject, { verbs: readonly PlainVerb[] }][]).flatMap(([object, { verbs }]) =>
      verbs.map((verb) => [`${(PREFIX as Partial<Record<AuditObject, string>>)[object] ?? object}.${verb}`, entry(verb, object)]),
    ),
  ) as Record<PlainAction, { verb: AuditVerb; object: AuditObject }>;

/**
 * Every action the server writes to the audit log, with its verb (the action's last part) and the
 * object type it is written with. The
 * server may write no other (its type and a test hold it to this list); the audit log screen words
 * each one in the reader's language (docs/api.md, "Audit log").
 */
// Built in a function so that a bundle which does not read the registry drops it whole.
export const AUDIT_ACTIONS = /* @__PURE__ */ (() =>
  ({
    ...plainActions(),
    login: entry('login', 'session'),
    'login.throttled': entry('throttled', 'session'),
    'login.disabled': entry('disabled', 'session'),
    logout: entry('logout', 'session'),
    logoutOthers: entry('logoutOthers', 'session'),
    'account.forgotPassword': entry('forgotPassword', 'account'),
    'account.recoverPassword': entry('recoverPassword', 'account'),
    'account.changePassword': entry('changePassword', 'account'),
    'account.linkSso': entry('linkSso', 'account'),
    'account.unlinkSso': entry('unlinkSso', 'account'),
    'account.status': entry('status', 'account'),
    'account.resetPassword': entry('resetPassword', 'account'),
    'account.assignRoles': entry('assignRoles', 'account'),
    'menu.import': entry('import', 'menu'),
    'file.upload': entry('upload', 'file'),
    'appointment.cancel': entry('cancel', 'appointment'),
    'application.handle': entry('handle', 'application'),
    'customer.restrict': entry('restrict', 'customer'),
    'customer.relax': entry('relax', 'customer'),
    'identity.submit': entry('submit', 'identity'),
    'identity.audit': entry('audit', 'identity'),
    'productOrder.terminate': entry('terminate', 'productOrder'),
    'productOrder.switchPlan': entry('switchPlan', 'productOrder'),
    'productOrder.bindVehicle': entry('bindVehicle', 'productOrder'),
    'productOrder.retry': entry('retry', 'productOrder'),
    'vehicleOrder.handOver': entry('handOver', 'vehicleOrder'),
    'vehicleOrder.cancel': entry('cancel', 'vehicleOrder'),
    'batteryOrder.handOver': entry('handOver', 'batteryOrder'),
    'batteryOrder.cancel': entry('cancel', 'batteryOrder'),
    'vehicleOrder.refund': entry('refund', 'vehicleOrder'),
    'vehicleOrder.refundGateway': entry('refundGateway', 'vehicleOrder'),
    'batteryOrder.refund': entry('refund', 'batteryOrder'),
    'batteryOrder.refundGateway': entry('refundGateway', 'batteryOrder'),
    'transferOrder.pay': entry('pay', 'transferOrder'),
    'transferOrder.cancel': entry('cancel', 'transferOrder'),
    'transferOrder.refund': entry('refund', 'transferOrder'),
    'transferOrder.refundGateway': entry('refundGateway', 'transferOrder'),
    'kwhOrder.pay': entry('pay', 'kwhOrder'),
    'kwhOrder.cancel': entry('cancel', 'kwhOrder'),
    'kwhOrder.refund': entry('refund', 'kwhOrder'),
    'kwhOrder.refundGateway': entry('refundGateway', 'kwhOrder'),
    'rechargeOrder.markPaid': entry('markPaid', 'rechargeOrder'),
    'rechargeOrder.complete': entry('complete', 'rechargeOrder'),
    'rechargeOrder.cancel': entry('cancel', 'rechargeOrder'),
    'packageOrder.markPaid': entry('markPaid', 'packageOrder'),
    'packageOrder.pay': entry('pay', 'packageOrder'),
    'packageOrder.cancel': entry('cancel', 'packageOrder'),
    'rechargeOrder.refund': entry('refund', 'rechargeOrder'),
    'rechargeOrder.refundGateway': entry('refundGateway', 'rechargeOrder'),
    'packageOrder.refund': entry('refund', 'packageOrder'),
    'packageOrder.refundGateway': entry('refundGateway', 'packageOrder'),
    'payment.request': entry('request', 'payment'),
    'payment.report': entry('report', 'payment'),
    'payment.refundAnswer': entry('refundAnswer', 'payment'),
    'cabinet.refused': entry('refused', 'cabinet'),
    'vehicle.sale': entry('sale', 'vehicle'),
    'command.send': entry('send', 'cabinet'),
    'alarm.acknowledge': entry('acknowledge', 'alarm'),
    'alarm.clear': entry('clear', 'alarm'),
    'alarm.assign': entry('assign', 'alarm'),
    'merchantApplication.approve': entry('approve', 'merchantApplication'),
    'merchantApplication.reject': entry('reject', 'merchantApplication'),
    'session.unlock': entry('unlock', 'session'),
    'upgradeTask.retry': entry('retry', 'upgradeTask'),
    'upgradeTask.cancel': entry('cancel', 'upgradeTask'),
    ...perKind((kind) => `${kind}.batchAdd` as const, 'batchAdd'),
    ...perKind((kind) => `${kind}.scrap` as const, 'scrap'),
    ...perKind((kind) => `${kind}.distribute` as const, 'distribute'),
    ...perKind((kind) => `${kind}.recall` as const, 'recall'),
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
