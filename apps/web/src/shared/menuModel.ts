import { createContext } from 'react';
import { findRoute, MENU_TREE, type CentreCode } from '@swap/contracts';

/** The part of MENU_TREE a user sees: held codes only, and only items whose page exists. */
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

export type HasCode = (code: string) => boolean;
export type HasPage = (url: string) => boolean;

/** Whether this build has a page for a route: the shell provides it from its page table (app/pages.ts, made from the pages' `@route` tags). */
export const HasPageContext = createContext<HasPage>(() => false);

/** Sidebar tree: a centre, group or item shows only if its code is held; hidden items never show. */
export function visibleNav(has: HasCode, hasPage: HasPage): NavCentre[] {
  const out: NavCentre[] = [];
  for (const centre of MENU_TREE) {
    if (!has(centre.code)) continue;
    const groups: NavGroup[] = [];
    for (const group of centre.groups) {
      if (!has(group.code)) continue;
      const items = group.items
        .filter((item) => !item.hidden && has(item.code) && hasPage(item.url))
        .map(({ code, titleKey, url }) => ({ code, titleKey, url }));
      if (items.length > 0) groups.push({ code: group.code, titleKey: group.titleKey, iconfont: group.iconfont, items });
    }
    if (groups.length > 0) out.push({ code: centre.code, titleKey: centre.titleKey, iconfont: centre.iconfont, groups });
  }
  return out;
}

export interface GrantedCentre {
  code: CentreCode;
  titleKey: string;
  iconfont: string;
  /** The first page of the centre the user may open, if any exists yet. */
  firstPage: string | undefined;
}

/** Centres the user holds, each with its first permitted page (quick links, dashboard cards). */
export function grantedCentres(has: HasCode, hasPage: HasPage): GrantedCentre[] {
  const nav = visibleNav(has, hasPage);
  return MENU_TREE.filter((centre) => has(centre.code)).map((centre) => ({
    code: centre.code,
    titleKey: centre.titleKey,
    iconfont: centre.iconfont,
    firstPage: nav.find((n) => n.code === centre.code)?.groups[0]?.items[0]?.url,
  }));
}

/** Which group and item the sidebar highlights for a location, via RouteDef.menu. */
export function menuSelection(pathname: string): { item?: string; group?: string } {
  if (pathname === '/dashboard') return { item: '/dashboard' };
  const found = findRoute(pathname);
  const menuCode = found?.route.menu;
  if (!menuCode) return {};
  for (const centre of MENU_TREE) {
    for (const group of centre.groups) {
      const item = group.items.find((i) => i.code === menuCode);
      if (item) return { item: item.url, group: group.code };
    }
  }
  return {};
}

/** Internal paths only: an absolute path on this site, never another origin. */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith('/session/')) return null;
  return value;
}
