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
  for (const path of SCREENS) {
    test(`no serious or critical axe violation on ${path}`, async ({ page }) => {
      await new Shell(page).startSignedIn('admin');
      await page.goto(path);
      // Ready when its table, menu tree or currency form shows data.
      await page.locator('.ant-table-row:visible, .ant-tree-title:visible, form#currency-form').first().waitFor();
      await settled(page);
      await checkA11y(page);
    });
  }

  for (const [path, button] of [
    ['/system/admin/list', 'Add account'],
    ['/system/role/list', 'Add role'],
  ] as const) {
    test(`no serious or critical axe violation in the "${button}" drawer`, async ({ page }) => {
      await new Shell(page).startSignedIn('admin');
      await page.goto(path);
      await page.getByRole('button', { name: button }).click();
      await page.locator('.ant-drawer-content-wrapper:visible .ant-form-item').first().waitFor();
      await settled(page);
      await checkA11y(page);
    });
  }

  test('no serious or critical axe violation on a merchant detail', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    await page.goto('/system/merchant/list');
    await page.locator('.ant-table-row').first().getByRole('button', { name: 'View' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/system/merchant/detail/'));
    await page.getByText('Identity documents').waitFor();
    await settled(page);
    await checkA11y(page);
  });
});
