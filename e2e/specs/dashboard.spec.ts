import { STATION_TYPES, stationMapPath } from '@swap/contracts';
import { describe, expect, test } from '../support/fixtures.js';
import { createStationCabinet, serveSwaps, startCabinetDevice } from '../support/fleet.js';
import { createMerchant, unique } from '../support/factories.js';
import { checkA11y } from '../support/a11y.js';
import { DashboardPage, type SeenTile } from '../pages/dashboard-page.js';
import { Shell } from '../pages/shell.js';

describe('dashboard', () => {
  test('a swap a simulated cabinet reports moves the open dashboard’s swap count, without a reload', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    const dashboard = new DashboardPage(page);
    const requests = dashboard.recordRequests();
    await dashboard.open();
    await dashboard.waitUntilLive();
    for (const title of ['Figures', 'Trends', 'Rankings']) await dashboard.card(title).waitFor();
    await dashboard.waitUntilDrawn();
    // Opened cold, the page asks once for each of the shell's calls and the header bell's, however
    // often texts arrive meanwhile. The page's texts are fetched with the entry (the first screen's
    // preload), before the grants are asked; the cards' calls start with the grants' answer, before
    // the page has drawn (it then opens its live stream), and are not asked again once drawn.
    const asked = (path: string) => requests.filter((request) => request === path).length;
    for (const path of ['/admin/menu/levels', '/currency/config/detail', '/alarm/summary', '/alarm/level/choices', '/alarm/live'])
      expect(asked(path), path).toBe(1);
    const pageTexts = requests.findIndex((request) => /\/dashboard\.texts-[^/]*\.js$/.test(request));
    expect(pageTexts).toBeGreaterThanOrEqual(0);
    expect(pageTexts).toBeLessThan(requests.indexOf('/admin/menu/levels'));
    // Counted up to the live stream's opening: once it is open, a change anywhere in the platform
    // staff's tenant (another spec's swap, the server's alarm sweeps) may rightly ask a card again.
    const live = requests.indexOf('/dashboard/live');
    expect(live).toBeGreaterThan(0);
    for (const path of ['/dashboard/figures', '/dashboard/trend?range=today', '/dashboard/ranking'])
      expect(requests.slice(0, live).filter((request) => request === path).length, path).toBe(1);
    // The fleet map asks each station type's map once for the whole globe (its fitted view is asked
    // only when that answer came in groups; the next test's merchant has too few stations for that).
    for (const type of STATION_TYPES) expect(asked(`${stationMapPath(type)} {}`), type).toBe(1);
    const before = await dashboard.settledCount('Swaps today');
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    // A cabinet of the spec's own reports a succeeded swap on the broker, as a device would.
    await serveSwaps('DASH-RIDER', [new Date()]);
    await expect.poll(() => dashboard.settledCount('Swaps today'), { timeout: 20_000 }).toBeGreaterThan(before);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await checkA11y(page);

    // At 1440 and 1920 px wide the energy chart's unit and the fleet map's scale show whole inside
    // their cards (the map, the narrowest card, is about 190 px wide at 1440).
    const trends = dashboard.card('Trends');
    const map = page.locator('.ant-card').filter({ has: page.getByText(/^Fleet map: /) });
    for (const [width, height] of [
      [1440, 900],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await dashboard.waitUntilDrawn();
      await expect.poll(() => dashboard.wholeIn(trends, trends.getByText('Energy (kWh)', { exact: true }))).toEqual({ past: 0, cut: 0 });
      const scale = map.locator('.leaflet-control-scale-line');
      await expect.poll(() => scale.textContent()).toMatch(/^\d+ k?m$/);
      await expect.poll(() => dashboard.wholeIn(map, scale)).toEqual({ past: 0, cut: 0 });
    }
    // On a 1920×1080 wall screen every card fits: no scrollbar, down or across.
    await expect.poll(() => dashboard.overflow()).toEqual({ down: 0, across: 0 });
  });

  // Opened at its address, and at `/`, which opens it.
  for (const address of ['/dashboard', '/']) {
    test(`the figures painted before the page’s code are the page’s own, where it draws them, and the page ends with one figures card (${address})`, async ({
      page,
    }) => {
      await new Shell(page).startSignedIn('admin');
      const dashboard = new DashboardPage(page);
      await dashboard.watchFigures();
      await page.goto(address);
      await dashboard.card('Figures').waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await expect.poll(async () => (await dashboard.figuresSeen()).drawn).not.toBeNull();
      const { pictured, frames, drawn } = await dashboard.figuresSeen();
      // The picture was painted, then the card replaced it in the same place: the same labels, notes
      // and figures in the same boxes (a moved box is a jump a user sees).
      expect(frames).toBeGreaterThan(0);
      const still = (tiles: SeenTile[]) => tiles.map(({ box, label, value, note }) => ({ box, label, value, note: note.trim() }));
      expect(still(pictured!)).toEqual(still(drawn!));
      expect(drawn!.map((tile) => tile.label)).toEqual([
        'Swaps today',
        'Vehicles sold today',
        'Batteries sold today',
        'Authenticated users',
        'Alarms not cleared',
      ]);
      // Each counter goes on from where the picture's stood, not from zero again.
      const number = (text: string) => Number(text.replace(/[^\d]/g, ''));
      for (const [i, tile] of drawn!.entries()) expect(number(tile.count), tile.label).toBeGreaterThanOrEqual(number(pictured![i]!.count));
      // One figures card in the end, and the picture gone.
      expect(await page.locator('#prerender').count()).toBe(0);
      expect(await page.getByRole('heading', { level: 2, name: 'Figures', exact: true }).count()).toBe(1);
      expect(await page.getByText('Swaps today', { exact: true }).count()).toBe(1);
    });
  }

  test('the fleet map follows a station’s cabinet coming online and going offline, without a reload', async ({ page }) => {
    const merchant = await createMerchant({ menuCodes: ['dashboard.figures', 'site.cabinet'] });
    const { cabinet, stationName } = await createStationCabinet(merchant);
    await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
    const dashboard = new DashboardPage(page);
    const requests = dashboard.recordRequests();
    await dashboard.open();
    await dashboard.waitUntilLive();
    await expect.poll(() => dashboard.stationOnMap(stationName), { timeout: 15_000 }).toMatch(/: 0 of 1 cabinets online/);
    const mapCalls = () => requests.filter((request) => STATION_TYPES.some((type) => request.startsWith(`${stationMapPath(type)} `)));
    expect(mapCalls()).toEqual([`${stationMapPath('SWAP')} {}`]);
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const fleet = await startCabinetDevice(cabinet);
    try {
      await expect.poll(() => dashboard.stationOnMap(stationName), { timeout: 15_000 }).toMatch(/: 1 of 1 cabinets online/);
    } finally {
      await fleet.stop();
    }
    await expect.poll(() => dashboard.stationOnMap(stationName), { timeout: 15_000 }).toMatch(/: 0 of 1 cabinets online/);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    // The map was asked again for each change, always for the whole globe: its one station was in
    // the first answer, so the fitted view was never asked for.
    expect(mapCalls().length).toBeGreaterThan(1);
    expect(new Set(mapCalls())).toEqual(new Set([`${stationMapPath('SWAP')} {}`]));
  });

  test('a station’s 100-character name keeps within the rankings and the fleet map on a 1920×1080 wall screen', async ({ page }) => {
    const merchant = await createMerchant({ menuCodes: ['dashboard.figures', 'dashboard.trends', 'dashboard.ranking', 'site.cabinet'] });
    const long = unique('Swap point ').padEnd(99, ' at the Riverside Avenue interchange, north gate');
    const stationName = `${long}N`;
    expect(stationName).toHaveLength(100);
    await createStationCabinet(merchant, { name: stationName });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.waitUntilDrawn();
    // The merchant's one station has no battery to swap: the emptiest stations name it, cut to one
    // line inside the card, the whole name on hover.
    const rankings = dashboard.card('Rankings');
    const name = rankings.getByTitle(stationName, { exact: true });
    await expect.poll(() => name.textContent()).toBe(stationName);
    await expect.poll(() => name.evaluate((cell) => cell.scrollWidth > cell.clientWidth && cell.getClientRects().length === 1)).toBe(true);
    await expect.poll(() => dashboard.widthOf(rankings, name)).toEqual({ across: 0, innerPast: 0 });
    // The fleet map names it whole on its marker, and its title and legend keep within its card.
    await expect.poll(() => dashboard.stationOnMap(stationName)).toMatch(/: 0 of 1 cabinets online/);
    const map = page.locator('.ant-card').filter({ has: page.getByText(/^Fleet map: /) });
    await expect
      .poll(() => dashboard.widthOf(map, map.getByRole('list', { name: 'Stations drawn by state' })))
      .toEqual({ across: 0, innerPast: 0 });
    await expect.poll(() => dashboard.overflow()).toEqual({ down: 0, across: 0 });
  });

  test('a merchant’s role holding the figures only sees them, in Bahasa, and no other card', async ({ page, baseURL }) => {
    const merchant = await createMerchant({ menuCodes: ['dashboard.figures'] });
    await page.context().addCookies([{ name: 'language', value: 'in', url: baseURL }]);
    await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.card('Angka').waitFor();
    // A new merchant has sold nothing and swapped nothing yet.
    expect(await dashboard.settledCount('Penukaran hari ini')).toBe(0);
    await dashboard.tile('Alarm belum pulih').waitFor();
    expect(await dashboard.card('Tren').count()).toBe(0);
    expect(await dashboard.card('Peringkat').count()).toBe(0);
    expect(await page.getByText(/^Peta armada/).count()).toBe(0);
  });
});
