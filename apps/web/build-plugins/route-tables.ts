import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type * as Contracts from '@swap/contracts';
import type { CentreCode, CentreDef, IdPatternName, RouteDef } from '@swap/contracts';
import { CONTRACT_TEXTS_OF, featureTextFiles, findPageAddresses } from './page-addresses.js';

/** A signed-in route that has a page, as its centre's table gives it to the router. */
export interface TableRoute {
  /** Route path exactly as in ROUTES of the contracts. */
  path: string;
  /** The permission that opens it ('' = any signed-in account). */
  code: string;
  /** The menu item whose group the sidebar highlights, when it is not the route's own code. */
  menu?: string;
  params?: Record<string, IdPatternName>;
  /** The page module, relative to apps/web, and its exported component. */
  file: string;
  component: string;
  /** The feature texts files (relative to src/features) and the part of the contracts' texts the page loads with it. */
  texts: string[];
}

export interface RouteTables {
  /** First segment of a path → the centres whose tables hold the routes under it (one, unless centres share it). */
  sections: Record<string, CentreCode[]>;
  /** Centre → its routes that have a page, in the order of ROUTES. */
  tables: Partial<Record<CentreCode, TableRoute[]>>;
}

/** The section of a path: its first segment (`/system/area/list` → `system`). */
export const sectionOf = (path: string): string => path.split('/')[1] ?? '';

/**
 * The route table of the signed-in pages, split per centre (docs/scaling.md, "Web bundle"): each
 * page's `@route` (findPageAddresses) joined with its route of the contracts, and the feature texts
 * it loads with it (featureTextFiles). A page whose address is not in ROUTES stops the build.
 */
export function routeTables(webRoot: string, routes: readonly RouteDef[]): RouteTables {
  const texts = featureTextFiles(webRoot);
  const order = new Map(routes.map((route, index) => [route.path, index]));
  const sections: Record<string, CentreCode[]> = {};
  const tables: Partial<Record<CentreCode, TableRoute[]>> = {};
  const pages = findPageAddresses(webRoot).sort((a, b) => order.get(a.route)! - order.get(b.route)!);
  for (const { route: path, file, component } of pages) {
    const route = routes.find((each) => each.path === path);
    if (!route) throw new Error(`${file} opens at ${path}, which is not a route of the contracts (ROUTES in navigation.ts)`);
    const feature = file.split('/')[2]!;
    (tables[route.centre] ??= []).push({
      path,
      code: route.code,
      ...(route.menu && route.menu !== route.code ? { menu: route.menu } : {}),
      ...(route.params ? { params: route.params } : {}),
      file,
      component,
      texts: [...(texts[feature] ?? []), `${CONTRACT_TEXTS_OF}${feature}`],
    });
    const centres = (sections[sectionOf(path)] ??= []);
    if (!centres.includes(route.centre)) centres.push(route.centre);
  }
  return { sections, tables };
}

/** What the sidebar, the quick links and the dashboard draw of the menu tree. */
export interface ShellMenuItem {
  code: string;
  titleKey: string;
  url: string;
}
export interface ShellMenuGroup {
  code: string;
  titleKey: string;
  iconfont: string;
  items: ShellMenuItem[];
}
export interface ShellMenuCentre {
  code: CentreCode;
  titleKey: string;
  iconfont: string;
  groups: ShellMenuGroup[];
}

/**
 * The menu tree as the shell draws it: every centre, and of its groups and items only the items a
 * user may reach from the sidebar (not hidden, a page opens at their address); no resources.
 */
export function shellMenu(tree: readonly CentreDef[], pages: ReadonlySet<string>): ShellMenuCentre[] {
  return tree.map((centre) => ({
    code: centre.code,
    titleKey: centre.titleKey,
    iconfont: centre.iconfont,
    groups: centre.groups
      .map((group) => ({
        code: group.code,
        titleKey: group.titleKey,
        iconfont: group.iconfont,
        items: group.items
          .filter((item) => !item.hidden && pages.has(item.url))
          .map(({ code, titleKey, url }) => ({ code, titleKey, url })),
      }))
      .filter((group) => group.items.length > 0),
  }));
}

/**
 * The name each centre, group and item of the menu tree is seeded with, by code (the menu and role
 * pages show a seeded menu whose name nobody changed in the reader's language, `nav.<code>`).
 */
export function seededMenuNames(tree: readonly CentreDef[]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const node of tree.flatMap((centre) => [centre, ...centre.groups.flatMap((group) => [group, ...group.items])])) {
    if (node.titleKey !== `nav.${node.code}`) throw new Error(`The menu ${node.code} is titled ${node.titleKey}, not nav.${node.code}`);
    names[node.code] = node.name;
  }
  return names;
}

