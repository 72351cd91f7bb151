import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import pageLoaders from 'virtual:page-addresses';
import { loadFeatureTexts } from '../i18n';

/**
 * Route path (exactly as in ROUTES of the contracts) → lazily loaded page, each page module its own
 * chunk. A page declares its address itself, with a `@route /system/role/list` line in the doc
 * comment of its exported component (build-plugins/page-addresses.ts; docs/web-kits.md, "Pages").
 * Only these routes are registered in the router and only their menu items appear in the sidebar.
 * A page's feature texts in the language in use are fetched with its chunk, and the page renders
 * once both are there (docs/web-kits.md, "Texts").
 */
export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(
  Object.entries(pageLoaders).map(([route, { load, texts }]) => [
    route,
    lazy(async () => {
      const [page] = await Promise.all([load(), loadFeatureTexts(texts)]);
      return { default: page };
    }),
  ]),
);

export function hasPage(path: string): boolean {
  return Object.hasOwn(PAGES, path);
}
