import type { Page } from 'playwright-core';

/** What every page object shares: its path, opening it, and waiting to be on it. */
export abstract class BasePage {
  /** The route of the page, e.g. `/session/login`. */
  abstract readonly path: string;

  constructor(readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`${this.path}${query}`);
    await this.waitUntilShown();
  }

  /** Waits for the page's main landmark content; page objects override with something specific. */
  async waitUntilShown(): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === this.path);
  }

  /** Current path and query, e.g. `/session/login?redirect=%2Fdashboard`. */
  currentPath(): string {
    const url = new URL(this.page.url());
    return `${url.pathname}${url.search}`;
  }

  async waitForPath(pathname: string): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === pathname);
  }
}
