import { useEffect, useState } from 'react';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { auditActionWords, type Language, type WordsOf } from '@swap/contracts';
import { EVERY_CONTRACT_TEXT, loadFeatureTexts } from '../../i18n';

/**
 * True once every text of the contracts is in the catalogue: the audit log words the changes of any
 * object (any record field's label, any value's word, a device's refusal; describeChanges), chosen
 * by the data, so it fetches them all beside its first page of entries, not before the page
 * (docs/web-kits.md, "Texts"). The component re-renders when they are added.
 */
export function useEveryContractText(): boolean {
  useTranslation();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let mounted = true;
    void loadFeatureTexts([EVERY_CONTRACT_TEXT]).then(() => mounted && setReady(true));
    return () => {
      mounted = false;
    };
  }, []);
  return ready;
}

/** The words of the loaded catalogue (ENUM_WORDS of the contracts, keys `<group>.<value>`), as the export reads them. */
export function catalogueWords(i18n: I18n, language: Language): WordsOf {
  return (group, value) => i18n.getResource(language, 'translation', `${group}.${value}`) as string | undefined;
}

/**
 * The audit log's object types, as the word tables name them (`auditLog.objectType`, whose type
 * requires exactly AUDIT_OBJECTS): the object filter's options, read from the loaded catalogue.
 */
export function auditObjects(i18n: I18n, language: Language): string[] {
  const prefix = 'auditLog.objectType.';
  return Object.keys(i18n.getResourceBundle(language, 'translation') as Record<string, string>)
    .filter((key) => key.startsWith(prefix))
    .map((key) => key.slice(prefix.length));
}

/** An entry in the reader's language, e.g. "Edited notification #12" (the CSV export writes the same). */
export function actionSummary(
  i18n: I18n,
  language: Language,
  entry: { action: string; objectType: string; objectId: string | null },
): string {
  return auditActionWords(entry, language, catalogueWords(i18n, language));
}
