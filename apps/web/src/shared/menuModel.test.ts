import { describe, expect, it } from 'vitest';
import { MENU_TREE, ROUTES } from '@swap/contracts';
import shellMenu from 'virtual:shell-menu';
import { grantedCentres, menuSelection, safeRedirect, visibleNav, type NavCentre } from './menuModel';

/** The contracts' menu tree as the build gives it to the shell, with every item as if it had a page. */
const everyItem: NavCentre[] = MENU_TREE.map((centre) => ({
  code: centre.code,
  titleKey: centre.titleKey,
  iconfont: centre.iconfont,
  groups: centre.groups.map((group) => ({
    code: group.code,
    titleKey: group.titleKey,
    iconfont: group.iconfont,
    items: group.items.filter((item) => !item.hidden).map(({ code, titleKey, url }) => ({ code, titleKey, url })),
  })),
}));
const routes = ROUTES.map(({ path, code, menu, params }) => ({ path, code, menu, params }));

describe('menu model', () => {
  it('shows only held centres, groups and items', () => {
    const held = new Set(['system-center', 'admin', 'admin.role', 'product-center']);
    expect(visibleNav((code) => held.has(code), everyItem)).toEqual([
      {
        code: 'system-center',
        titleKey: 'nav.system-center',
        iconfont: 'SettingOutlined',
        groups: [
          {
            code: 'admin',
            titleKey: 'nav.admin',
            iconfont: 'SafetyOutlined',
            items: [{ code: 'admin.role', titleKey: 'nav.admin.role', url: '/system/role/list' }],
          },
        ],
      },
    ]);
  });

  it('draws the menu the build gives the shell', () => {
    const urls = visibleNav(() => true).flatMap((c) => c.groups.flatMap((g) => g.items.map((i) => i.url)));
    expect(urls).toContain('/product/vehicle/list');
    expect(urls).not.toContain('/product/vehicle/dashboard/:id');
    expect(visibleNav(() => true)).toEqual(visibleNav(() => true, shellMenu));
  });

  it('offers granted centres with their first permitted page', () => {
    const held = new Set(['order-center', 'record', 'record.swap', 'user-center']);
    const centres = grantedCentres((code) => held.has(code), everyItem);
    expect(centres.map((c) => [c.code, c.firstPage])).toEqual([
      ['order-center', '/business/transfer/list'],
      ['user-center', undefined],
    ]);
  });

  it('highlights the group and item of a detail route through its menu item, once its centre’s routes are loaded', () => {
    expect(menuSelection('/system/merchant/detail/42', routes, everyItem)).toEqual({ item: '/system/merchant/list', group: 'admin' });
    expect(menuSelection('/product/vehicle/list', routes, everyItem)).toEqual({ item: '/product/vehicle/list', group: 'product' });
    expect(menuSelection('/system/merchant/detail/42', [], everyItem)).toEqual({});
    expect(menuSelection('/dashboard', [], everyItem)).toEqual({ item: '/dashboard' });
    expect(menuSelection('/nowhere', routes, everyItem)).toEqual({});
  });

  it('accepts only internal redirects', () => {
    expect(safeRedirect('/system/role/list?x=1')).toBe('/system/role/list?x=1');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('/\t/evil.example')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('/session/login')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });

  it('has routes for every menu item url', () => {
    const paths = new Set(ROUTES.map((r) => r.path));
    const urls = visibleNav(() => true, everyItem).flatMap((c) => c.groups.flatMap((g) => g.items.map((i) => i.url)));
    expect(urls.filter((url) => !paths.has(url))).toEqual([]);
  });
});
