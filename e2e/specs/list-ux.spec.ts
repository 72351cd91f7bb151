import type { Page } from 'playwright-core';
import { newContext } from '../support/browser.js';
import { describe, expect, test } from '../support/fixtures.js';
import { rowAction } from '../pages/antd.js';
import { BatteryListPage } from '../pages/product-pages.js';
import { Shell } from '../pages/shell.js';
import { settled } from '../pages/swap-pages.js';

/** The first row's battery number: what the user compares before and after. */
async function firstNumber(page: Page): Promise<string> {
  await page.locator('.ant-table-row').first().waitFor();
  return (await page.locator('.ant-table-row').first().locator('a').first().innerText()).trim();
}

/** Waits for the battery list's answer to a search for the given page. */
async function searchAnswered(page: Page, { current }: { current: number }): Promise<void> {
  await page.waitForResponse((answer) => {
    if (!answer.url().endsWith('/battery/search')) return false;
    const body = answer.request().postDataJSON() as { current?: number } | null;
    return body?.current === current;
  });
}

function activePage(page: Page) {
  return page.locator('.ant-pagination-item-active');
}

function headers(page: Page) {
  return page.locator('.ant-table-thead th');
}

describe('what every list offers', () => {
  test('filter, sort and page stay in the address: Back from a detail and a bookmarked link show the same view', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    const batteries = new BatteryListPage(page);
    await batteries.open();
    await batteries.search('', 'Normal');
    // Each step waits for the page the server sends, not only for the address: the address changes
    // before the rows do.
    await Promise.all([searchAnswered(page, { current: 1 }), page.getByRole('columnheader', { name: 'Number', exact: true }).click()]);
    await page.waitForURL((url) => url.searchParams.get('sort') === 'number', { timeout: 5000 });
    await settled(page);
    await Promise.all([searchAnswered(page, { current: 3 }), page.locator('.ant-pagination-item-3').click()]);
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    await settled(page);
    const url = new URL(page.url());
    expect(url.searchParams.get('scrapStatus')).toBe('NORMAL');
    expect(url.searchParams.get('sort')).toBe('number');
    const first = await firstNumber(page);

    // The detail, then Back: one step returns to the same filtered, sorted page.
    await rowAction(page, page.locator('.ant-table-row').first(), 'View');
    await page.waitForURL((next) => next.pathname.startsWith('/product/battery/detail/'));
    await page.goBack();
    await page.waitForURL((back) => back.pathname === batteries.path);
    expect(page.url()).toBe(url.toString());
    await settled(page);
    expect(await activePage(page).innerText()).toBe('3');
    expect(await firstNumber(page)).toBe(first);
    await page.getByRole('search').getByText('Normal', { exact: true }).waitFor();

    // The address shared or bookmarked opens the same view in another tab.
    const other = await page.context().newPage();
    await other.goto(url.toString());
    await settled(other);
    expect(await firstNumber(other)).toBe(first);
    expect(await activePage(other).innerText()).toBe('3');
    await other.close();
  });

  test('a hidden column and the row density are remembered for the list', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    const batteries = new BatteryListPage(page);
    await batteries.open();
    await settled(page);
    await expect.poll(() => headers(page).allInnerTexts()).toContain('Brand');
    await page.getByRole('button', { name: 'Columns' }).click();
    const panel = page.getByRole('dialog', { name: 'Columns and density' });
    await panel.getByRole('checkbox', { name: 'Brand' }).uncheck();
    await panel.getByRole('radio', { name: 'Compact' }).check();
    await expect.poll(() => headers(page).allInnerTexts()).not.toContain('Brand');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    await page.reload();
    await batteries.waitUntilShown();
    await settled(page);
    const shown = await headers(page).allInnerTexts();
    expect(shown).not.toContain('Brand');
    expect(shown).toContain('Model');
    expect(await page.locator('.ant-table-small').count()).toBe(1);
    // Other lists keep their own view.
    await page.goto('/product/vehicle/list');
    await page.locator('.ant-table-row').first().waitFor();
    expect(await headers(page).allInnerTexts()).toContain('Brand');
  });

  test('sidebar entries are links: a new tab on middle-click, no reload on a plain click', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    await new BatteryListPage(page).open();
    const link = new Shell(page).nav.getByRole('link', { name: 'Vehicles', exact: true });
    expect(await link.getAttribute('href')).toBe('/product/vehicle/list');

    const opened = page.context().waitForEvent('page');
    await link.click({ button: 'middle' });
    const tab = await opened;
    await tab.waitForURL((url) => url.pathname === '/product/vehicle/list');
    await tab.close();
    expect(new URL(page.url()).pathname).toBe('/product/battery/list');

    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await link.click();
    await page.waitForURL((url) => url.pathname === '/product/vehicle/list');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  test('the sidebar folds by itself on a narrow screen', async ({ page }) => {
    await page.setViewportSize({ width: 1100, height: 800 });
    await new Shell(page).signIn('admin');
    await page.locator('.shell-sider.ant-layout-sider-collapsed').waitFor();
    await page.setViewportSize({ width: 1400, height: 800 });
    await page.locator('.shell-sider:not(.ant-layout-sider-collapsed)').waitFor();
  });

  test('in Bahasa: transport failures, money and times the Indonesian way', async ({ browser, baseURL }) => {
    const context = await newContext(browser, { baseURL, timezoneId: 'Asia/Jakarta' });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await new Shell(page).startSignedIn('admin');
      await context.addCookies([{ name: 'language', value: 'in', url: baseURL }]);

      const batteries = new BatteryListPage(page);
      await page.goto(batteries.path);
      await page.getByRole('heading', { name: 'Baterai', level: 1 }).waitFor();
      await page.locator('.ant-table-row').first().waitFor();
      const created = page.locator('.ant-table-row').first().locator('td').filter({ hasText: /UTC/ });
      expect((await created.innerText()).trim()).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}\.\d{2}\.\d{2} UTC\+7$/);

      // While a search is on its way the spinner shows alone, never "No data" under it.
      let release = () => {};
      await page.route('**/api/oms/**/search', async (route) => {
        await new Promise<void>((resolve) => (release = resolve));
        await route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad Gateway</body></html>' });
      });
      await page.reload();
      await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor();
      expect(await page.locator('.ant-table-wrapper .ant-empty').count()).toBe(0);
      release();
      await page.getByText('Server sedang tidak tersedia (HTTP 502). Silakan coba lagi sebentar lagi.').first().waitFor();

      await page.unroute('**/api/oms/**/search');
      await page.route('**/api/oms/**/search', (route) => route.abort('failed'));
      await page.getByRole('button', { name: 'Muat ulang' }).click();
      await page.getByText('Server tidak dapat dihubungi. Periksa koneksi jaringan lalu coba lagi.').first().waitFor();
      expect(await page.getByText('Failed to fetch').count()).toBe(0);
      await page.unroute('**/api/oms/**/search');

      // The platform's currency (IDR) in an amount written the Indonesian way.
      await page.goto('/system/international/currency');
      await page
        .locator('.currency-example')
        .getByText(/^Rp\s1\.234\.568$/)
        .waitFor();
    } finally {
      await context.close();
    }
  });
});
