import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, sessionApi } from '@swap/contracts';
import { apiRequest } from '../support/api.js';
import { LoginPage } from './login-page.js';

/** Where the web keeps the session in the browser (apps/web/src/shared/session.ts). */
const TOKEN_KEY = 'token';
const USER_INFO_KEY = 'userInfo';

/** The signed-in frame: the sidebar and what it offers. */
export class Shell {
  readonly nav: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main navigation' });
  }

  /**
   * Starts the page signed in as `username` without going through the login screen: the session is
   * made through the sign-in call and put where the web keeps it, so the test's first `goto` opens
   * its own screen at once (the login screen and the dashboard are not loaded first). The sign-in
   * flow itself is tested with `signIn`. A sign-out later in the test stays signed out: the session
   * is put in place once per tab.
   */
  async startSignedIn(username: string, password: string = DEMO_PASSWORD): Promise<void> {
    const data = await apiRequest(null, sessionApi.signIn, { username, password });
    const user = {
      username: data.admin.username,
      type: data.admin.type,
      merchantId: data.admin.merchantId,
      merchantName: data.admin.merchantName,
    };
    await this.page.addInitScript(
      ([tokenKey, token, userKey, userInfo]) => {
        // Every navigation runs this; only a page of the app's origin has storage.
        try {
          if (window.sessionStorage.getItem('sessionPlaced')) return;
          window.sessionStorage.setItem('sessionPlaced', '1');
          window.localStorage.setItem(tokenKey, token);
          window.localStorage.setItem(userKey, userInfo);
        } catch {
          // about:blank and other origins
        }
      },
      [TOKEN_KEY, data.token, USER_INFO_KEY, JSON.stringify(user)] as const,
    );
  }

  /** The header's alarm bell: its name says how many alarms it counts ("3 unacknowledged alarms (header badge)"). */
  alarmBell(): Locator {
    return this.page.getByRole('button', { name: /unacknowledged alarms/i });
  }

  /** How many alarms the bell says (open, of rules that name the header badge), once it has counted. */
  async openAlarms(): Promise<number> {
    const bell = this.page.locator('[data-open-alarms]');
    await bell.waitFor();
    return Number(await bell.getAttribute('data-open-alarms'));
  }

  /** What the header says of a new alarm (a notice, and the same words to a screen reader). */
  alarmNotice(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }

  /** Signs in on the login page and waits to leave it (dashboard, or the no-permission page). */
  async signIn(username: string, password: string = DEMO_PASSWORD): Promise<void> {
    const login = new LoginPage(this.page);
    await login.open();
    await login.signIn(username, password);
    await this.page.waitForURL((url) => !url.pathname.startsWith('/session/'), { timeout: 20_000 });
  }

  /** Signs out from the user menu and waits for the sign-in page. */
  async signOut(): Promise<void> {
    await this.page.getByTitle('User menu').click();
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await this.page.waitForURL((url) => url.pathname === '/session/login');
  }

  /** Switches the language from the header's language menu (`name` as the menu words it: 'Bahasa Indonesia', 'ไทย'). */
  async switchLanguage(name: string): Promise<void> {
    await this.page.getByRole('button', { name: /^[^:]+: (English|Bahasa Indonesia|ไทย|中文)$/ }).click();
    await this.page.getByRole('menuitem', { name }).click();
    await this.page.getByRole('button', { name: new RegExp(`^[^:]+: ${name}$`) }).waitFor();
  }

  /**
   * The paths of every menu item the sidebar offers (Dashboard left out), with every group opened
   * so that no item stays unrendered. Paths do not depend on the language or on truncation.
   */
  async menuPaths(): Promise<string[]> {
    await this.nav.locator('.ant-menu-item').first().waitFor();
    for (;;) {
      const closed = this.nav.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
      if ((await closed.count()) === 0) break;
      await closed.first().click();
    }
    const ids = await this.nav
      .locator('.ant-menu-item')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-menu-id') ?? ''));
    // antd prefixes each item's key (its path) with a generated id.
    return ids.map((id) => id.slice(id.indexOf('-/') + 1)).filter((path) => path.startsWith('/') && path !== '/dashboard');
  }
}
