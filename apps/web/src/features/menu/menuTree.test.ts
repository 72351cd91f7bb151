import { describe, expect, it } from 'vitest';
import type { PermissionNode } from '@swap/contracts';
import { levelOf, parentOptions, ROOT_PARENT } from './menuTree';

const node = (id: number, sort: number, children: PermissionNode[] = []): PermissionNode => ({
  id,
  parentId: 0,
  code: `c${id}`,
  name: `n${id}`,
  url: '',
  iconfont: '',
  sort,
  children,
  resources: [],
});

const TREE = [node(1, 2, [node(3, 1, [node(5, 1)]), node(4, 0)]), node(2, 1)];

describe('menu tree helpers', () => {
  it('offers the root and every menu by sort as parents', () => {
    const options = parentOptions(TREE, 'root', (n) => n.name);
    expect(options.map((o) => o.value)).toEqual([ROOT_PARENT, 2, 1]);
    expect(options[2]!.children!.map((o) => o.value)).toEqual([4, 3]);
  });

  it('never offers the edited menu or anything under it', () => {
    const options = parentOptions(TREE, 'root', (n) => n.name, 3);
    const values = JSON.stringify(options);
    expect(values).not.toContain('"value":3');
    expect(values).not.toContain('"value":5');
    expect(values).toContain('"value":4');
  });

  it('tells the level of a menu', () => {
    expect([levelOf(TREE, 1), levelOf(TREE, 3), levelOf(TREE, 5), levelOf(TREE, 99)]).toEqual([0, 1, 2, -1]);
  });
});
