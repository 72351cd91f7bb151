import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { AppointmentListPage, settled, SwapListPage } from '../pages/swap-pages.js';
import { Shell } from '../pages/shell.js';

describe('swap records and reservations', () => {
  test('the swap list finds failed swaps and shows a swap’s batteries, charge and failure', async ({ page }) => {
    await new Shell(page).signIn('admin');
    const swaps = new SwapListPage(page);
    await swaps.open();
    expect(await swaps.rows().count()).toBe(20);

    // axe runs after the search: its check freezes the dropdown animations the filters use.
    await swaps.search({ select: { Result: 'Failed' } });
    const failed = swaps.rows();
    await failed.first().waitFor();
    const count = await failed.count();
    expect(count).toBeGreaterThan(0);
    expect(await failed.getByText('Failed', { exact: true }).count()).toBe(count);
    await checkA11y(page);

    await swaps.viewFirst();
    await page.getByRole('heading', { name: /^Swap record \d+$/, level: 1 }).waitFor();
    for (const card of ['Swap', 'Battery handed out', 'Battery returned']) await page.getByText(card, { exact: true }).first().waitFor();
    // The device failure is shown as the catalogue's text, not as a code.
    await page
      .getByText(/Failed to open the door|Battery detection failed|Failed to read the battery ID/)
      .first()
      .waitFor();
    await settled(page);
    await checkA11y(page);
  });

  test('the reservation list shows the held compartment, its detail, and a refused reservation', async ({ page }) => {
    await new Shell(page).signIn('admin');
    const reservations = new AppointmentListPage(page);
    await reservations.open();
    await reservations.search({ select: { Status: 'Reserved' } });
    await reservations.rows().first().getByText('Reserved', { exact: true }).waitFor();
    await checkA11y(page);
    await reservations.viewFirst();
    await page.getByRole('heading', { name: /^Reservation \d+$/, level: 1 }).waitFor();
    await page.getByText('Cabinet and compartment', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Cancel reservation' }).waitFor();
    await settled(page);
    await checkA11y(page);

    await reservations.open();
    const drawer = await reservations.startReservation('CNOPE999', 1, 'C99999');
    await settled(page);
    await checkA11y(page);
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Cabinet does not exist').first().waitFor();
    await drawer.getByRole('button', { name: 'Cancel' }).click();
  });
});
