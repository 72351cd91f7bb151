import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { rowAction } from '../pages/antd.js';
import { ListPage } from '../pages/list-page.js';
import { Shell } from '../pages/shell.js';
import { areaApi } from '@swap/contracts';
import { apiRequest, apiToken } from '../support/api.js';
import { createMerchant } from '../support/factories.js';

const PATH = '/system/area/list';

describe('areas', () => {
  test('draw a city on the map with no tile server, find it, edit it and remove it with a confirmation', async ({ page }) => {
    const stamp = Date.now().toString(36).toUpperCase();
    // A province of this test around Jakarta (the drawer's map fits it) with one city outlined (three corners).
    const platform = await apiToken('admin');
    const province = `E2E province ${stamp}`;
    const square: [number, number][] = [
      [106.6, -6.5],
      [107.1, -6.5],
      [107.1, -6.0],
      [106.6, -6.0],
      [106.6, -6.5],
    ];
    const { id: provinceId } = await apiRequest(platform, areaApi.add, {
      code: `EP-${stamp}`,
      name: province,
      type: 'PROVINCE',
      polygon: square,
    });
    const outlined = `E2E town ${stamp}`;
    const triangle: [number, number][] = [
      [106.8, -6.2],
      [106.9, -6.2],
      [106.85, -6.1],
      [106.8, -6.2],
    ];
    await apiRequest(platform, areaApi.add, { code: `ET-${stamp}`, name: outlined, type: 'CITY', provinceId, polygon: triangle });
    await new Shell(page).startSignedIn('admin');
    const list = new ListPage(page, PATH);
    await list.open();
    await list.search({ Name: stamp });
    await list.row(outlined).getByText('3 points').waitFor();

    const name = `E2E city ${stamp}`;
    const drawer = await list.startAdd('Add area', { Code: `E2E-${stamp}`, Name: name, Type: 'City' });
    await drawer.save();
    // Told beside the province field, not as a general error.
    await expect.poll(() => drawer.fieldError('Province')).toBe('Province is required');
    expect(await page.getByText("A city's province must be an existing province", { exact: false }).count()).toBe(0);
    await drawer.fill({ Province: `${province} (EP-${stamp})` });

    // The test server runs offline with no MAP_TILE_URL: the map draws the bundled country outlines.
    const map = drawer.locator.getByRole('region', { name: 'Map of the area' });
    await expect.poll(() => map.getAttribute('data-base-layer'), { timeout: 20_000 }).toBe('outline');
    expect(await map.locator('.leaflet-outline-pane path').count()).toBeGreaterThan(0);
    await map.locator('.leaflet-control-scale-line').first().waitFor();

    // Draw a triangle plus one: a click per corner, then the first corner again closes it.
    await drawer.locator.getByRole('button', { name: 'Draw outline' }).click();
    const box = (await map.boundingBox())!;
    const corners: [number, number][] = [
      [0.4, 0.4],
      [0.6, 0.4],
      [0.6, 0.6],
      [0.4, 0.6],
      [0.4, 0.4],
    ];
    for (const [x, y] of corners) await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    await drawer.shows('4 points');
    await drawer.saveAndClose();
    await list.row(name).getByText('4 points').waitFor();
    await list.row(name).getByText(province).waitFor();

    await list.search({ Name: name });
    await expect.poll(() => list.rows().count(), { timeout: 15_000 }).toBe(1);
    await list.search({ Name: stamp, Type: 'Province' });
    await list.row(name).waitFor({ state: 'detached' });
    await list.row(province).waitFor();
    await list.open();
    await list.search({ Name: stamp });

    await list.edit(name, { Name: `${name} moved` });
    await list.row(`${name} moved`).getByText('4 points').waitFor();

    // A province with cities stays: the server says why.
    const withCities = page.getByRole('row', { name: new RegExp(`^EP-${stamp} `) });
    await rowAction(page, withCities, 'Delete');
    await page.locator('.ant-popover:visible, .ant-modal-confirm:visible').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('This province still has cities: remove them or move them to another province first').first().waitFor();
    await withCities.waitFor();

    await list.remove(`${name} moved`, 'Cancel');
    expect(await list.row(`${name} moved`).count()).toBe(1);
    await list.remove(`${name} moved`, 'Confirm');
    await list.row(`${name} moved`).waitFor({ state: 'detached' });

    // The drawer's map is keyboard-reachable and passes the check too.
    await list.action(outlined, 'Edit');
    await expect
      .poll(() => page.getByRole('region', { name: 'Map of the area' }).getAttribute('data-base-layer'), { timeout: 20_000 })
      .toBe('outline');
    // Last: the check stops animations, which would keep the next dropdown from opening.
    await checkA11y(page);
  });

  test('a merchant’s administrator granted every area code reads the areas, with no Add, Edit or Remove', async ({ page }) => {
    const stamp = Date.now().toString(36).toUpperCase();
    const name = `E2E province ${stamp}`;
    await apiRequest(await apiToken('admin'), areaApi.add, { code: `P-${stamp}`, name, type: 'PROVINCE' });
    const { admin } = await createMerchant({ menuCodes: ['admin.area'] });
    await new Shell(page).signIn(admin.username, admin.password);
    const list = new ListPage(page, PATH);
    await list.open();
    await list.search({ Name: stamp });
    await list.row(name).waitFor();
    // The server refuses a merchant's writes of platform data, so the screen offers none; Export stays.
    await page.getByRole('button', { name: 'Export' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add area' }).count()).toBe(0);
    expect(await list.columnHeader('Actions').count()).toBe(0);
    expect(await list.row(name).getByRole('button').count()).toBe(0);
  });
});
