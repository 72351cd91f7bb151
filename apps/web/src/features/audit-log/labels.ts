import type { i18n as I18n } from 'i18next';
import { auditActionWords, type Language, type WordsOf } from '@swap/contracts';

/** The words of the loaded catalogue (ENUM_WORDS of the contracts, keys `<group>.<value>`), as the export reads them. */
export function catalogueWords(i18n: I18n, language: Language): WordsOf {
  return (group, value) => i18n.getResource(language, 'translation', `${group}.${value}`) as string | undefined;
}

/** An entry in the reader's language, e.g. "Edited notification #12" (the CSV export writes the same). */
export function actionSummary(
  i18n: I18n,
  language: Language,
  entry: { action: string; objectType: string; objectId: string | null },
): string {
  return auditActionWords(entry, language, catalogueWords(i18n, language));
}
