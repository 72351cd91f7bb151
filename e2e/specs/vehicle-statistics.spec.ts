import type { Page } from 'playwright-core';
import { checkA11y } from '../support/a11y.js';
import { createDeviceWithHistory, serveSwaps } from '../support/fleet.js';
import { describe, expect, test } from '../support/fixtures.js';
import { Shell } from '../pages/shell.js';
import { rowAction } from '../pages/antd.js';

/** Waits until nothing is loading (axe would judge a half-faded spinner). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.ant-btn-loading, .ant-spin-spinning, .ant-skeleton'));
}

const summary = (page: Page, label: string) =>
  page.locator('.ant-descriptions-item-label', { hasText: label }).locator('xpath=following-sibling::td[1]');

const DAY = 86_400_000;

// A vehicle driving around Bangkok for six days (its history uploaded as its backlog), served seven
// swaps on five of those days by a cabinet the spec runs (docs/stations-and-maps.md).
describe('vehicle statistics', () => {
  test('a vehicle’s swaps, distance and energy per day as charts, its busiest days, another period, and the statistics centre’s search', async ({
    page,
  }) => {
    const vehicle = await createDeviceWithHistory('vehicle', { centre: { lat: 13.75, lng: 100.52 } });
    const now = Date.now();
    await serveSwaps(
      vehicle.number,
      [5, 4.1, 4, 3, 2.1, 2, 1].map((days) => new Date(now - days * DAY)),
    );
    await new Shell(page).startSignedIn('admin');
    await page.goto('/product/vehicle/list');
    const form = page.getByRole('search');
    await form.getByLabel('Number', { exact: true }).fill(vehicle.number);
    await form.getByRole('button', { name: 'Search' }).click();
    const row = page.locator('.ant-table-row', { hasText: vehicle.number });
    await rowAction(page, row, 'Statistics');
    await page.waitForURL((url) => url.pathname.startsWith('/product/vehicle/dashboard/'));
    await page.getByRole('heading', { name: `Statistics of ${vehicle.number}`, level: 1 }).waitFor();

    // The last 30 days: swaps on several days, distance every day it drove, the charge it used.
    await expect.poll(async () => Number(await summary(page, 'Swaps').textContent())).toBeGreaterThan(5);
    expect(await summary(page, 'Distance').textContent()).toMatch(/^[\d.,]+ km$/);
    // The charge it used as energy: kWh, by one pack of its type.
    expect(await summary(page, 'Energy used').textContent()).toMatch(/^[\d.,]+ kWh$/);
    expect(await summary(page, 'Energy of one pack').textContent()).toMatch(/^[\d.,]+ kWh \(the vehicle type’s rating\)$/);
    for (const name of ['Swaps per day', 'Distance per day \\(km\\)', 'Energy used per day \\(kWh\\)'])
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

    // The statistics centre's entry finds the vehicle by part of its number and opens the same page.
    await page.goto('/statistics/vehicle');
    const pick = page.getByLabel('Vehicle', { exact: true });
    await pick.click();
    await pick.fill(vehicle.number.slice(-5));
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: vehicle.number }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/product/vehicle/dashboard/'));
    await page.getByRole('heading', { name: `Statistics of ${vehicle.number}`, level: 1 }).waitFor();
  });
});
