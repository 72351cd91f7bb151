import { describe, expect, it } from 'vitest';
import { MENU_TREE } from '@swap/contracts';
import { menuTitle } from './menuTitles';

const t = (key: string) => `«${key}»`;
const item = MENU_TREE[0]!.groups[0]!.items[0]!;

describe('menu titles', () => {
  it('shows a seeded menu in the reader’s language while its name is the seeded one', () => {
    for (const centre of MENU_TREE)
      for (const node of [centre, ...centre.groups.flatMap((group) => [group, ...group.items])])
        expect(menuTitle({ code: node.code, name: node.name }, t)).toBe(`«${node.titleKey}»`);
    expect(menuTitle({ code: item.code, name: item.name }, t)).toBe(`«${item.titleKey}»`);
    expect(menuTitle({ code: MENU_TREE[0]!.code, name: MENU_TREE[0]!.name }, t)).toBe(`«${MENU_TREE[0]!.titleKey}»`);
  });

  it('shows a name an administrator gave, and a menu they added, as written', () => {
    expect(menuTitle({ code: item.code, name: 'Our scooters' }, t)).toBe('Our scooters');
    expect(menuTitle({ code: 'custom.reports', name: 'Reports' }, t)).toBe('Reports');
    expect(menuTitle({ code: 'constructor', name: 'function Object() { [native code] }' }, t)).toBe('function Object() { [native code] }');
  });
});
