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

/**
 * Closes a select's dropdown left open in a drawer or dialog by clicking its title: a multiple
 * select keeps its dropdown open after a pick, and a long one covers the form's buttons.
 */
export async function closeOpenDropdown(page: Page, form: Locator): Promise<void> {
  if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) return;
  // A click outside closes it; the button's click then waits while its closing dropdown still covers it.
  await form.locator('.ant-drawer-title, .ant-modal-title').first().click();
}

/** Waits for the success message a saved form shows, then for the drawer to close. */
export async function saveDrawer(page: Page, drawer: Locator): Promise<void> {
  await closeOpenDropdown(page, drawer);
  await drawer.getByRole('button', { name: 'Save', exact: true }).click();
  await drawer.waitFor({ state: 'hidden' });
}

/**
 * A row's "More actions" menu, opened and settled: shown and past antd's opening animation. A menu
 * still moving in, or an earlier one fading out with the same items, may let a click through to
 * nothing.
 */
export async function openRowMenu(page: Page, row: Locator, moreActions = 'More actions'): Promise<Locator> {
  await row.getByRole('button', { name: moreActions }).click();
  const menu = page.locator('.ant-dropdown:visible:not([class*="-enter"]):not([class*="-appear"]):not([class*="-leave"])');
  await menu.waitFor();
  return menu;
}

/**
 * Runs a row action of a list: the first one is a button in the row, the others are items of the
 * row's "More actions" menu. A chosen item closes the menu; a menu still open after a click did not
 * take it, and the item is clicked again (at most three times). In another language, `moreActions`
 * is the menu button's name in it.
 */
export async function rowAction(page: Page, row: Locator, name: string, moreActions?: string): Promise<void> {
  const button = row.getByRole('button', { name, exact: true });
  // The row first: while a search reloads the table, counting its buttons would find none and
  // send the first action to the menu, which does not hold it.
  await row.first().waitFor();
  if ((await button.count()) > 0) {
    await button.click();
    return;
  }
  const menu = await openRowMenu(page, row, moreActions);
  for (let attempt = 1; ; attempt += 1) {
    await menu.getByRole('menuitem', { name }).click();
    try {
      await menu.waitFor({ state: 'hidden', timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Types a value into a date or date-time field of `scope`, as shown (YYYY-MM-DD[ HH:mm:ss]), and confirms it. */
export async function pickDate(page: Page, scope: Locator, label: string, text: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  // A date-time waits for OK; a day is taken as typed when the field is left (Enter would submit the form).
  const ok = page.locator('.ant-picker-dropdown:visible .ant-picker-ok button');
  if (await ok.count()) await ok.click();
  else await input.press('Tab');
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
}
