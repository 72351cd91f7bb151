import { collect, validationCatalogue, type Catalogue, type CatalogueModules } from '../catalogue';

/** Every text of this language in one chunk, loaded only when the language is in use. */
export const catalogue: Catalogue = {
  ...validationCatalogue('th'),
  ...collect(import.meta.glob<CatalogueModules[string]>('../th/*.ts', { eager: true })),
};
