import type { Language } from '../envelope.js';
import { fieldWordsOf, type EnumGroup } from './index.js';

/**
 * A value's words in one language, or undefined when the product has none: the screens read their
 * loaded catalogue (keys `<group>.<value>`), the server the same catalogue (wordsIn of ../texts.ts),
 * so both say the same. Besides the enumeration groups, `field` names a record field (its label) and
 * `message` a server message.
 */
export type WordsOf = (group: EnumGroup | 'field' | 'message', value: string) => string | undefined;

/**
 * What an audit entry did, in the reader's language, e.g. "Edited notification #12": the verb (the
 * action's last part, see AUDIT_ACTIONS) worded around the object's name. A verb or object without
 * words (an old row) shows as written. The audit log screen and its CSV export both write it.
 * A sign-in or sign-out names no number: its object id is the signed-in account, which the entry's
 * account column already shows ("Sign-in #1" would read as a count of sign-ins).
 */
export function auditActionWords(
  entry: { action: string; objectType: string; objectId: string | null },
  language: Language,
  words: WordsOf,
): string {
  const { action, objectType, objectId } = entry;
  const object = (words('auditLog.objectType', objectType) ?? objectType).toLocaleLowerCase(language);
  const verb = words('auditLog.verb', action.slice(action.lastIndexOf('.') + 1));
  const what = verb === undefined ? action : verb.replaceAll('{object}', object);
  return objectId === null || objectType === 'session' ? what : `${what} #${objectId}`;
}

/** One readable line of an audit entry's changes. */
export interface ChangeLine {
  /** The field's label in the reader's language ('' for a bare value). */
  field: string;
  /** Present for an edit ([before, after]); a created object has only `after`. */
  before?: string;
  after: string;
  edited: boolean;
}

/** Words a value the way the screens do: texts quoted, yes/no, enumeration values by name, ∅ for nothing. */
function show(words: WordsOf, field: string, value: unknown, objectType?: string | null): string {
  if (value === null || value === undefined || value === '') return '∅';
  // Why a change was refused: the message the caller was shown, in the reader's language.
  const refusal = field === 'refused' && typeof value === 'string' ? words('message', value) : undefined;
  if (refusal !== undefined) return refusal;
  if (typeof value === 'boolean') return words('common', value ? 'yes' : 'no') ?? String(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const group = fieldWordsOf(objectType, field);
    return group ? (words(group, value) ?? value) : `“${value}”`;
  }
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.map((v) => (typeof v === 'string' ? v : show(words, field, v, objectType))).join(', ');
  return JSON.stringify(value);
}

/**
 * An audit entry's changes line by line, fields named in the reader's language: the server logs
 * `{ field: [before, after] }` for an edit and the object itself for a creation; anything else is
 * shown as it is. The audit log screen and its CSV export both write these lines.
 */
export function describeChanges(changes: unknown, objectType: string | null | undefined, words: WordsOf): ChangeLine[] {
  if (changes === null || changes === undefined) return [];
  if (typeof changes !== 'object' || Array.isArray(changes)) return [{ field: '', after: show(words, '', changes), edited: false }];
  const entries = Object.entries(changes as Record<string, unknown>);
  // A diff pairs every field; a created object merely may hold a two-item list.
  const isDiff = entries.length > 0 && entries.every(([, value]) => Array.isArray(value) && value.length === 2);
  return entries.map(([field, value]) => {
    // Keys only the audit log writes (a command's id, an export's row count) have their words in
    // the language's table; the others are record fields, named by their labels (`field.<name>`).
    // A key may read differently for one kind of object (a file's `size` is no page size).
    const label =
      (objectType ? words('auditLog.field', `${objectType}.${field}`) : undefined) ??
      words('auditLog.field', field) ??
      words('field', field.split('.')[0] ?? field) ??
      field;
    return isDiff && Array.isArray(value)
      ? {
          field: label,
          before: show(words, field, value[0], objectType),
          after: show(words, field, value[1], objectType),
          edited: true,
        }
      : { field: label, after: show(words, field, value, objectType), edited: false };
  });
}

/** A line's value as the screen shows it: `before → after` for an edit. */
export function changeText(line: ChangeLine): string {
  return line.edited ? `${line.before} → ${line.after}` : line.after;
}
