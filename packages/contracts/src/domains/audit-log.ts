import { z } from 'zod';
import { pageQuerySchema, pageSchema, type Language } from '../envelope.js';
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

type PlainVerb = 'add' | 'edit' | 'remove';
const ADD_EDIT_REMOVE = ['add', 'edit', 'remove'] as const;
const ADD_EDIT = ['add', 'edit'] as const;

/** An audited object: the plain changes its screens make, and its name in every language. */
const audited = <const V extends readonly PlainVerb[]>(verbs: V, name: Record<Language, string>) => ({ verbs, name });

/**
 * The object types audit entries are written about (the audit log's object filter), each with the
 * plain changes its screens make: each is the action `<prefix>.<verb>` (add, edit, remove), the
 * prefix being the object type unless PREFIX names another. A new resource adds its object here,
 * in one line, with its verbs and its name in the four languages: the audit log and its export word
 * the object with it (catalogue keys `auditLog.objectType.<object>`, see auditObjectNames).
 */
const AUDITED = {
  session: audited([], { en: 'Session', in: 'Sesi', th: 'เซสชัน', zh: '会话' }),
  account: audited(ADD_EDIT, { en: 'Account', in: 'Akun', th: 'บัญชี', zh: '账号' }),
  merchant: audited(ADD_EDIT_REMOVE, { en: 'Merchant', in: 'Merchant', th: 'ผู้ค้า', zh: '商户' }),
  role: audited(ADD_EDIT_REMOVE, { en: 'Role', in: 'Peran', th: 'บทบาท', zh: '角色' }),
  menu: audited(ADD_EDIT_REMOVE, { en: 'Menu', in: 'Menu', th: 'เมนู', zh: '菜单' }),
  resource: audited(ADD_EDIT_REMOVE, { en: 'Resource', in: 'Sumber daya', th: 'ทรัพยากร', zh: '资源' }),
  file: audited([], { en: 'File', in: 'Berkas', th: 'ไฟล์', zh: '文件' }),
  common_setting: audited(ADD_EDIT_REMOVE, { en: 'Common setting', in: 'Pengaturan umum', th: 'การตั้งค่าทั่วไป', zh: '通用设置' }),
  currency_config: audited(['edit'], { en: 'Currency', in: 'Mata uang', th: 'สกุลเงิน', zh: '币种' }),
  notification: audited(ADD_EDIT_REMOVE, { en: 'Notification', in: 'Notifikasi', th: 'การแจ้งเตือน', zh: '通知' }),
  area: audited(ADD_EDIT_REMOVE, { en: 'Area', in: 'Wilayah', th: 'พื้นที่', zh: '区域' }),
  station: audited(ADD_EDIT_REMOVE, { en: 'Station', in: 'Stasiun', th: 'สถานี', zh: '站点' }),
  appointment: audited(['add'], { en: 'Reservation', in: 'Reservasi', th: 'การจอง', zh: '预约' }),
  vehicle: audited(ADD_EDIT, { en: 'Vehicle', in: 'Kendaraan', th: 'ยานพาหนะ', zh: '车辆' }),
  battery: audited(ADD_EDIT, { en: 'Battery', in: 'Baterai', th: 'แบตเตอรี่', zh: '电池' }),
  cabinet: audited(ADD_EDIT, { en: 'Cabinet', in: 'Kabinet', th: 'ตู้', zh: '换电柜' }),
  vehicleType: audited(ADD_EDIT_REMOVE, { en: 'Vehicle type', in: 'Tipe kendaraan', th: 'ประเภทยานพาหนะ', zh: '车辆类型' }),
  batteryType: audited(ADD_EDIT_REMOVE, { en: 'Battery type', in: 'Tipe baterai', th: 'ประเภทแบตเตอรี่', zh: '电池类型' }),
  cabinetType: audited(ADD_EDIT_REMOVE, { en: 'Cabinet type', in: 'Tipe kabinet', th: 'ประเภทตู้', zh: '换电柜类型' }),
  stockBatch: audited([], { en: 'Stock batch', in: 'Batch stok', th: 'ชุดสินค้าคงคลัง', zh: '库存批次' }),
} as const;
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
    'account.status': entry('status', 'account'),
    'account.resetPassword': entry('resetPassword', 'account'),
    'account.assignRoles': entry('assignRoles', 'account'),
    'menu.import': entry('import', 'menu'),
    'file.upload': entry('upload', 'file'),
    'appointment.cancel': entry('cancel', 'appointment'),
    'cabinet.refused': entry('refused', 'cabinet'),
    'vehicle.sale': entry('sale', 'vehicle'),
    'command.send': entry('send', 'cabinet'),
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
