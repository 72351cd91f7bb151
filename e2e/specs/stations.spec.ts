import { areaApi, cabinetApi, deviceTypeApi, distributionApi, STATION_OPTIONS, stationApi } from '@swap/contracts';
import { DEVICE_TYPE_SAMPLES } from '@swap/contracts/testing';
import { checkA11y } from '../support/a11y.js';
import { apiRequest, apiToken } from '../support/api.js';
import { MERCHANT_ADMIN_MENUS, createMerchant, unique } from '../support/factories.js';
import { describe, expect, test } from '../support/fixtures.js';
import { createStationCabinet, startCabinetDevice } from '../support/fleet.js';
import { FormDrawer, ListPage } from '../pages/list-page.js';
import { MapView } from '../pages/map-view.js';
import { Shell } from '../pages/shell.js';

const PATH = '/site/cabinet-list';

/** A square outline `size` degrees wide centred on (lng, lat), closed. */
const around = (lng: number, lat: number, size: number): [number, number][] => {
  const h = size / 2;
  return [
    [lng - h, lat - h],
    [lng + h, lat - h],
    [lng + h, lat + h],
    [lng - h, lat + h],
    [lng - h, lat - h],
  ];
};

describe('stations', () => {
  test('a merchant places a swap station by clicking the map, filters by area, and opens the station', async ({ page }) => {
    const stamp = Date.now().toString(36).toUpperCase();
    const platform = await apiToken('admin');
    // Areas of its own: a province without an outline, a city around the point the station form's
    // map opens on (Jakarta, 6.2° S 106.82° E), smaller than any other area holding it, and a city elsewhere.
    const province = await apiRequest(platform, areaApi.add, { code: `SP-${stamp}`, name: unique('Province '), type: 'PROVINCE' });
    const centre = { code: `SC-${stamp}`, name: unique('Centre ') };
    await apiRequest(platform, areaApi.add, { ...centre, type: 'CITY', provinceId: province.id, polygon: around(106.82, -6.2, 0.02) });
    const coast = { code: `SK-${stamp}`, name: unique('Coast ') };
    await apiRequest(platform, areaApi.add, { ...coast, type: 'CITY', provinceId: province.id, polygon: around(105.5, -5.5, 0.2) });
    const cabinetType = { code: `SC${stamp}`, name: `Cabinet ${stamp}` };
    await apiRequest(platform, deviceTypeApi.cabinet.add, {
      ...DEVICE_TYPE_SAMPLES.cabinet,
      ...cabinetType,
      description: 'made by a browser spec',
    });
    const merchant = await createMerchant({ menuCodes: [...MERCHANT_ADMIN_MENUS, 'site.cabinet', 'allocation.cabinet'] });
    const other = await createMerchant({ menuCodes: ['site.cabinet'] });
    const station = (name: string) => ({
      name,
      nature: 'SELF_OPERATED' as const,
      address: 'Jl. Pantai 1',
      latitude: -5.5,
      longitude: 105.5,
      responsiblePerson: 'Rina',
      status: 'DEPLOYED' as const,
    });
    const own = unique('Own station ');
    await apiRequest(merchant.admin.token, stationApi.SWAP.add, station(own));
    const others = unique('Other station ');
    await apiRequest(other.admin.token, stationApi.SWAP.add, station(others));

    await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
    const list = new ListPage(page, PATH);
    await list.open();
    // The merchant's own swap station, and none of another owner's.
    await list.row(own).waitFor();
    expect(await list.row(others).count()).toBe(0);
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
    // A click on the locator, not at a measured point: it waits until the map stops moving (the
    // required-field messages above it still slide in under load) and clicks its centre.
    await picker.click();
    await expect.poll(async () => Number(await drawer.field('Latitude').inputValue())).toBeCloseTo(-6.2, 1);
    expect(Number(await drawer.field('Longitude').inputValue())).toBeCloseTo(106.82, 1);
    await drawer.saveAndClose();
    await list.row(name).getByText(centre.name).waitFor(); // its area: the smallest one holding the click
    await list.row(name).getByText('Ready to deploy').waitFor();

    // The area filter: the stations inside the other city's outline, on the map as in the list.
    await list.search({ Area: `${coast.name} (${coast.code})` });
    await list.row(name).waitFor({ state: 'detached' });
    await list.row(own).waitFor();
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

    // A cabinet added from the cabinet form, sold by the merchant, joins the new station by distribution
    // (docs/operation-centre.md, "Distribution"); the list names both and opens the station.
    const number = `CE2E${stamp}`;
    const cabinetList = new ListPage(page, '/product/cabinet/list');
    await cabinetList.open();
    const form = await cabinetList.startAdd('Add', {
      Number: number,
      Type: `${cabinetType.name} (${cabinetType.code})`,
      Seller: merchant.name,
    });
    await form.saveAndClose();
    const [joined] = await apiRequest(merchant.admin.token, STATION_OPTIONS.SWAP, { keyword: name });
    await apiRequest(merchant.admin.token, distributionApi.cabinet.distribute, { numbers: [number], stationId: joined!.id });
    await cabinetList.open();
    // The seller is a merchant (the merchant's staff may name their own): its name beside the owner's.
    await cabinetList.row(number).waitFor();
    expect(await cabinetList.row(number).getByRole('cell', { name: merchant.name, exact: true }).count()).toBe(2);
    // The device lists filter by area: the cabinet stands in the new station, inside the centre city
    // (docs/stations-and-maps.md, "Devices by area"); the other city holds none of it.
    await cabinetList.search({ Area: coast.name });
    await cabinetList.row(number).waitFor({ state: 'detached' });
    await cabinetList.search({ Area: centre.name });
    await cabinetList.row(number).waitFor();
    await cabinetList.row(number).getByRole('link', { name }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/site/cabinet-detail/'));
    await cabinets.getByRole('link', { name: number }).waitFor();

    // The cabinet list filtered by station: the choice is searched on the server as the user types,
    // and kept in the address as the station's id, which alone names the station again.
    await cabinetList.open();
    await cabinetList.search({ Station: name });
    await page.waitForURL((url) => url.searchParams.get('stationId') === String(joined!.id));
    await cabinetList.row(number).waitFor();
    expect(await cabinetList.rows().count()).toBe(1);
    await page.reload();
    // The Station filter the address sets is in sight: the fold opened by itself.
    await page.getByRole('button', { name: 'Fewer filters', expanded: true }).waitFor();
    await page.locator('form').first().getByText(`${name} · Swap station`).waitFor();
    await cabinetList.row(number).waitFor();
    // The choice's type words follow a language switch at once (choices are kept per language).
    await new Shell(page).switchLanguage('Bahasa Indonesia');
    await page.locator('form').first().getByText(`${name} · Stasiun tukar`).waitFor();
    await new Shell(page).switchLanguage('English');

    // Platform staff name another merchant as the cabinet's seller: the merchant's staff see "Another
    // merchant" in the list and in the form's select, never that merchant's name.
    const [cabinet] = (await apiRequest(platform, cabinetApi.search, { number })).records;
    await apiRequest(platform, cabinetApi.edit, { id: cabinet!.id, sellerId: other.id });
    await cabinetList.open();
    await cabinetList.row(number).getByRole('cell', { name: 'Another merchant', exact: true }).waitFor();
    expect(await cabinetList.row(number).getByText(other.name).count()).toBe(0);
    await cabinetList.action(number, 'Edit');
    const seller = new FormDrawer(page).locator.locator('.ant-form-item').filter({ has: page.getByText('Seller', { exact: true }) });
    await seller.getByText('Another merchant', { exact: true }).waitFor();
    expect(await seller.getByText(String(other.id), { exact: true }).count()).toBe(0);
    // Two screens, a map form and a cabinet form: longer than the default on a busy machine.
  }, 180_000);

  test('the stations map pans and zooms: a group of nearby stations splits into its stations', async ({ page }) => {
    const merchant = await createMerchant({ menuCodes: [...MERCHANT_ADMIN_MENUS, 'site.cabinet'] });
    const place = (name: string, latitude: number, longitude: number) =>
      apiRequest(merchant.admin.token, stationApi.SWAP.add, {
        name,
        nature: 'SELF_OPERATED',
        address: 'Jl. Sudirman',
        latitude,
        longitude,
        responsiblePerson: 'Rina',
        status: 'DEPLOYED',
      });
    // Four stations a few hundred metres apart in Jakarta, one 110 km away; the fourth has a cabinet
    // that is online, the others none (offline).
    const at = (k: number) => ({ latitude: -6.2 + 0.003 * (k % 2), longitude: 106.82 + 0.003 * Math.floor(k / 2) });
    const near = [0, 1, 2].map((k) => unique(`Near ${k} `));
    for (const [k, name] of near.entries()) await place(name, at(k).latitude, at(k).longitude);
    const far = unique('Far ');
    await place(far, -5.5, 105.5);
    const { stationName, cabinet } = await createStationCabinet(merchant, at(3));
    near.push(stationName);
    const fleet = await startCabinetDevice(cabinet);
    try {
      const platform = await apiToken('admin');
      const online = async () => (await apiRequest(platform, cabinetApi.search, { number: cabinet.number })).records[0]?.online;
      await expect.poll(online, { timeout: 15_000 }).toBe(true);

      await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
      await new ListPage(page, PATH).open();
      const map = new MapView(page, 'Map of the stations');
      await page.getByText('On the map: 5', { exact: true }).waitFor();
      // Fitted to all five: the four near ones are one group, named with their states (the states may
      // come a moment after the group is drawn); the far one stands alone.
      await expect.poll(() => map.groupName(4)).toBe('4 places here (1 online, 3 offline, 0 in alarm): zoom in');
      const group = map.group(4);
      await map.marker(far).waitFor();
      for (const name of near) expect(await map.marker(name).count()).toBe(0);

      // Activating the group zooms to where it splits: each near station on its own, the far one out of view.
      await group.focus();
      await page.keyboard.press('Enter');
      for (const name of near) await map.marker(name).waitFor();
      await expect.poll(() => map.marker(far).count()).toBe(0);
      expect(await map.groups().count()).toBe(0);

      // Panning with the arrow keys moves the stations across the view.
      const before = (await map.marker(near[0]!).boundingBox())!;
      await map.locator.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(async () => (await map.marker(near[0]!).boundingBox())!.x).toBeLessThan(before.x - 40);

      // Zooming out with "-" groups them again.
      await expect
        .poll(
          async () => {
            await map.locator.focus();
            await page.keyboard.press('Minus');
            return group.count();
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      for (const name of near) expect(await map.marker(name).count()).toBe(0);
    } finally {
      await fleet.stop();
    }
  });
});
