import { describe, expect, it } from 'vitest';
import { ROUTES } from '@swap/contracts';
import pageLoaders from 'virtual:page-addresses';
import { PAGES } from './pages';

describe('PAGES registry', () => {
  it('registers only paths of ROUTES, each page where its @route says', () => {
    const paths = new Set(ROUTES.map((route) => route.path));
    expect(Object.keys(PAGES).filter((path) => !paths.has(path))).toEqual([]);
    for (const path of ['/dashboard', '/operation/noti/notificati', '/product/battery-inventory/list', '/site/cabinet-edit/:id'])
      expect(PAGES[path], path).toBeDefined();
  });

  it('loads the component the tag names', async () => {
    const page = await pageLoaders['/system/common/setting']?.load();
    expect(page?.name).toBe('CommonSettingPage');
  }, 60_000);
});
