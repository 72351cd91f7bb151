import { describe, expect, it } from 'vitest';
import { allPermissionCodes, ROUTES } from '@swap/contracts';
import { grantedCentres, menuSelection, safeRedirect, visibleNav } from './menuModel';

const all = new Set(allPermissionCodes());
const everyPage = () => true;

describe('menu model', () => {
  it('shows only held centres, groups and items with a page', () => {
    const held = new Set(['system-center', 'admin', 'admin.role', 'admin.area', 'product-center']);
    const nav = visibleNav(
      (code) => held.has(code),
      (url) => url === '/system/role/list',
    );
    expect(nav).toEqual([
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

  it('never lists hidden items', () => {
    const urls = visibleNav((code) => all.has(code), everyPage).flatMap((c) => c.groups.flatMap((g) => g.items.map((i) => i.url)));
    expect(urls).not.toContain('/product/vehicle/dashboard/:id');
    expect(urls).toContain('/product/vehicle/list');
  });

  it('offers granted centres with their first permitted page', () => {
    const held = new Set(['order-center', 'record', 'record.swap', 'user-center']);
    const centres = grantedCentres((code) => held.has(code), everyPage);
    expect(centres.map((c) => [c.code, c.firstPage])).toEqual([
      ['order-center', '/business/transfer/list'],
      ['user-center', undefined],
    ]);
  });

  it('highlights the group and item of a detail route through RouteDef.menu', () => {
    expect(menuSelection('/system/merchant/detail/42')).toEqual({ item: '/system/merchant/list', group: 'admin' });
    expect(menuSelection('/product/vehicle/list')).toEqual({ item: '/product/vehicle/list', group: 'product' });
    expect(menuSelection('/dashboard')).toEqual({ item: '/dashboard' });
    expect(menuSelection('/nowhere')).toEqual({});
  });

  it('accepts only internal redirects', () => {
    expect(safeRedirect('/system/role/list?x=1')).toBe('/system/role/list?x=1');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('/session/login')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });

  it('has routes for every menu item url', () => {
    const paths = new Set(ROUTES.map((r) => r.path));
    const urls = visibleNav((code) => all.has(code), everyPage).flatMap((c) => c.groups.flatMap((g) => g.items.map((i) => i.url)));
    expect(urls.filter((url) => !paths.has(url))).toEqual([]);
  });
});
