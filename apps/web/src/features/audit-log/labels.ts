import type { TFunction } from 'i18next';

/** The verbs the server writes as the last part of an audit action (`role.add`, `stock.battery.in`). */
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
] as const;

/** The object types the server writes. */
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
  'vehicle',
  'battery',
  'cabinet',
  'vehicleType',
  'batteryType',
  'cabinetType',
  'stockBatch',
] as const;

const verbOf = (action: string) => action.slice(action.lastIndexOf('.') + 1);

/** An action in the reader's language; one the catalogue does not know yet shows as written. */
export function actionLabel(t: TFunction, action: string): string {
  const verb = verbOf(action);
  return (AUDIT_VERBS as readonly string[]).includes(verb) ? t(`auditLog.verb.${verb}`) : action;
}

export function objectLabel(t: TFunction, objectType: string): string {
  return (AUDIT_OBJECTS as readonly string[]).includes(objectType) ? t(`auditLog.objectType.${objectType}`) : objectType;
}
