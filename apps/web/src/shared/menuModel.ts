import { isAppAddress, matchRoute, type CentreCode, type IdPatternName } from '@swap/contracts';
import shellMenu, { type NavCentre, type NavGroup } from 'virtual:shell-menu';

/** The part of the menu tree a user sees: held codes only, and only items whose page exists. */
export type { NavCentre, NavGroup, NavItem } from 'virtual:shell-menu';

export type HasCode = (code: string) => boolean;

/**
 * Sidebar tree: a centre, group or item shows only if its code is held. The build gives the shell
 * the menu without hidden items and items no page opens at (`virtual:shell-menu`,
 * build-plugins/route-tables.ts), so the shell carries no route table.
 */
export function visibleNav(has: HasCode, menu: readonly NavCentre[] = shellMenu): NavCentre[] {
  const out: NavCentre[] = [];
  for (const centre of menu) {
    if (!has(centre.code)) continue;
    const groups: NavGroup[] = [];
    for (const group of centre.groups) {
      if (!has(group.code)) continue;
      const items = group.items.filter((item) => has(item.code));
      if (items.length > 0) groups.push({ ...group, items });
    }
    if (groups.length > 0) out.push({ ...centre, groups });
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
export function grantedCentres(has: HasCode, menu: readonly NavCentre[] = shellMenu): GrantedCentre[] {
  const nav = visibleNav(has, menu);
  return menu
    .filter((centre) => has(centre.code))
    .map((centre) => ({
      code: centre.code,
      titleKey: centre.titleKey,
      iconfont: centre.iconfont,
      firstPage: nav.find((n) => n.code === centre.code)?.groups[0]?.items[0]?.url,
    }));
}

/** A route as far as the sidebar's highlight needs it. */
export interface MenuRoute {
  path: string;
  code: string;
  /** The menu item whose group is highlighted, when it is not `code`. */
  menu?: string;
  params?: Record<string, IdPatternName>;
}

/** Which group and item the sidebar highlights for a location: the menu item of its route (of those loaded, app/routeTables.ts). */
export function menuSelection(
  pathname: string,
  routes: readonly MenuRoute[],
  menu: readonly NavCentre[] = shellMenu,
): { item?: string; group?: string } {
  if (pathname === '/dashboard') return { item: '/dashboard' };
  const route = routes.find((each) => matchRoute(each, pathname));
  const menuCode = route ? (route.menu ?? route.code) : '';
  if (!menuCode) return {};
  for (const centre of menu) {
    for (const group of centre.groups) {
      const item = group.items.find((i) => i.code === menuCode);
      if (item) return { item: item.url, group: group.code };
    }
  }
  return {};
}

/** Internal paths only: an absolute path on this site, never another origin (contracts isAppAddress). */
export function safeRedirect(value: string | null): string | null {
  if (!value || !isAppAddress(value)) return null;
  if (value.startsWith('/session/')) return null;
  return value;
}
