import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import pageLoaders from 'virtual:page-addresses';

/**
 * Route path (exactly as in ROUTES of the contracts) → lazily loaded page, each page module its own
 * chunk. A page declares its address itself, with a `@route /system/role/list` line in the doc
 * comment of its exported component (build-plugins/page-addresses.ts; docs/web-kits.md, "Pages").
 * Only these routes are registered in the router and only their menu items appear in the sidebar.
 */
export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(
  Object.entries(pageLoaders).map(([route, load]) => [route, lazy(async () => ({ default: await load() }))]),
);

export function hasPage(path: string): boolean {
  return Object.hasOwn(PAGES, path);
}
