import type { Language } from '../envelope.js';
import { ENUM_WORDS_EN, type EnumWordsTable } from './en.js';
import { ENUM_WORDS_IN } from './in.js';
import { ENUM_WORDS_TH } from './th.js';
import { ENUM_WORDS_ZH } from './zh.js';

export { ENUM_WORDS_EN, ENUM_WORDS_IN, ENUM_WORDS_TH, ENUM_WORDS_ZH, type EnumWordsTable };

/**
 * The words of enumeration values in every language, one table shared by the screens (catalogue
 * keys `<group>.<VALUE>`, see enumCatalogue), the CSV exports and the audit log. A group is named
 * like the screens' keys: `account.status`, `device.stock`, `vehicle.availability`, … Each
 * language's table lives in its own file, so the web loads only the language in use.
 */
export const ENUM_WORDS: Record<Language, EnumWordsTable> = { en: ENUM_WORDS_EN, in: ENUM_WORDS_IN, th: ENUM_WORDS_TH, zh: ENUM_WORDS_ZH };

export type EnumGroup = keyof EnumWordsTable;

export function isEnumGroup(group: string): group is EnumGroup {
  return Object.hasOwn(ENUM_WORDS_EN, group);
}

/** A value in words of the language; a value the group does not know is written as it is. */
export function enumWord(group: EnumGroup, value: string, language: Language): string {
  const words = ENUM_WORDS[language][group] as Record<string, string>;
  return Object.hasOwn(words, value) ? words[value]! : value;
}

/** One language's table as catalogue entries `<group>.<VALUE>` (the screens' i18n keys). */
export function enumCatalogue(table: EnumWordsTable): Record<string, string> {
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
  structure: 'deviceType.structure',
  activationStatus: 'vehicle.activation',
  accState: 'vehicle.acc',
  saleStatus: 'vehicle.sale',
  availability: 'vehicle.availability',
  saleMode: 'vehicle.saleMode',
  supplyStatus: 'cabinet.supply',
  lamp: 'cabinet.onOff',
  radiatorSetting: 'cabinet.radiator',
  direction: 'stock.direction',
  result: 'swap.result',
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
};

/** The words group of a field of an object of the audit log (its object type), if any. */
export function fieldWordsOf(objectType: string | null | undefined, field: string): EnumGroup | undefined {
  return (objectType ? OBJECT_FIELD_WORDS[objectType]?.[field] : undefined) ?? FIELD_WORDS[field];
}
