import { FIELD_LABELS, VALIDATION_KEYS, VALIDATION_TEXT, type Language } from '@swap/contracts';

/**
 * Catalogues: one file per feature namespace and language, `src/i18n/<lang>/<namespace>.ts`,
 * exporting one const named after the namespace whose keys all start with `<namespace>.`.
 * Files are collected by glob, so a feature adds its four files and nothing else.
 */
export type Catalogue = Record<string, string>;
export type CatalogueModules = Record<string, Record<string, Catalogue>>;

export function namespaceOf(path: string): string {
  const match = /\/([A-Za-z0-9-]+)\.ts$/.exec(path);
  if (!match) throw new Error(`Unexpected catalogue file ${path}`);
  return match[1]!;
}

/** Merges the catalogue files of one language. */
export function collect(modules: CatalogueModules): Catalogue {
  const merged: Catalogue = {};
  for (const [path, module] of Object.entries(modules)) Object.assign(merged, module[namespaceOf(path)]);
  return merged;
}

/** The `validation.*` texts of the contracts, so forms and server speak the same words. */
export function validationCatalogue(language: Language): Catalogue {
  const out: Catalogue = {};
  for (const key of VALIDATION_KEYS) out[key] = VALIDATION_TEXT[key][language];
  return out;
}

/**
 * The contracts' record-field labels (FIELD_LABELS, also the server's CSV headers and field
 * errors) under `<prefix>.<field>`, so a screen and its export name a field alike.
 */
export function fieldCatalogue(prefix: string, language: Language): Catalogue {
  const out: Catalogue = {};
  for (const [field, labels] of Object.entries(FIELD_LABELS)) out[`${prefix}.${field}`] = labels[language];
  return out;
}
