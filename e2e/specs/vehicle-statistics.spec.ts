import type { Page } from 'playwright-core';
import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { Shell } from '../pages/shell.js';

/** Waits until nothing is loading (axe would judge a half-faded spinner). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.ant-btn-loading, .ant-spin-spinning, .ant-skeleton'));
}

const summary = (page: Page, label: string) =>
  page.locator('.ant-descriptions-item-label', { hasText: label }).locator('xpath=following-sibling::td[1]');

// The demo drives VBK00361 between its owner's Bangkok stations for six days and serves it a swap
// at a stop whenever its charge runs low (docs/stations-and-maps.md).
describe('vehicle statistics', () => {
  test('a demo vehicle’s swaps, distance and charge per day as charts, its busiest days, another period', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    await page.goto('/product/vehicle/list');
    const form = page.getByRole('search');
    await form.getByLabel('Number', { exact: true }).fill('VBK00361');
    await form.getByRole('button', { name: 'Search' }).click();
    const row = page.locator('.ant-table-row', { hasText: 'VBK00361' });
    await row.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Statistics' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/product/vehicle/dashboard/'));
    await page.getByRole('heading', { name: 'Statistics of VBK00361', level: 1 }).waitFor();

    // The last 30 days: swaps on several days, distance every day it drove, the charge it used.
    await expect.poll(async () => Number(await summary(page, 'Swaps').textContent())).toBeGreaterThan(5);
    expect(await summary(page, 'Distance').textContent()).toMatch(/^[\d.,]+ km$/);
    expect(await summary(page, 'Charge used').textContent()).toMatch(/^[\d.,]+ %$/);
    for (const name of ['Swaps per day', 'Distance per day \\(km\\)', 'Charge used per day \\(%\\)'])
      await page.getByRole('img', { name: new RegExp(`^${name} over 30 days, at most [\\d.,]+`) }).waitFor();
    const busiest = page.locator('.ant-table-row');
    await expect.poll(() => busiest.count()).toBeGreaterThan(2);
    expect(await busiest.count()).toBeLessThanOrEqual(10);
    const counts = await busiest.locator('td:nth-child(2)').allTextContents();
    expect(counts.map(Number)).toEqual([...counts.map(Number)].sort((a, b) => b - a));

    // Another period: the last seven days.
    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toLocaleDateString('en-CA');
    await page.getByPlaceholder('Start').click();
    await page.getByPlaceholder('Start').fill(day(6));
    await page.getByPlaceholder('End').fill(day(0));
    await page.getByPlaceholder('End').press('Enter');
    await page.getByRole('img', { name: /^Swaps per day over 7 days/ }).waitFor();
    await settled(page);
    await checkA11y(page);
  });
});
