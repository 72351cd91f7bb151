import { ENUM_WORDS_TH, enumCatalogue } from '@swap/contracts';
import { collect, fieldCatalogue, validationCatalogue, type Catalogue, type CatalogueModules, type FeatureTextModules } from '../catalogue';

/** Every text of this language in one chunk, loaded only when the language is in use. */
export const catalogue: Catalogue = {
  ...validationCatalogue('th'),
  ...fieldCatalogue('th'),
  ...enumCatalogue(ENUM_WORDS_TH),
  ...collect(
    import.meta.glob<CatalogueModules[string]>('../th/*.ts', { eager: true }),
    // Only this language's part of each file (vite.config.ts, featureTextsByLanguage).
    import.meta.glob<FeatureTextModules[string]>('../../features/*/*.texts.ts', { eager: true, query: '?lang=th', import: 'default' }),
  ),
};
