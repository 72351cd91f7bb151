/** Made at build time from the contracts' ROUTES and MENU_TREE and the pages' `@route` tags (build-plugins/route-tables.ts). */
declare module 'virtual:route-sections' {
  import type { ComponentType } from 'react';
  import type { CentreCode, IdPatternName } from '@swap/contracts';
  /** A route of a centre's table. */
  export interface TableRow {
    path: string;
    /** The permission that opens it ('' = any signed-in account). */
    code: string;
    /** The menu item whose group the sidebar highlights, when it is not `code`. */
    menu?: string;
    params?: Record<string, IdPatternName>;
    load: () => Promise<ComponentType>;
    /** Feature texts files and contract texts the page shows (docs/web-kits.md, "Texts"). */
    texts: string[];
  }
  /** First segment of a path → the centres whose tables hold its routes. */
  export const sections: Record<string, CentreCode[]>;
  /** Centre → a loader of its route table. */
  export const tables: Partial<Record<CentreCode, () => Promise<{ default: TableRow[] }>>>;
}

declare module 'virtual:route-table/*' {
  import type { TableRow } from 'virtual:route-sections';
  const routes: TableRow[];
  export default routes;
}

declare module 'virtual:menu-names' {
  /** Code of each centre, group and item of the menu tree → the name it was seeded with (its title is `nav.<code>`). */
  const names: Record<string, string>;
  export default names;
}

declare module 'virtual:shell-menu' {
  import type { CentreCode } from '@swap/contracts';
  export interface NavItem {
    code: string;
    titleKey: string;
    url: string;
  }
  export interface NavGroup {
    code: string;
    titleKey: string;
    iconfont: string;
    items: NavItem[];
  }
  export interface NavCentre {
    code: CentreCode;
    titleKey: string;
    iconfont: string;
    groups: NavGroup[];
  }
  /** Every centre with the groups and items the sidebar may show (not hidden, a page opens there). */
  const menu: NavCentre[];
  export default menu;
}
