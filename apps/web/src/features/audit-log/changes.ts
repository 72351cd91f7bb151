import type { TFunction } from 'i18next';
import { fieldLabel, fieldWordsOf, MESSAGES, messageText, type Language, type MessageKey } from '@swap/contracts';

/** One readable line of an audit entry's changes. */
export interface ChangeLine {
  field: string;
  /** Present for an edit ([before, after]); a created object has only `after`. */
  before?: string;
  after: string;
  edited: boolean;
}

/** Words a value the way the screens do: texts quoted, yes/no, enumeration values by name, ∅ for nothing. */
function show(t: TFunction, language: Language, field: string, value: unknown, objectType?: string | null): string {
  if (value === null || value === undefined || value === '') return '∅';
  // Why a change was refused: the message the caller was shown, in the reader's language.
  if (field === 'refused' && typeof value === 'string' && Object.hasOwn(MESSAGES, value)) return messageText(value as MessageKey, language);
  if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    // The words the screens and exports use (ENUM_WORDS of the contracts, keys `<group>.<VALUE>`).
    const group = fieldWordsOf(objectType, field);
    return group ? t(`${group}.${value}`, { defaultValue: value }) : `“${value}”`;
  }
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.map((v) => (typeof v === 'string' ? v : show(t, language, field, v, objectType))).join(', ');
  return JSON.stringify(value);
}

/**
 * The server logs `{ field: [before, after] }` for an edit and the object itself for a creation;
 * anything else is shown as it is. Fields are named in the reader's language.
 */
export function describeChanges(t: TFunction, language: Language, changes: unknown, objectType?: string | null): ChangeLine[] {
  if (changes === null || changes === undefined) return [];
  if (typeof changes !== 'object' || Array.isArray(changes)) return [{ field: '', after: show(t, language, '', changes), edited: false }];
  const entries = Object.entries(changes as Record<string, unknown>);
  // A diff pairs every field; a created object merely may hold a two-item list.
  const isDiff = entries.length > 0 && entries.every(([, value]) => Array.isArray(value) && value.length === 2);
  return entries.map(([field, value]) => {
    const label = fieldLabel(field, language);
    return isDiff && Array.isArray(value)
      ? {
          field: label,
          before: show(t, language, field, value[0], objectType),
          after: show(t, language, field, value[1], objectType),
          edited: true,
        }
      : { field: label, after: show(t, language, field, value, objectType), edited: false };
  });
}
