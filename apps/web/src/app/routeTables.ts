import { lazy, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';
import type { CentreCode } from '@swap/contracts';
import { sections, tables, type TableRow } from 'virtual:route-sections';
import { loadFeatureTexts } from '../i18n';

/** A signed-in route with its page, loaded lazily together with the texts it shows. */
export interface PageRoute extends Omit<TableRow, 'load' | 'texts'> {
  Page: LazyExoticComponent<ComponentType>;
}

/**
 * The route tables per centre (docs/scaling.md, "Web bundle"): the entry knows only which centre
 * a path's first segment belongs to; a centre's routes and page loaders come with its first page.
 */
export function centresOf(pathname: string): CentreCode[] {
  const section = pathname.split('/')[1] ?? '';
  return Object.hasOwn(sections, section) ? sections[section]! : [];
}

const loading = new Map<CentreCode, Promise<PageRoute[]>>();
const bySection = new Map<string, Promise<PageRoute[]>>();
const loaded = new Map<CentreCode, PageRoute[]>();
const listeners = new Set<() => void>();
let everyLoaded: readonly PageRoute[] = [];

function loadCentre(centre: CentreCode): Promise<PageRoute[]> {
  let routes = loading.get(centre);
  if (!routes) {
    routes = tables[centre]!().then(({ default: rows }) => {
      const pages = rows.map(({ load, texts, ...route }) => ({
        ...route,
        Page: lazy(async () => {
          const [page] = await Promise.all([load(), loadFeatureTexts(texts)]);
          return { default: page };
        }),
      }));
      loaded.set(centre, pages);
      everyLoaded = [...loaded.values()].flat();
      for (const listener of listeners) listener();
      return pages;
    });
    loading.set(centre, routes);
  }
  return routes;
}

/** The routes of the centres holding `pathname` (the same promise each time, for React's `use`). */
export function routesOf(pathname: string): Promise<PageRoute[]> {
  const centres = centresOf(pathname);
  const key = centres.join(' ');
  let routes = bySection.get(key);
  if (!routes) {
    routes = Promise.all(centres.map(loadCentre)).then((lists) => lists.flat());
    bySection.set(key, routes);
  }
  return routes;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Every route of the centres loaded so far (the sidebar's highlight reads the current one from them). */
export function useLoadedRoutes(): readonly PageRoute[] {
  return useSyncExternalStore(subscribe, () => everyLoaded);
}
