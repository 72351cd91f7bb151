import { sessionApi } from '@swap/contracts';
import { describe, expect, test } from '../support/fixtures.js';
import { Shell } from '../pages/shell.js';
import { apiRequest } from '../support/api.js';
import { createMerchant } from '../support/factories.js';

const MINUTE = 60_000;

describe('lock screen', () => {
  const languages = [
    {
      cookie: 'en',
      userMenu: 'User menu',
      lock: 'Lock screen',
      locked: 'Screen locked',
      password: 'Password',
      unlock: 'Unlock',
      wrong: 'Wrong password: 4 tries left before you are signed out',
    },
    {
      cookie: 'zh',
      userMenu: '用户菜单',
      lock: '锁定屏幕',
      locked: '屏幕已锁定',
      password: '密码',
      unlock: '解锁',
      wrong: '密码错误：还可尝试 4 次，之后将退出登录',
    },
  ] as const;

  for (const words of languages) {
    test(`locks from the user menu, hides the page, refuses a wrong password and unlocks back to the page (${words.cookie})`, async ({
      page,
      baseURL,
    }) => {
      const { admin } = await createMerchant();
      await page.context().addCookies([{ name: 'language', value: words.cookie, url: baseURL }]);
      const shell = new Shell(page);
      await shell.startSignedIn(admin.username, admin.password);
      await page.goto('/system/admin/list?current=1');
      await page.getByRole('table').waitFor();

      await page.getByTitle(words.userMenu).click();
      await page.getByRole('menuitem', { name: words.lock }).click();
      await page.waitForURL((url) => url.pathname === '/session/lock-screen');
      await page.getByRole('heading', { name: words.locked }).waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      // Any signed-in page stays hidden while locked, also opened by its address.
      await page.goto('/system/admin/list');
      await page.waitForURL((url) => url.pathname === '/session/lock-screen');

      await page.getByLabel(words.password, { exact: true }).fill('Not-The-Password-1');
      await page.getByRole('button', { name: words.unlock }).click();
      await page.getByText(words.wrong).waitFor();
      await page.getByLabel(words.password, { exact: true }).fill(admin.password);
      await page.getByRole('button', { name: words.unlock }).click();
      await page.waitForURL((url) => url.pathname === '/system/admin/list' && url.search === '?current=1');
      await page.getByRole('table').waitFor();
    });
  }

  test('a minute before the idle end a warning offers to stay signed in; then, left alone, the screen locks', async ({ page }) => {
    const { admin } = await createMerchant();
    // The page's clock runs on the test's command, so the idle minutes pass at once; no setting changes.
    const { sessionIdleMinutes = 0, lockIdleMinutes = 0 } = await apiRequest(null, sessionApi.config, undefined);
    expect(sessionIdleMinutes).toBeGreaterThan(1);
    expect(lockIdleMinutes).toBeGreaterThan(0);
    await new Shell(page).startSignedIn(admin.username, admin.password);
    await page.clock.install();
    await page.goto('/system/admin/list?current=1');
    await page.getByRole('table').waitFor();
    await page.getByRole('row', { name: admin.username }).waitFor();

    // Someone at the screen (the pointer moves, so it does not lock) but no call to the server:
    // a minute before the server's idle end, the warning.
    const warning = page.getByRole('dialog', { name: 'Still there?' });
    const step = Math.min(lockIdleMinutes * MINUTE - 1_000, 5 * MINUTE);
    const warnAt = (sessionIdleMinutes - 1) * MINUTE;
    for (let passed = 0; passed < warnAt - 30_000;) {
      const next = Math.min(step, warnAt - 30_000 - passed);
      await page.mouse.move(10 + (passed % 50), 300);
      await page.clock.runFor(next);
      passed += next;
    }
    expect(await warning.count()).toBe(0);
    // Half a minute into the last minute.
    await page.mouse.move(100, 300);
    await page.clock.runFor(60_000);
    await warning.waitFor();
    await expect.poll(() => warning.innerText()).toMatch(/You will be signed out in \d+ seconds because nothing happened for a while/);
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await page.clock.runFor(1_000);
    await warning.waitFor({ state: 'hidden' });
    expect(page.url()).toContain('/system/admin/list?current=1');

    // Nobody at the screen: after the lock's idle minutes it locks, keeping the page to return to.
    await page.clock.runFor(lockIdleMinutes * MINUTE + 1_000);
    await page.waitForURL((url) => url.pathname === '/session/lock-screen');
    await page.getByRole('heading', { name: 'Screen locked' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.waitForURL((url) => url.pathname === '/system/admin/list' && url.search === '?current=1');
  });
});
