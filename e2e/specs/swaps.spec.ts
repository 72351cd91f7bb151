import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { AppointmentListPage, settled, SwapListPage } from '../pages/swap-pages.js';
import { Shell } from '../pages/shell.js';
import { CabinetDetailPage } from '../pages/cabinet-detail-page.js';
import { swapApi, type AnswerOf } from '@swap/contracts';
import { apiRequest, apiToken } from '../support/api.js';

type Swaps = AnswerOf<typeof swapApi.search>;

describe('swap records and reservations', () => {
  test('the swap list finds failed swaps and shows a swap’s batteries, charge and failure', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    const swaps = new SwapListPage(page);
    await swaps.open();
    await expect.poll(() => swaps.rows().count(), { timeout: 15_000 }).toBe(20);
    await page.getByRole('columnheader', { name: 'Vehicle served' }).waitFor();

    // axe runs after the search: its check freezes the dropdown animations the filters use.
    await swaps.search({ select: { Result: 'Failed' } });
    const failed = swaps.rows();
    // The page shows the search's answer once every row it lists is a failed swap.
    const allFailed = async () => {
      const count = await failed.count();
      return count > 0 && (await failed.getByText('Failed', { exact: true }).count()) === count;
    };
    await expect.poll(allFailed, { timeout: 15_000 }).toBe(true);
    await checkA11y(page);

    await swaps.viewFirst();
    await page.getByRole('heading', { name: /^Swap record \d+$/, level: 1 }).waitFor();
    for (const card of ['Swap', 'Battery handed out', 'Battery returned', 'Vehicle served'])
      await page.getByText(card, { exact: true }).first().waitFor();
    // The device failure is shown as the catalogue's text, not as a code.
    await page
      .getByText(/Failed to open the door|Battery detection failed|Failed to read the battery ID/)
      .first()
      .waitFor();
    await settled(page);
    await checkA11y(page);
  });

  test('the reservation list shows the held compartment, its detail, and a refused reservation', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
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

  test('a cabinet’s detail shows its swaps, newest first, with the failure and a link to its full list', async ({ page }) => {
    // A seeded failed swap and its cabinet (setup through the API; the check goes through the browser).
    const token = await apiToken();
    const failures = (await apiRequest(token, swapApi.search, { result: 'FAILED', size: 50 })).records;
    let failed: Swaps['records'][number] | undefined;
    let ofCabinet: Swaps | undefined;
    // One whose cabinet's first page (10 rows on the card) holds it.
    for (const candidate of failures) {
      const listed = await apiRequest(token, swapApi.search, {
        cabinetId: candidate.cabinetId,
        size: 10,
      });
      if (listed.records.some((r) => r.id === candidate.id)) {
        [failed, ofCabinet] = [candidate, listed];
        break;
      }
    }
    if (!failed || !ofCabinet) throw new Error('no seeded failed swap on the first page of its cabinet');

    await new Shell(page).startSignedIn('admin');
    const detail = new CabinetDetailPage(page, failed.cabinetId);
    await detail.open();
    const card = detail.swapsCard();
    await card.locator('.ant-table-row').first().waitFor();
    // Newest first: the card's first row is the cabinet's latest swap.
    await card
      .locator('.ant-table-row')
      .first()
      .getByRole('link', { name: String(ofCabinet.records[0]!.id), exact: true })
      .waitFor();
    const row = card.locator('.ant-table-row', { has: page.getByRole('link', { name: String(failed.id), exact: true }) });
    await row.getByText('Failed', { exact: true }).waitFor();
    await row.getByText(/Failed to open the door|Battery detection failed|Failed to read the battery ID/).waitFor();
    expect(await card.locator('.ant-table-row').count()).toBe(Math.min(10, ofCabinet.total));
    await settled(page);
    await checkA11y(page);

    await card.getByRole('link', { name: `All swaps of ${failed.cabinetNumber}` }).click();
    const list = new SwapListPage(page);
    await page.waitForURL((url) => url.pathname === list.path);
    await list.waitUntilShown();
    expect(await page.getByRole('search').getByLabel('Cabinet number', { exact: true }).inputValue()).toBe(failed.cabinetNumber);
    const rows = list.rows();
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.filter({ hasText: failed.cabinetNumber }).count()).toBe(await rows.count());
  });
});
