import { describe, expect, it } from 'vitest';
import { CENTRES, ROUTES } from '@swap/contracts';
import { sections, tables } from 'virtual:route-sections';
import shellMenu from 'virtual:shell-menu';
import { centresOf, routesOf } from './routeTables';

describe('route tables per centre', () => {
  it('finds the centre of a path by its first segment, and none for an unknown one', () => {
    expect(centresOf('/system/area/list')).toEqual(['system-center']);
    expect(centresOf('/basic-pricing/vehicle-price')).toEqual(['operation-center']);
    expect(centresOf('/site/cabinet-edit/7')).toEqual(['operation-center']);
    expect(centresOf('/business/transfer/detail/3')).toEqual(['order-center']);
    expect(centresOf('/nowhere/at/all')).toEqual([]);
    expect(centresOf('/constructor')).toEqual([]);
    expect(Object.keys(tables).every((centre) => (CENTRES as readonly string[]).includes(centre))).toBe(true);
    expect(Object.values(sections).flat().length).toBeGreaterThanOrEqual(Object.keys(tables).length);
  });

  it('registers only paths of ROUTES, each in the table of its centre, with its permission code and id patterns', async () => {
    const byPath = new Map(ROUTES.map((route) => [route.path, route]));
    for (const [centre, load] of Object.entries(tables)) {
      const { default: rows } = await load();
      expect(rows.length, centre).toBeGreaterThan(0);
      for (const row of rows) {
        const route = byPath.get(row.path);
        expect(route?.centre, row.path).toBe(centre);
        expect(row.code).toBe(route?.code);
        expect(row.params).toEqual(route?.params);
        expect(row.menu ?? row.code).toBe(route?.menu ?? '');
      }
    }
    const product = await routesOf('/product/battery/list');
    for (const path of ['/product/battery-inventory/list', '/product/vehicle/detail/:id'])
      expect(product.map((route) => route.path)).toContain(path);
    // The dashboard, opened first, loads the statistics centre's small table, not the product centre's.
    expect(product.map((route) => route.path)).not.toContain('/dashboard');
    expect((await routesOf('/dashboard')).map((route) => route.path).sort()).toEqual(['/dashboard', '/profile', '/statistics/vehicle']);
    const operation = await routesOf('/operation/noti/notificati');
    for (const path of ['/operation/noti/notificati', '/site/cabinet-edit/:id'])
      expect(operation.map((route) => route.path)).toContain(path);
    expect(operation.map((route) => route.path)).not.toContain('/system/area/list');
    expect(await routesOf('/operation/noti/notificati')).toBe(operation);
  });

  it('loads the component the tag names', async () => {
    const { default: rows } = await tables['system-center']!();
    const page = await rows.find((row) => row.path === '/system/common/setting')?.load();
    expect(page?.name).toBe('CommonSettingPage');
  }, 60_000);

  it('gives the shell every centre, and only the menu items a page opens at and no hidden one', async () => {
    expect(shellMenu.map((centre) => centre.code)).toEqual([...CENTRES]);
    const paths = new Set<string>();
    for (const load of Object.values(tables)) for (const row of (await load()).default) paths.add(row.path);
    const urls = shellMenu.flatMap((centre) => centre.groups.flatMap((group) => group.items.map((item) => item.url)));
    expect(urls.filter((url) => !paths.has(url))).toEqual([]);
    expect(urls).toContain('/system/role/list');
    expect(urls).not.toContain('/product/vehicle/dashboard/:id');
    expect(shellMenu.flatMap((centre) => centre.groups).every((group) => group.items.length > 0)).toBe(true);
  }, 60_000);
});
