import contractTexts, { every, features } from 'virtual:contract-texts/in';
import { collect, SIGNED_IN_TEXTS, type Catalogue, type CatalogueModules, type FeatureTextLoaders } from '../catalogue';

/** The texts of this language every screen may show, in one chunk loaded only when the language is in use. */
export const catalogue: Catalogue = {
  // The contracts' texts of this language the code outside the features names, and the validation texts.
  ...contractTexts,
  ...collect(import.meta.glob<CatalogueModules[string]>('../in/*.ts', { eager: true })),
};

/**
 * This language's part of each feature's texts (vite.config.ts, featureTextsByLanguage), each its own
 * chunk, fetched with the pages that show it (app/pages.ts).
 */
export const featureTexts: FeatureTextLoaders = {
  ...import.meta.glob<Catalogue>('../../features/*/*.texts.ts', { query: '?lang=in', import: 'default' }),
  // Each feature's part of the contracts' texts (`contract:<feature>`), and all of them (`contract:*`).
  ...features,
  'contract:*': every,
  // The texts only signed-in screens show, loaded with the shell (app/router.tsx).
  [SIGNED_IN_TEXTS]: () => import('./signed-in/in').then((m) => m.catalogue),
};
