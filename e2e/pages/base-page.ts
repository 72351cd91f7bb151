import fs from 'node:fs';
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

  /** A list page's CSV export as the user saves it: the cells of each line, header first (byte-order mark dropped). */
  async downloadCsv(buttonName = 'Export'): Promise<string[][]> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: buttonName }).click(),
    ]);
    const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    // The cells this product writes: quoted when they hold a comma, a quote or a line break.
    return text
      .trim()
      .split('\r\n')
      .map((line) =>
        [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].slice(0, -1).map((m) => m[1]!.replace(/^"|"$/g, '').replaceAll('""', '"')),
      );
  }
}
