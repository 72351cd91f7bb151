import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '@swap/contracts';
import { LoginPage } from './login-page.js';

/** The signed-in frame: the sidebar and what it offers. */
export class Shell {
  readonly nav: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main navigation' });
  }

  /** Signs in on the login page and waits to leave it (dashboard, or the no-permission page). */
  async signIn(username: string, password: string = DEMO_PASSWORD): Promise<void> {
    const login = new LoginPage(this.page);
    await login.open();
    await login.signIn(username, password);
    await this.page.waitForURL((url) => !url.pathname.startsWith('/session/'), { timeout: 20_000 });
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
