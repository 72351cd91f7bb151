import { LANGUAGES, type Language } from '@swap/contracts';
import { namespaceOf, validationCatalogue, type Catalogue, type CatalogueModules } from './catalogue';

/** All catalogues at once, for the completeness tests (the app loads one language at a time). */
export interface CatalogueFile {
  language: Language;
  namespace: string;
  /** Export names found in the file (exactly one, named after the namespace). */
  exports: string[];
  entries: Catalogue;
}

const modules: CatalogueModules = import.meta.glob<CatalogueModules[string]>('./{en,in,th,zh}/*.ts', { eager: true });

export const CATALOGUE_FILES: CatalogueFile[] = Object.entries(modules).map(([path, module]) => {
  const language = path.split('/')[1] as Language;
  const namespace = namespaceOf(path);
  return { language, namespace, exports: Object.keys(module), entries: module[namespace] ?? {} };
});

function build(language: Language): Catalogue {
  const merged: Catalogue = validationCatalogue(language);
  for (const file of CATALOGUE_FILES) if (file.language === language) Object.assign(merged, file.entries);
  return merged;
}

export const RESOURCES = Object.fromEntries(LANGUAGES.map((language) => [language, build(language)])) as Record<Language, Catalogue>;
