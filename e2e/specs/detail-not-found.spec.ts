import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { RecordDetailPage } from '../pages/detail-page.js';
import { Shell } from '../pages/shell.js';
import { batteryApi } from '@swap/contracts';
import { apiRequest, apiToken } from '../support/api.js';
import { createBatteryType, createMerchant } from '../support/factories.js';

/** Larger than any id the server hands out, still a valid id. */
const MISSING_ID = 2_000_000_000;

describe('detail page of a record that does not exist', () => {
  test('says the record does not exist, without an error notification or a retry; Back leads to the list', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    const battery = new RecordDetailPage(page, `/product/battery/detail/${MISSING_ID}`);
    await battery.open();
    // The server's own words for the missing battery, in the user's language.
    await battery.notFound.getByText('Battery does not exist', { exact: true }).waitFor();
    expect(await battery.heading().innerText()).toBe('Battery detail');
    // A failed read would have notified by now (the notification comes before the page's state).
    await page.waitForTimeout(500);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await page.getByText('could not be loaded', { exact: false }).count()).toBe(0);
    expect(await battery.notifications.count()).toBe(0);
    // No action of a loaded battery is offered.
    expect(await page.getByRole('button', { name: /Edit|Scrap/ }).count()).toBe(0);
    await checkA11y(page);

    await battery.back().click();
    await battery.waitForPath('/product/battery/list');

    // A reservation, and an id that cannot be one, are told the same way.
    const reservation = new RecordDetailPage(page, `/business/appointment/detail/${MISSING_ID}`);
    await reservation.open();
    await reservation.notFound.getByText('Reservation does not exist', { exact: true }).waitFor();
    const merchant = new RecordDetailPage(page, '/system/merchant/detail/not-a-number');
    await merchant.open();
    await merchant.notFound.getByText('Record does not exist', { exact: true }).waitFor();
    expect(await merchant.notifications.count()).toBe(0);
  });

  test('another merchant’s record is shown as not existing to a merchant’s staff', async ({ page }) => {
    // A battery in the platform's own stock: the platform sees it, a merchant's administrator does not.
    const admin = await apiToken('admin');
    const merchant = await createMerchant();
    const type = await createBatteryType();
    const battery = await apiRequest(admin, batteryApi.add, { number: 'BNF4820001', typeId: type.id });

    await new Shell(page).signIn(merchant.admin.username, merchant.admin.password);
    const detail = new RecordDetailPage(page, `/product/battery/detail/${battery.id}`);
    await detail.open();
    await detail.notFound.getByText('Battery does not exist', { exact: true }).waitFor();
    expect(await detail.notifications.count()).toBe(0);
  });
});
