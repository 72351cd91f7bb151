import fs from 'node:fs';
import { describe, expect, test } from '../support/fixtures.js';
import { auditLogApi } from '@swap/contracts';
import { Shell } from '../pages/shell.js';
import { apiRequest } from '../support/api.js';

describe('menu export and import', () => {
  test('an import asks first; cancelling changes nothing and confirming reports the counts', async ({ page }) => {
    const shell = new Shell(page);
    await shell.startSignedIn('admin');
    await page.goto('/system/menu/index');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export menus' }).click()]);
    const file = await download.path();
    const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as { menus: unknown[]; resources: unknown[] };

    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    const auditCount = async () => (await apiRequest(token, auditLogApi.search, { action: 'menu.import' })).total;
    const before = await auditCount();

    await page.locator('input[type=file]').setInputFiles(file);
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Import ${exported.menus.length} menus and ${exported.resources.length} resources?`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').filter({ visible: true }).count()).toBe(0);
    expect(await auditCount()).toBe(before);

    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByRole('dialog').filter({ visible: true }).getByRole('button', { name: 'Confirm' }).click();
    await page.locator('.ant-modal-confirm-title').filter({ hasText: 'Menus imported' }).waitFor();
    expect(await auditCount()).toBe(before + 1);
  });
});
