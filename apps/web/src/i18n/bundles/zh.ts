import contractTexts from 'virtual:contract-texts/zh';
import { collect, type Catalogue, type CatalogueModules, type FeatureTextModules } from '../catalogue';

/** Every text of this language in one chunk, loaded only when the language is in use. */
export const catalogue: Catalogue = {
  // The contracts' messages, validation texts, field labels and enumeration words of this language.
  ...contractTexts,
  ...collect(
    import.meta.glob<CatalogueModules[string]>('../zh/*.ts', { eager: true }),
    // Only this language's part of each file (vite.config.ts, featureTextsByLanguage).
    import.meta.glob<FeatureTextModules[string]>('../../features/*/*.texts.ts', { eager: true, query: '?lang=zh', import: 'default' }),
  ),
};
