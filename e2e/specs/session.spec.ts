import { describe, expect, test } from '../support/fixtures.js';
import { commonSettingApi, endpointUrl, sessionApi, menuApi, TOUR_ENABLED_SETTING } from '@swap/contracts';
import { Shell } from '../pages/shell.js';
import { apiAnswer, apiRequest, apiToken } from '../support/api.js';
import { createMerchant } from '../support/factories.js';

describe('session and language', () => {
  test('the chosen language is kept after a reload, the open page’s own texts too', async ({ page }) => {
    const shell = new Shell(page);
    await shell.signIn('admin');
    // The dashboard's texts come with its page (docs/web-kits.md, "Texts").
    await page.getByText('Welcome, admin').waitFor();
    await page.locator('#tour-language').click();
    await page.getByRole('menuitem', { name: 'ไทย' }).click();
    // The sidebar's own label is translated too, so find it by its element, not its name.
    const sidebar = page.locator('nav').first();
    await expect.poll(() => sidebar.getByText('แดชบอร์ด', { exact: true }).count()).toBe(1);
    await page.getByText('ยินดีต้อนรับ admin').waitFor();
    await page.reload();
    await sidebar.getByText('แดชบอร์ด', { exact: true }).waitFor();
    await page.getByText('ยินดีต้อนรับ admin').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('th');
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'language')?.value).toBe('th');
  });

  test('he and ar lay the page out right to left; the other languages left to right', async ({ page, baseURL }) => {
    for (const [language, direction] of [
      ['he', 'rtl'],
      ['ar', 'rtl'],
      ['th', 'ltr'],
    ] as const) {
      await page.context().addCookies([{ name: 'language', value: language, url: baseURL }]);
      await page.goto('/session/login');
      await page.locator('#login-username').waitFor();
      expect(await page.locator('html').getAttribute('dir'), language).toBe(direction);
    }
  });

  test('a token revoked on the server opens the Tip dialog, which signs the user out', async ({ page }) => {
    const { admin } = await createMerchant();
    const shell = new Shell(page);
    await shell.signIn(admin.username, admin.password);
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(token).toBeTruthy();

    // Sign the same session out from elsewhere: the browser's token is now revoked.
    expect((await apiAnswer(token, sessionApi.signOut, undefined)).code).toBe(1);

    await page.goto('/system/admin/list');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Login expired, please login again').waitFor();
    // Several calls fail with the same code at once; the user still sees one dialog.
    await expect.poll(() => page.getByText('Tip', { exact: true }).filter({ visible: true }).count()).toBe(1);
    expect(await page.getByRole('dialog').filter({ visible: true }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((url) => url.pathname === '/session/login');
    expect(await page.evaluate(() => [window.localStorage.getItem('token'), window.localStorage.getItem('userInfo')])).toEqual([
      null,
      null,
    ]);
  });

  test('signing out from the user menu ends the session on the server', async ({ page }) => {
    const shell = new Shell(page);
    await shell.signIn('admin');
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    await page.getByTitle('User menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/session/login');
    expect((await apiAnswer(token, menuApi.levels, undefined)).code).toBe(405);
  });
});

describe('first-visit tour', () => {
  test.override({ tour: true });

  test('shows to a new user once: after Skip it stays away on reload', async ({ page }) => {
    const { admin } = await createMerchant();
    await new Shell(page).signIn(admin.username, admin.password);
    const tourText = page.getByText('Collapse or expand the side menu here to make room for wide lists.');
    await tourText.waitFor();
    await page.getByRole('button', { name: 'Skip', exact: true }).click();
    await tourText.waitFor({ state: 'hidden' });

    // Reload on a page clock, run past the loading screen and the tour's delay, then use the page.
    await page.clock.install();
    await page.reload();
    await page.clock.runFor(3_000);
    await page.getByText(`Welcome, ${admin.username}`).waitFor();
    await page.clock.runFor(2_000);
    await page.locator('#tour-language').click();
    await page.getByRole('menuitem', { name: 'ไทย' }).waitFor();
    expect(await tourText.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Skip', exact: true }).count()).toBe(0);
  });

  test('the tour_enabled setting decides whether it shows', async ({ page }) => {
    const platform = await apiToken('admin');
    const [setting] = (await apiRequest(platform, commonSettingApi.search, { name: TOUR_ENABLED_SETTING })).records;
    const turn = (value: string) =>
      apiRequest(platform, commonSettingApi.edit, { id: setting!.id, name: setting!.name, value, description: setting!.description });
    const { admin } = await createMerchant();
    const tourText = page.getByText('Collapse or expand the side menu here to make room for wide lists.');
    // Reload on a page clock, run past the loading screen and the tour's delay until the tour has read the setting.
    const visit = async () => {
      const settingsRead = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(endpointUrl(sessionApi.config)));
      await page.reload();
      await page.clock.runFor(3_000);
      await page.getByText(`Welcome, ${admin.username}`).waitFor();
      await page.clock.runFor(2_000);
      await settingsRead;
      await page.clock.runFor(1_000);
    };
    // The tour's file is fetched only while the setting is on (docs/scaling.md, "Web bundle").
    const tourFiles: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/Tour-[\w-]+\.js$/.test(new URL(request.url()).pathname)) tourFiles.push(request.url());
    });
    try {
      await turn('false');
      await new Shell(page).signIn(admin.username, admin.password);
      await page.clock.install();
      await visit();
      await page.locator('#tour-language').click();
      await page.getByRole('menuitem', { name: 'ไทย' }).waitFor();
      expect(await tourText.count()).toBe(0);
      expect(tourFiles).toEqual([]);

      // Switched on again: the same user, who never skipped it, sees it on the next visit.
      await turn('true');
      await visit();
      await tourText.waitFor();
      expect(tourFiles.length).toBeGreaterThan(0);
    } finally {
      await turn('true');
    }
  });
});
