import type { Locator, Page } from 'playwright-core';
import { RecordDetailPage } from './detail-page.js';

/** A battery's or cabinet's alarm page (/product/device/<kind>/detail?id=), reached from its alarm list. */
export class AlarmDetailPage extends RecordDetailPage {
  constructor(page: Page, kind: 'battery' | 'cabinet') {
    super(page, `/product/device/${kind}/detail`);
  }

  /** Follows the alarm's content link in a list row to its page. */
  async openFrom(row: Locator, content: string): Promise<void> {
    await row.getByRole('link', { name: content }).click();
    await this.page.waitForURL((url) => url.pathname === this.path);
    await this.history().waitFor();
  }

  /** The history card. */
  history(): Locator {
    return this.page.locator('.ant-card', { has: this.page.getByText('History', { exact: true }) });
  }

  /** The steps of the history, oldest first, as their text. */
  async steps(): Promise<string[]> {
    return this.history().locator('[data-event]').allInnerTexts();
  }

  /** A button of the title bar (Acknowledge, Clear, Assign). */
  action(name: string): Locator {
    return this.page.locator('.title-bar').getByRole('button', { name, exact: true });
  }
}
