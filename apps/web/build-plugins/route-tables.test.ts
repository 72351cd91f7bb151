import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CentreDef, RouteDef } from '@swap/contracts';
import { routeTables, seededMenuNames, shellMenu } from './route-tables';

/** A web root holding the given page files (`feature/NamePage.tsx` → source). */
function webRootWith(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'routes-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, 'src/features', file)), { recursive: true });
    writeFileSync(path.join(root, 'src/features', file), source);
  }
  return root;
}

const page = (name: string, ...routes: string[]) =>
  `/**\n${routes.map((r) => ` * @route ${r}\n`).join('')} */\nexport function ${name}() {}`;

const ROUTES: RouteDef[] = [
  { path: '/dashboard', code: '', titleKey: 'nav.dashboard', centre: 'product-center' },
  { path: '/system/area/list', code: 'admin.area', titleKey: 'nav.admin.area', centre: 'system-center', menu: 'admin.area' },
  {
    path: '/system/merchant/detail/:id',
    code: 'admin.merchant.detail',
    titleKey: 'page.merchantDetail',
    centre: 'system-center',
    menu: 'admin.merchant',
    params: { id: 'word' },
  },
  { path: '/system/stats', code: 'statistics.x', titleKey: 'nav.statistics.x', centre: 'statistics-center', menu: 'statistics.x' },
  { path: '/system/nopage', code: 'admin.none', titleKey: 'nav.admin.none', centre: 'system-center', menu: 'admin.none' },
];

describe('route tables', () => {
  it('puts each page in its centre’s table and gives each section its centres', () => {
    const root = webRootWith({
      'area/AreaListPage.tsx': page('AreaListPage', '/system/area/list'),
      'merchant/MerchantDetailPage.tsx': page('MerchantDetailPage', '/system/merchant/detail/:id'),
      'stats/StatsPage.tsx': page('StatsPage', '/system/stats'),
      'dashboard/DashboardPage.tsx': page('DashboardPage', '/dashboard'),
      'dashboard/dashboard.texts.ts': "export const texts = { en: { 'dashboard.title': 'Home' } };",
    });
    const { sections, tables } = routeTables(root, ROUTES);
    expect(sections).toEqual({ dashboard: ['product-center'], system: ['system-center', 'statistics-center'] });
    expect(tables['product-center']).toEqual([
      {
        path: '/dashboard',
        code: '',
        file: 'src/features/dashboard/DashboardPage.tsx',
        component: 'DashboardPage',
        texts: ['dashboard/dashboard.texts.ts', 'contract:dashboard'],
      },
    ]);
    expect(tables['system-center']?.map(({ path, code, menu, params }) => ({ path, code, menu, params }))).toEqual([
      { path: '/system/area/list', code: 'admin.area', menu: undefined, params: undefined },
      { path: '/system/merchant/detail/:id', code: 'admin.merchant.detail', menu: 'admin.merchant', params: { id: 'word' } },
    ]);
    expect(tables['statistics-center']?.map((route) => route.path)).toEqual(['/system/stats']);
  });

  it('refuses a page whose address is not a route of the contracts', () => {
    const root = webRootWith({ 'area/AreaListPage.tsx': page('AreaListPage', '/system/area/lsit') });
    expect(() => routeTables(root, ROUTES)).toThrow('/system/area/lsit, which is not a route of the contracts');
  });

  it('gives the shell every centre, and of the items only those a page opens at and not hidden, without resources', () => {
    const tree: CentreDef[] = [
      {
        code: 'system-center',
        name: 'System',
        titleKey: 'nav.system-center',
        iconfont: 'SettingOutlined',
        groups: [
          {
            code: 'admin',
            name: 'Admin',
            titleKey: 'nav.admin',
            iconfont: 'SafetyOutlined',
            items: [
              { code: 'admin.area', name: 'Areas', titleKey: 'nav.admin.area', url: '/system/area/list', resources: [] },
              { code: 'admin.none', name: 'None', titleKey: 'nav.admin.none', url: '/system/nopage', resources: [] },
              { code: 'admin.gone', name: 'Gone', titleKey: 'nav.admin.gone', url: '/system/area/list', resources: [], hidden: true },
            ],
          },
          { code: 'empty', name: 'Empty', titleKey: 'nav.empty', iconfont: 'X', items: [] },
        ],
      },
      { code: 'user-center', name: 'Users', titleKey: 'nav.user-center', iconfont: 'TeamOutlined', groups: [] },
    ];
    expect(shellMenu(tree, new Set(['/system/area/list']))).toEqual([
      {
        code: 'system-center',
        titleKey: 'nav.system-center',
        iconfont: 'SettingOutlined',
        groups: [
          {
            code: 'admin',
            titleKey: 'nav.admin',
            iconfont: 'SafetyOutlined',
            items: [{ code: 'admin.area', titleKey: 'nav.admin.area', url: '/system/area/list' }],
          },
        ],
      },
      { code: 'user-center', titleKey: 'nav.user-center', iconfont: 'TeamOutlined', groups: [] },
    ]);
  });
});

describe('seeded menu names', () => {
  it('names every centre, group and item by its code, and refuses a title that is not nav.<code>', () => {
    const tree: CentreDef[] = [
      {
        code: 'user-center',
        name: 'Users',
        titleKey: 'nav.user-center',
        iconfont: 'TeamOutlined',
        groups: [
          {
            code: 'customer',
            name: 'Customers',
            titleKey: 'nav.customer',
            iconfont: 'UserOutlined',
            items: [{ code: 'customer.list', name: 'Customer list', titleKey: 'nav.customer.list', url: '/user/list', resources: [] }],
          },
        ],
      },
    ];
    expect(seededMenuNames(tree)).toEqual({ 'user-center': 'Users', customer: 'Customers', 'customer.list': 'Customer list' });
    tree[0]!.groups[0]!.titleKey = 'page.customers';
    expect(() => seededMenuNames(tree)).toThrow('The menu customer is titled page.customers, not nav.customer');
  });
});
