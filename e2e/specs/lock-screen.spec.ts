import { describe, expect, test } from '../support/fixtures.js';
import { Shell } from '../pages/shell.js';
import { createMerchant } from '../support/factories.js';

describe('lock screen', () => {
  test('locks from the user menu, hides the page, refuses a wrong password and unlocks back to the page', async ({ page }) => {
    const { admin } = await createMerchant();
    const shell = new Shell(page);
    await shell.startSignedIn(admin.username, admin.password);
    await page.goto('/system/admin/list?current=1');
    await page.getByRole('table').waitFor();

    await page.getByTitle('User menu').click();
    await page.getByRole('menuitem', { name: 'Lock screen' }).click();
    await page.waitForURL((url) => url.pathname === '/session/lock-screen');
    await page.getByRole('heading', { name: 'Screen locked' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    // Any signed-in page stays hidden while locked, also opened by its address.
    await page.goto('/system/admin/list');
    await page.waitForURL((url) => url.pathname === '/session/lock-screen');

    await page.getByLabel('Password', { exact: true }).fill('Not-The-Password-1');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText('Wrong password: 4 tries left before you are signed out').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.waitForURL((url) => url.pathname === '/system/admin/list' && url.search === '?current=1');
    await page.getByRole('table').waitFor();
  });
});
