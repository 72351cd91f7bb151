import type { Page } from 'playwright-core';
import { checkA11y } from '../support/a11y.js';
import { describe, test } from '../support/fixtures.js';
import { Shell } from '../pages/shell.js';

const SCREENS = [
  '/system/admin/list',
  '/system/merchant/list',
  '/system/role/list',
  '/system/menu/index',
  '/system/common/setting',
  '/system/international/currency',
  '/system/audit-log',
];

/** A list still loading is shown dimmed under a spinner; check a screen as the user reads it. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.ant-spin-spinning, .ant-spin-blur') === null);
}

describe('system centre accessibility', () => {
  // One page through every screen: the sidebar and header, the same on each, are checked on the first.
  test('no serious or critical axe violation on the system centre screens and a merchant detail', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    for (const [index, path] of SCREENS.entries()) {
      await page.goto(path);
      // Ready when its table, menu tree or currency form shows data.
      await page.locator('.ant-table-row:visible, .ant-tree-title:visible, form#currency-form').first().waitFor();
      await settled(page);
      await checkA11y(page, { withoutShell: index > 0 });
    }
    await page.goto('/system/merchant/list');
    await page.locator('.ant-table-row').first().getByRole('button', { name: 'View' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/system/merchant/detail/'));
    await page.getByText('Identity documents').waitFor();
    await settled(page);
    await checkA11y(page, { withoutShell: true });
    // Eight screens, each loaded and checked: more than one test's usual time on a busy machine.
  }, 240_000);

  // The drawers alone: the lists beneath them are checked above.
  test('no serious or critical axe violation in the "Add account" and "Add role" drawers', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    for (const [path, button] of [
      ['/system/admin/list', 'Add account'],
      ['/system/role/list', 'Add role'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('button', { name: button }).click();
      await page.locator('.ant-drawer-content-wrapper:visible .ant-form-item').first().waitFor();
      await settled(page);
      await checkA11y(page, { include: ['.ant-drawer-open'] });
    }
  });
});
