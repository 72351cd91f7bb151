import { auditObjectNames, type AuditObject } from '../audit-actions.js';
import type { Language } from '../envelope.js';
import { ENUM_WORDS_EN, type EnumWordsTable } from './en.js';
import { ENUM_WORDS_IN } from './in.js';
import { ENUM_WORDS_TH } from './th.js';
import { ENUM_WORDS_ZH } from './zh.js';

export { ENUM_WORDS_EN, ENUM_WORDS_IN, ENUM_WORDS_TH, ENUM_WORDS_ZH, type EnumWordsTable };

export type EnumWords = EnumWordsTable & { readonly 'auditLog.objectType': Readonly<Record<AuditObject, string>> };

/** A language's table with the audited objects' names, which are declared with the objects (AUDITED of domains/audit-log.ts). */
const withObjectNames = (table: EnumWordsTable, language: Language): EnumWords => ({
  ...table,
  'auditLog.objectType': auditObjectNames(language),
});

/**
 * The words of enumeration values in every language, one table shared by the screens (catalogue
 * keys `<group>.<VALUE>`, see enumCatalogue), the CSV exports and the audit log. A group is named
 * like the screens' keys: `account.status`, `device.stock`, `vehicle.availability`, … Each
 * language's table lives in its own file; a screen reads only its language's, through its catalogue
 * (docs/web-kits.md, "Texts").
 */
export const ENUM_WORDS: Record<Language, EnumWords> = /* @__PURE__ */ (() => ({
  en: withObjectNames(ENUM_WORDS_EN, 'en'),
  in: withObjectNames(ENUM_WORDS_IN, 'in'),
  th: withObjectNames(ENUM_WORDS_TH, 'th'),
  zh: withObjectNames(ENUM_WORDS_ZH, 'zh'),
}))();

export type EnumGroup = keyof EnumWords;

export function isEnumGroup(group: string): group is EnumGroup {
  return Object.hasOwn(ENUM_WORDS.en, group);
}

/** A value in words of the language; a value the group does not know is written as it is. */
export function enumWord(group: EnumGroup, value: string, language: Language): string {
  const words = ENUM_WORDS[language][group] as Record<string, string>;
  return Object.hasOwn(words, value) ? words[value]! : value;
}

/** One language's table as catalogue entries `<group>.<VALUE>` (the screens' i18n keys). */
export function enumCatalogue(table: EnumWords): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [group, words] of Object.entries(table)) for (const [value, text] of Object.entries(words)) out[`${group}.${value}`] = text;
  return out;
}

/**
 * The words a record field's values take where a field is shown by its name alone: the device,
 * stock and swap CSV exports and the audit log's changes. A list whose field means something else
 * (a reservation's `status`) names its group on the column.
 */
export const FIELD_WORDS: Readonly<Partial<Record<string, EnumGroup>>> = {
  status: 'account.status',
  accountType: 'account.accountType',
  stockStatus: 'deviceRegistry.stock',
  scrapStatus: 'deviceRegistry.scrap',
  alarmStatus: 'deviceRegistry.alarm',
  chargeSwitch: 'deviceRegistry.switch',
  dischargeSwitch: 'deviceRegistry.switch',
  distributionStatus: 'swap.distribution',
  returnStatus: 'swap.return',
  applicationType: 'application.type',
  applicationStatus: 'application.status',
  refusalReason: 'ssoRefusal.reason',
  fromStatus: 'application.status',
  toStatus: 'application.status',
  deviceKind: 'application.deviceKind',
  marketingType: 'topUp.marketingType',
  movementKind: 'wallet.movementKind',
  certificateType: 'customer.certificateType',
  authStatus: 'customer.authStatus',
  restriction: 'customer.restriction',
  deletion: 'customer.deletion',
  auditState: 'identity.auditState',
  submitter: 'identity.submitter',
  auditMode: 'identity.auditMode',
  customerStatus: 'productOrder.customerStatus',
  source: 'productOrder.source',
  orderStatus: 'productOrder.status',
  orderType: 'deviceOrder.type',
  structure: 'deviceType.structure',
  activationStatus: 'vehicle.activation',
  accState: 'vehicle.acc',
  saleStatus: 'vehicle.sale',
  availability: 'vehicle.availability',
  saleMode: 'vehicle.saleMode',
  timeLimitUnit: 'price.durationUnit',
  supplyStatus: 'cabinet.supply',
  lamp: 'cabinet.onOff',
  radiatorSetting: 'cabinet.radiator',
  direction: 'stock.direction',
  result: 'swap.result',
  operationType: 'basePrice.operationType',
  billingMode: 'consumerPrice.billingMode',
  taskKind: 'upgrade.taskKind',
  taskState: 'upgrade.taskState',
  deviceState: 'upgrade.deviceState',
  firmwareStatus: 'upgrade.firmwareStatus',
};

/**
 * Where a field's name means something else for one kind of object (a merchant's `type` is agent or
 * direct, an account's `type` its user type): the audit log words those values by their object.
 */
const OBJECT_FIELD_WORDS: Readonly<Partial<Record<string, Partial<Record<string, EnumGroup>>>>> = {
  merchant: { type: 'merchant.type' },
  area: { type: 'area.type' },
  station: { type: 'station.type', nature: 'station.nature', status: 'station.status' },
  cabinet: { channel: 'deviceLink.channel' },
  account: { type: 'shell.userType' },
  productOrder: { status: 'productOrder.status' },
  vehicleOrder: { status: 'deviceOrder.status' },
  batteryOrder: { status: 'deviceOrder.status' },
  transferOrder: { status: 'deviceOrder.status' },
  kwhOrder: { status: 'deviceOrder.status' },
  rechargeOrder: { status: 'deviceOrder.status' },
  packageOrder: { status: 'deviceOrder.status' },
};

/** The words group of a field of an object of the audit log (its object type), if any. */
export function fieldWordsOf(objectType: string | null | undefined, field: string): EnumGroup | undefined {
  return (objectType ? OBJECT_FIELD_WORDS[objectType]?.[field] : undefined) ?? FIELD_WORDS[field];
}
