import type { Locator, Page } from 'playwright-core';

/** Picks `option` in the antd Select labelled `label` (the dropdown renders outside the form). */
export async function chooseOption(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** The open drawer (add/edit forms). */
export function openDrawer(page: Page): Locator {
  return page.locator('.ant-drawer-content-wrapper:visible');
}

/** Waits for the success message a saved form shows, then for the drawer to close. */
export async function saveDrawer(page: Page, drawer: Locator): Promise<void> {
  await drawer.getByRole('button', { name: 'Save', exact: true }).click();
  await drawer.waitFor({ state: 'hidden' });
}

/**
 * Runs a row action of a list: the first one is a button in the row, the others are items of the
 * row's "More actions" menu.
 */
export async function rowAction(page: Page, row: Locator, name: string): Promise<void> {
  const button = row.getByRole('button', { name, exact: true });
  if ((await button.count()) > 0) {
    await button.click();
    return;
  }
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name }).click();
}
