import { ENUM_WORDS_EN, enumCatalogue } from '@swap/contracts';
import { collect, fieldCatalogue, validationCatalogue, type Catalogue, type CatalogueModules, type FeatureTextModules } from '../catalogue';

/** Every text of this language in one chunk, loaded only when the language is in use. */
export const catalogue: Catalogue = {
  ...validationCatalogue('en'),
  ...fieldCatalogue('en'),
  ...enumCatalogue(ENUM_WORDS_EN),
  ...collect(
    import.meta.glob<CatalogueModules[string]>('../en/*.ts', { eager: true }),
    // Only this language's part of each file (vite.config.ts, featureTextsByLanguage).
    import.meta.glob<FeatureTextModules[string]>('../../features/*/*.texts.ts', { eager: true, query: '?lang=en', import: 'default' }),
  ),
};
