import type { Language } from '@swap/contracts';

/**
 * Catalogues, collected by glob so a feature registers nothing (docs/web-kits.md, "Texts"):
 * - a feature's own texts beside it, every language in one file,
 *   `src/features/<feature>/<namespace>.texts.ts` exporting `texts` (see FeatureTexts);
 * - the shared namespaces (shell, table, form, nav…) one file per language,
 *   `src/i18n/<lang>/<namespace>.ts`, exporting one const named after the namespace.
 * - the contracts' texts (server messages `message.<key>`, `validation.*`, record-field labels
 *   `field.<name>`, enumeration words `<group>.<VALUE>`): one language's at a time, from the
 *   virtual module `virtual:contract-texts/<language>` (vite.config.ts, contractTexts).
 * Every key starts with `<namespace>.`.
 */
export type Catalogue = Record<string, string>;
export type CatalogueModules = Record<string, Record<string, Catalogue>>;
/** A feature's texts file: the same keys in every language. */
export type FeatureTexts = Record<Language, Catalogue>;
/** What a language bundle imports of each feature texts file: that language's object only. */
export type FeatureTextModules = Record<string, Catalogue>;

export function namespaceOf(path: string): string {
  const match = /\/([A-Za-z0-9-]+)(?:\.texts)?\.ts$/.exec(path);
  if (!match) throw new Error(`Unexpected catalogue file ${path}`);
  return match[1]!;
}

/** Merges the catalogue files of one language: the shared namespaces' and the features' own. */
export function collect(modules: CatalogueModules, features: FeatureTextModules): Catalogue {
  const merged: Catalogue = {};
  for (const [path, module] of Object.entries(modules)) Object.assign(merged, module[namespaceOf(path)]);
  for (const texts of Object.values(features)) Object.assign(merged, texts);
  return merged;
}
