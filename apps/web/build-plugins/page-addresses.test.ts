import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPageAddresses } from './page-addresses';

/** A web root holding the given page files (`feature/NamePage.tsx` → source). */
function webRootWith(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'pages-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, 'src/features', file)), { recursive: true });
    writeFileSync(path.join(root, 'src/features', file), source);
  }
  return root;
}

describe('page addresses', () => {
  it('reads each exported page’s @route lines, several per page, and skips what is not a page', () => {
    const root = webRootWith({
      'stock/StockListPage.tsx': [
        '/** Not a page. */',
        'function helper() {}',
        '/**',
        ' * Stock of a kind.',
        ' * @route /product/vehicle-inventory/list',
        ' * @route /product/battery-inventory/list',
        ' */',
        'export function StockListPage() {}',
        '/** A piece without an address. */',
        'export const StockRow = () => null;',
      ].join('\n'),
      'stock/stockModel.tsx': '/** @route /not/a/page */\nexport function Model() {}',
    });
    expect(findPageAddresses(root)).toEqual([
      { route: '/product/vehicle-inventory/list', file: 'src/features/stock/StockListPage.tsx', component: 'StockListPage' },
      { route: '/product/battery-inventory/list', file: 'src/features/stock/StockListPage.tsx', component: 'StockListPage' },
    ]);
  });

  it('refuses an address two pages declare', () => {
    const root = webRootWith({
      'a/APage.tsx': '/** @route /system/area/list */\nexport function APage() {}',
      'b/BPage.tsx': '/** @route /system/area/list */\nexport function BPage() {}',
    });
    expect(() => findPageAddresses(root)).toThrow('/system/area/list is declared by two pages');
  });
});
