import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { FormDrawer, ListPage } from '../pages/list-page.js';
import { Shell } from '../pages/shell.js';

const PATH = '/site/cabinet-list';

describe('stations', () => {
  test('a merchant places a swap station by clicking the map, filters by area, and opens the station', async ({ page }) => {
    const stamp = Date.now().toString(36).toUpperCase();
    await new Shell(page).startSignedIn('merchant');
    const list = new ListPage(page, PATH);
    await list.open();
    // Demo Agent's own swap stations around Jakarta, and none of another owner's.
    await list.row('Kemang station').waitFor();
    expect(await list.row('hub').count()).toBe(0);
    const map = page.getByRole('region', { name: 'Map of the stations' });
    await expect.poll(() => map.getAttribute('data-base-layer'), { timeout: 20_000 }).toBe('outline');

    // Add one: the position is a click on the map, the area follows from it.
    const name = `E2E station ${stamp}`;
    await page.getByRole('button', { name: 'Add swap station' }).click();
    const drawer = new FormDrawer(page);
    await drawer.fill({ Name: name, Address: 'Jl. Thamrin 1', 'Responsible person': 'Dewi' });
    await drawer.save();
    await drawer.shows('Latitude is required');
    const picker = drawer.locator.getByRole('region', { name: 'Map: click to place the station' });
    await expect.poll(() => picker.getAttribute('data-base-layer'), { timeout: 20_000 }).toBe('outline');
    await picker.scrollIntoViewIfNeeded();
    const box = (await picker.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(async () => Number(await drawer.field('Latitude').inputValue())).toBeCloseTo(-6.2, 1);
    expect(Number(await drawer.field('Longitude').inputValue())).toBeCloseTo(106.82, 1);
    await drawer.saveAndClose();
    await list.row(name).getByText('Jakarta').waitFor(); // its area: a city of DKI Jakarta, or the province
    await list.row(name).getByText('Ready to deploy').waitFor();

    // The area filter: the stations inside South Jakarta's outline, on the map as in the list.
    await list.search({ Area: 'South Jakarta (ID-JK-SEL)' });
    await list.row(name).waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await page.getByText(/^On the map: \d+$/).textContent()) === `On the map: ${await list.rows().count()}`)
      .toBe(true);
    await list.open();

    // The new station's detail: its place on the map and the cabinets standing in it (none yet).
    await list.row(name).getByRole('link', { name }).click();
    const cabinets = page.locator('.ant-card', { hasText: 'Cabinets in this station' });
    await cabinets.getByRole('columnheader', { name: 'Swappable batteries' }).waitFor();
    await page.getByRole('region', { name: `Map of ${name}` }).waitFor();
    await checkA11y(page);

    // A cabinet joins the new station from the cabinet form, sold by the merchant; the list names both and opens the station.
    const number = `CE2E${stamp}`;
    const cabinetList = new ListPage(page, '/product/cabinet/list');
    await cabinetList.open();
    const form = await cabinetList.startAdd('Add', { Number: number, Type: 'Swap Cabinet 8 (SC8)', Station: name, Seller: 'Demo Agent' });
    await form.saveAndClose();
    // The seller is a merchant (the merchant's staff may name their own): its name beside the owner's.
    await cabinetList.row(number).waitFor();
    expect(await cabinetList.row(number).getByRole('cell', { name: 'Demo Agent', exact: true }).count()).toBe(2);
    await cabinetList.row(number).getByRole('link', { name }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/site/cabinet-detail/'));
    await cabinets.getByRole('link', { name: number }).waitFor();
  });
});
