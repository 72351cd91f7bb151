import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** A page and the address it opens at, as the page's doc comment declares it. */
export interface PageAddress {
  /** Route path exactly as in ROUTES of the contracts, e.g. `/system/area/list`. */
  route: string;
  /** The page module, relative to apps/web (`src/features/area/AreaListPage.tsx`). */
  file: string;
  /** The exported component. */
  component: string;
}

const PAGE_FILE = /Page\.tsx$/;
/** A doc comment and the export it documents. */
const DOCUMENTED_EXPORT = /\/\*\*((?:[^*]|\*(?!\/))*)\*\/\s*export\s+(?:function|const)\s+(\w+)/g;
const ROUTE_TAG = /@route\s+(\S+)/g;

/**
 * Every page of the features with its addresses: a page declares where it opens with `@route <path>`
 * lines in the doc comment of its exported component (docs/web-kits.md, "Pages"), so adding a page
 * touches no shared table. Read from the sources, the same way by the build and by the bundle
 * measurement.
 */
export function findPageAddresses(webRoot: string): PageAddress[] {
  const features = path.join(webRoot, 'src/features');
  const found: PageAddress[] = [];
  for (const feature of readdirSync(features, { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    for (const name of readdirSync(path.join(features, feature.name)).sort()) {
      if (!PAGE_FILE.test(name)) continue;
      const file = `src/features/${feature.name}/${name}`;
      const source = readFileSync(path.join(webRoot, file), 'utf8');
      for (const [, comment = '', component = ''] of source.matchAll(DOCUMENTED_EXPORT))
        for (const [, route = ''] of comment.matchAll(ROUTE_TAG)) found.push({ route, file, component });
    }
  }
  const seen = new Map<string, string>();
  for (const { route, file } of found) {
    const earlier = seen.get(route);
    if (earlier) throw new Error(`The route ${route} is declared by two pages: ${earlier} and ${file}`);
    seen.set(route, file);
  }
  return found;
}

const PAGE_ADDRESSES = 'virtual:page-addresses';

/**
 * `virtual:page-addresses`: route path → a function loading its page lazily (one chunk per page
 * module), made from the pages' `@route` tags (see findPageAddresses).
 */
export function pageAddresses(): Plugin {
  const resolved = '\0' + PAGE_ADDRESSES;
  const webRoot = fileURLToPath(new URL('..', import.meta.url));
  const code = () =>
    'export default {\n' +
    findPageAddresses(webRoot)
      .map(
        ({ route, file, component }) =>
          `  ${JSON.stringify(route)}: () => import(${JSON.stringify('/' + file)}).then((m) => m.${component}),`,
      )
      .join('\n') +
    '\n};\n';
  let current = '';
  return {
    name: 'page-addresses',
    resolveId(source) {
      return source === PAGE_ADDRESSES ? resolved : null;
    },
    load(id) {
      if (id !== resolved) return null;
      current = code();
      return current;
    },
    configureServer(server) {
      // A page's @route lines changed, or a page came or went: the table is made again.
      const refresh = (file: string) => {
        if (!PAGE_FILE.test(file) || code() === current) return;
        const graph = server.environments.client.moduleGraph;
        const module = graph.getModuleById(resolved);
        if (module) graph.invalidateModule(module);
        server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('change', refresh);
      server.watcher.on('add', refresh);
      server.watcher.on('unlink', refresh);
    },
  };
}
