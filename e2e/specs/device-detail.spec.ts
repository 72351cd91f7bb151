import type { Page } from 'playwright-core';
import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { batteryApi } from '@swap/contracts';
import { DeviceDetailPage } from '../pages/device-detail-pages.js';
import { apiRequest, apiToken } from '../support/api.js';
import { createBatteryType } from '../support/factories.js';
import { Shell } from '../pages/shell.js';

/** Waits until no list or button is still loading (axe would judge a half-faded spinner). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.ant-btn-loading, .ant-spin-spinning, .ant-skeleton'));
}

describe('device detail', () => {
  test('sets a cabinet’s factory date and purchase time with the date fields', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    const cabinet = new DeviceDetailPage(page, 'cabinet');
    await cabinet.openFromList();
    const drawer = await cabinet.edit();
    await cabinet.pickDate(drawer, 'Factory date', '2024-07-15');
    await cabinet.pickDate(drawer, 'Purchase time', '2026-03-09 14:30:00');
    expect(await drawer.getByLabel('Purchase time', { exact: true }).inputValue()).toBe('2026-03-09 14:30:00');
    await cabinet.save(drawer);
    // Shown back in the browser's zone exactly as picked (it went to the API as UTC and returned), written the English way with its zone.
    await cabinet
      .value('Purchase time')
      .getByText(/^09\/03\/2026, 14:30:00 UTC/)
      .waitFor();
    await cabinet.value('Factory date').getByText('15/07/2024', { exact: true }).waitFor();

    // Opening the form again shows the stored values in the pickers.
    const again = await cabinet.edit();
    await again.getByLabel('Factory date', { exact: true }).waitFor();
    expect(await again.getByLabel('Factory date', { exact: true }).inputValue()).toBe('2024-07-15');
    expect(await again.getByLabel('Purchase time', { exact: true }).inputValue()).toBe('2026-03-09 14:30:00');
    // The date-time panel open in the form, checked last (axe freezes closing animations).
    await again.getByLabel('Purchase time', { exact: true }).click();
    await page.locator('.ant-picker-dropdown:visible').waitFor();
    await page.mouse.move(0, 0);
    await settled(page);
    // The panel too: its time columns take keyboard focus and its other months' days are legible.
    await checkA11y(page);
  });

  test('issues a device secret shown once, and shows since when the device has it', async ({ page }) => {
    // A battery of its own: the list's newest ones belong to specs running beside this one.
    const admin = await apiToken('admin');
    const stamp = Date.now().toString().slice(-6);
    const type = await createBatteryType();
    const own = await apiRequest(admin, batteryApi.add, { number: `BDS${stamp}`, typeId: type.id });
    await new Shell(page).startSignedIn('admin');
    const battery = new DeviceDetailPage(page, 'battery');
    await battery.openById(own.id);
    const card = battery.credentialCard();
    await card.getByText(/^(Issued|Not issued)$/).waitFor();

    let dialog = await battery.issueSecret();
    await dialog.getByText('it cannot be shown again', { exact: false }).waitFor();
    const secret = (await dialog.getByTestId('device-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'I have stored it' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await card.getByText('Issued', { exact: true }).waitFor();
    expect(await battery.value('Issued at').innerText()).toMatch(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} UTC/);
    // The secret is nowhere on the page once the dialog is closed.
    expect(await page.getByText(secret).count()).toBe(0);

    // Issuing again replaces it: a new secret, asked about as a replacement.
    dialog = await battery.issueSecret();
    const replaced = (await dialog.getByTestId('device-secret').innerText()).trim();
    expect(replaced).not.toBe(secret);
    // Last: the axe check freezes the dialogs' closing animations.
    await settled(page);
    await checkA11y(page);
  });

  test('marks a vehicle sold and unsold from its detail page', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    const vehicle = new DeviceDetailPage(page, 'vehicle');
    await page.goto('/product/vehicle/list');
    await page.locator('.ant-table-row').first().waitFor();
    const row = page.locator('.ant-table-row', { hasText: 'Rent or sale' }).filter({ hasText: 'Unsold' }).first();
    const number = (await row.locator('a').first().innerText()).trim();
    await vehicle.openFromList(number);
    await page.getByRole('button', { name: 'Mark sold' }).click();
    await page.getByText(`Mark vehicle ${number} as sold?`).waitFor();
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: 'Confirm' }).click();
    await vehicle.value('Sold').getByText('Sold', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Mark unsold' }).click();
    await page.getByText(`Mark vehicle ${number} as unsold?`).waitFor();
    // Last: the axe check freezes the dialogs' closing animations.
    await settled(page);
    await checkA11y(page);
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: 'Confirm' }).click();
    await vehicle.value('Sold').getByText('Unsold', { exact: true }).waitFor();
  });

  test('marks selected vehicles sold from the list', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    await page.goto('/product/vehicle/list');
    await page.locator('.ant-table-row').first().waitFor();
    // One select-all box, in the header the user sees.
    expect(await page.locator('thead .ant-table-selection-column input[type="checkbox"]').count()).toBe(1);
    const candidates = page.locator('.ant-table-row', { hasText: 'Rent or sale' }).filter({ hasText: 'Unsold' });
    const numbers: string[] = [];
    for (let i = 0; i < 2; i++) {
      const row = candidates.nth(i);
      numbers.push((await row.locator('a').first().innerText()).trim());
      await row.locator('.ant-table-selection-column input[type="checkbox"]').check();
    }
    await page.getByText('2 selected', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Mark sold' }).click();
    await page.getByText('Mark the selected vehicles as sold?').waitFor();
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Sale status updated').first().waitFor();
    for (const number of numbers) await page.locator('.ant-table-row', { hasText: number }).getByText('Sold', { exact: true }).waitFor();
  });
});
