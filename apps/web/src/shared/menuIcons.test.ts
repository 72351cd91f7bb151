import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MENU_TREE } from '@swap/contracts';
import MenuIconOf from './menuIcons';

/** The icon a name shows, as its markup labels it: `CloudUploadOutlined` → `cloud-upload`. */
const labelOf = (name: string) =>
  name
    .replace(/Outlined$/, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();

describe('menu icons', () => {
  it('shows the icon every centre and group of the menu tree names (none falls back to the default)', () => {
    const named = MENU_TREE.flatMap((centre) => [
      centre.iconfont,
      ...centre.groups.flatMap((group) => [group.iconfont, ...group.items.flatMap((item) => (item.iconfont ? [item.iconfont] : []))]),
    ]);
    expect(named.length).toBeGreaterThan(10);
    const shown = named.map((name) => [name, /aria-label="([^"]+)"/.exec(renderToStaticMarkup(createElement(MenuIconOf, { name })))?.[1]]);
    expect(shown).toEqual(named.map((name) => [name, labelOf(name)]));
    // A name the tree does not know shows the default.
    expect(renderToStaticMarkup(createElement(MenuIconOf, { name: 'NoSuchOutlined' }))).toContain('aria-label="appstore"');
  });
});
