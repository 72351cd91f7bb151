import type { TFunction } from 'i18next';
import type { Language } from '@swap/contracts';

/**
 * An entry in the reader's language, e.g. "Edited notification #12": the verb (the last part of
 * the action, see AUDIT_ACTIONS) worded around the object's name. A verb or object the catalogues
 * do not know (an old row) shows as written.
 */
export function actionSummary(
  t: TFunction,
  language: Language,
  entry: { action: string; objectType: string; objectId: string | null },
): string {
  const { action, objectType, objectId } = entry;
  const object = t(`auditLog.objectType.${objectType}`, { defaultValue: objectType }).toLocaleLowerCase(language);
  const what = t(`auditLog.verb.${action.slice(action.lastIndexOf('.') + 1)}`, { defaultValue: action, object });
  return objectId === null ? what : `${what} #${objectId}`;
}