const ROUTE_SECTIONS = 'virtual:route-sections';
const ROUTE_TABLE = 'virtual:route-table/';
const SHELL_MENU = 'virtual:shell-menu';
const MENU_NAMES = 'virtual:menu-names';
const VIRTUAL = [ROUTE_SECTIONS, ROUTE_TABLE, SHELL_MENU, MENU_NAMES];

/**
 * The router's and the shell's tables, made from the contracts' ROUTES and MENU_TREE (evaluated here
 * at build time) and the pages' `@route` tags, so no route carries the whole route and menu table:
 * - `virtual:route-sections` (in the entry): a path's first segment → its centre, and per centre a
 *   loader of its table;
 * - `virtual:route-table/<centre>`: the centre's routes, each with its page loaded lazily (one
 *   chunk per page module) and its texts list; it loads with the centre's first page;
 * - `virtual:shell-menu` (with the shell): the menu the sidebar draws, without resources;
 * - `virtual:menu-names` (with the menu and role pages): the name each menu was seeded with.
 * A route added to one centre grows that centre's table only (docs/scaling.md, "Web bundle").
 */
export function routeTablesPlugin(): Plugin {
  const webRoot = fileURLToPath(new URL('..', import.meta.url));
  let entry: string | undefined;
  let contracts: Promise<typeof Contracts> | undefined;
  /** Each module made so far, id → code (for `npm run dev`, which makes them again on a change). */
  const made = new Map<string, string>();

  const code = async (id: string): Promise<string> => {
    if (!entry) throw new Error('@swap/contracts could not be resolved');
    contracts ??= runnerImport<typeof Contracts>(entry).then((loaded) => loaded.module);
    const { ROUTES, MENU_TREE } = await contracts;
    const { sections, tables } = routeTables(webRoot, ROUTES);
    if (id === ROUTE_SECTIONS) {
      const loaders = Object.keys(tables).map(
        (centre) => `  ${JSON.stringify(centre)}: () => import(${JSON.stringify(ROUTE_TABLE + centre)}),`,
      );
      return `export const sections = ${JSON.stringify(sections)};\nexport const tables = {\n${loaders.join('\n')}\n};\n`;
    }
    if (id === MENU_NAMES) return `export default ${JSON.stringify(seededMenuNames(MENU_TREE))};\n`;
    if (id === SHELL_MENU) {
      const pages = new Set(Object.values(tables).flatMap((routes) => routes.map((route) => route.path)));
      return `export default ${JSON.stringify(shellMenu(MENU_TREE, pages))};\n`;
    }
    const centre = id.slice(ROUTE_TABLE.length) as CentreCode;
    const routes = tables[centre];
    if (!routes) throw new Error(`${id}: no page opens in the centre ${centre}`);
    const rows = routes.map(({ file, component, texts, ...route }) => {
      const data = JSON.stringify(route).slice(0, -1);
      return `  ${data}, load: () => import(${JSON.stringify('/' + file)}).then((m) => m.${component}), texts: ${JSON.stringify(texts)} },`;
    });
    return `export default [\n${rows.join('\n')}\n];\n`;
  };

  return {
    name: 'route-tables',
    buildStart() {
      contracts = undefined;
    },
    resolveId(source) {
      return VIRTUAL.some((name) => source === name || (name.endsWith('/') && source.startsWith(name))) ? '\0' + source : null;
    },
    async load(id) {
      if (!id.startsWith('\0') || !VIRTUAL.some((name) => id.slice(1).startsWith(name))) return null;
      entry ??= (await this.resolve('@swap/contracts', fileURLToPath(new URL('../src/main.tsx', import.meta.url))))?.id;
      const source = await code(id.slice(1));
      made.set(id, source);
      return source;
    },
    configureServer(server) {
      // A page's @route lines changed, a page came or went, a feature names other texts, or the
      // contracts were rebuilt (npm run build -w packages/contracts): the tables are made again.
      const dist = fileURLToPath(new URL('../../../packages/contracts/dist/', import.meta.url));
      server.watcher.add(dist);
      const refresh = async (file: string) => {
        const fromContracts = file.startsWith(dist);
        if (!fromContracts && !/[\\/]src[\\/]features[\\/].*\.tsx?$/.test(file)) return;
        if (fromContracts) contracts = undefined;
        const graph = server.environments.client.moduleGraph;
        let changed = false;
        for (const [id, before] of made) {
          const after = await code(id.slice(1)).catch(() => '');
          if (after === before) continue;
          changed = true;
          const module = graph.getModuleById(id);
          if (module) graph.invalidateModule(module);
        }
        if (changed) server.ws.send({ type: 'full-reload' });
      };
      for (const event of ['change', 'add', 'unlink'] as const) server.watcher.on(event, (file: string) => void refresh(file));
    },
  };
}
