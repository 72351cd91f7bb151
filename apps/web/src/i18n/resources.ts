import { LANGUAGES, textCatalogue, type Language } from '@swap/contracts';
import { namespaceOf, type Catalogue, type CatalogueModules, type FeatureTexts } from './catalogue';

/** All catalogues at once, for the completeness tests (the app loads one language at a time). */
export interface CatalogueFile {
  language: Language;
  namespace: string;
  /** Where the texts are: a shared namespace's file of one language, or a feature's texts file. */
  kind: 'language' | 'feature';
  /** Export names found in the file (a language file: exactly one, named after the namespace). */
  exports: string[];
  entries: Catalogue;
}

const modules: CatalogueModules = import.meta.glob<CatalogueModules[string]>('./{en,in,th,zh}/**/*.ts', { eager: true });

const features = import.meta.glob<{ texts: FeatureTexts }>('../features/*/*.texts.ts', { eager: true });

export const CATALOGUE_FILES: CatalogueFile[] = [
  ...Object.entries(modules).map(([path, module]) => {
    const language = path.split('/')[1] as Language;
    const namespace = namespaceOf(path);
    return { language, namespace, kind: 'language' as const, exports: Object.keys(module), entries: module[namespace] ?? {} };
  }),
  ...Object.entries(features).flatMap(([path, module]) =>
    LANGUAGES.map((language) => ({
      language,
      namespace: namespaceOf(path),
      kind: 'feature' as const,
      exports: Object.keys(module),
      entries: module.texts[language] ?? {},
    })),
  ),
];

function build(language: Language): Catalogue {
  const merged: Catalogue = textCatalogue(language);
  for (const file of CATALOGUE_FILES) if (file.language === language) Object.assign(merged, file.entries);
  return merged;
}

export const RESOURCES = Object.fromEntries(LANGUAGES.map((language) => [language, build(language)])) as Record<Language, Catalogue>;
