import type { TFunction } from 'i18next';
import { fieldLabel, type Language } from '@swap/contracts';

/** One readable line of an audit entry's changes. */
export interface ChangeLine {
  field: string;
  /** Present for an edit ([before, after]); a created object has only `after`. */
  before?: string;
  after: string;
  edited: boolean;
}

/** Enumeration fields whose values the product words on its screens: the catalogue prefix of those words. */
const ENUM_WORDS: Record<string, string> = {
  status: 'account.status.',
  saleStatus: 'vehicle.sale.',
  stockStatus: 'deviceRegistry.stock.',
  scrapStatus: 'deviceRegistry.scrap.',
};

/** Words a value the way the screens do: texts quoted, yes/no, enumeration values by name, ∅ for nothing. */
function show(t: TFunction, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '∅';
  if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const prefix = ENUM_WORDS[field];
    return prefix ? t(`${prefix}${value}`, { defaultValue: value }) : `“${value}”`;
  }
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.map((v) => (typeof v === 'string' ? v : show(t, field, v))).join(', ');
  return JSON.stringify(value);
}

/**
 * The server logs `{ field: [before, after] }` for an edit and the object itself for a creation;
 * anything else is shown as it is. Fields are named in the reader's language.
 */
export function describeChanges(t: TFunction, language: Language, changes: unknown): ChangeLine[] {
  if (changes === null || changes === undefined) return [];
  if (typeof changes !== 'object' || Array.isArray(changes)) return [{ field: '', after: show(t, '', changes), edited: false }];
  const entries = Object.entries(changes as Record<string, unknown>);
  // A diff pairs every field; a created object merely may hold a two-item list.
  const isDiff = entries.length > 0 && entries.every(([, value]) => Array.isArray(value) && value.length === 2);
  return entries.map(([field, value]) => {
    const label = fieldLabel(field, language);
    return isDiff && Array.isArray(value)
      ? { field: label, before: show(t, field, value[0]), after: show(t, field, value[1]), edited: true }
      : { field: label, after: show(t, field, value), edited: false };
  });
}
