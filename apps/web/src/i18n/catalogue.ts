import type { Language } from '@swap/contracts';

/**
 * Catalogues, collected by glob so a feature registers nothing (docs/web-kits.md, "Texts"):
 * - a feature's own texts beside it, every language in one file,
 *   `src/features/<feature>/<namespace>.texts.ts` exporting `texts` (see FeatureTexts), fetched
 *   with the pages that show them;
 * - the shared namespaces (shell, form, errors…) one file per language,
 *   `src/i18n/<lang>/<namespace>.ts`, exporting one const named after the namespace, in the
 *   language's bundle; those only signed-in screens show (nav, table, deviceRegistry…) in
 *   `src/i18n/<lang>/signed-in/<namespace>.ts`, loaded with the shell (SIGNED_IN_TEXTS).
 * - the contracts' texts (server messages `message.<key>`, `validation.*`, record-field labels
 *   `field.<name>`, enumeration words `<group>.<VALUE>`): one language's at a time, from the
 *   virtual module `virtual:contract-texts/<language>` (vite.config.ts, contractTexts), those a
 *   feature names fetched with its pages (`contract:<feature>`).
 * Every key starts with `<namespace>.`.
 */
export type Catalogue = Record<string, string>;
export type CatalogueModules = Record<string, Record<string, Catalogue>>;
/** A feature's texts file: the same keys in every language. */
export type FeatureTexts = Record<Language, Catalogue>;
/** What a language bundle offers of each feature texts file: a loader of that language's object only. */
export type FeatureTextLoaders = Record<string, () => Promise<Catalogue>>;
/** The name loadFeatureTexts takes for the texts only signed-in screens show (`src/i18n/<lang>/signed-in/`). */
export const SIGNED_IN_TEXTS = 'signed-in';

export function namespaceOf(path: string): string {
  const match = /\/([A-Za-z0-9-]+)(?:\.texts)?\.ts$/.exec(path);
  if (!match) throw new Error(`Unexpected catalogue file ${path}`);
  return match[1]!;
}

/** Merges the shared namespaces' files of one language. */
export function collect(modules: CatalogueModules): Catalogue {
  const merged: Catalogue = {};
  for (const [path, module] of Object.entries(modules)) Object.assign(merged, module[namespaceOf(path)]);
  return merged;
}

/** `../../features/cabinet/cabinet.texts.ts?lang=en` (a bundle's glob key) → `cabinet/cabinet.texts.ts`. */
export function featureTextsFile(globKey: string): string {
  return globKey.replace(/^.*\/features\//, '').replace(/\?.*$/, '');
}
