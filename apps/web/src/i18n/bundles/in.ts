import { ENUM_WORDS_IN, enumCatalogue } from '@swap/contracts';
import { collect, fieldCatalogue, validationCatalogue, type Catalogue, type CatalogueModules, type FeatureTextModules } from '../catalogue';

/** Every text of this language in one chunk, loaded only when the language is in use. */
export const catalogue: Catalogue = {
  ...validationCatalogue('in'),
  ...fieldCatalogue('in'),
  ...enumCatalogue(ENUM_WORDS_IN),
  ...collect(
    import.meta.glob<CatalogueModules[string]>('../in/*.ts', { eager: true }),
    // Only this language's part of each file (vite.config.ts, featureTextsByLanguage).
    import.meta.glob<FeatureTextModules[string]>('../../features/*/*.texts.ts', { eager: true, query: '?lang=in', import: 'default' }),
  ),
};
