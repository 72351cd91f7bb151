import type { Locator, Page } from 'playwright-core';
import { BasePage } from './base-page.js';

/** Any record's detail page, as the detail kit frames it (title bar, states, cards). */
export class RecordDetailPage extends BasePage {
  /** The state shown when the server says the record does not exist. */
  readonly notFound: Locator;
  /** Error notifications (toasts) on screen. */
  readonly notifications: Locator;

  constructor(
    page: Page,
    readonly path: string,
  ) {
    super(page);
    this.notFound = page.locator('[data-state="not-found"]');
    this.notifications = page.locator('.ant-notification-notice');
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The title bar's Back, to the list the record belongs to. */
  back(): Locator {
    return this.page.locator('.title-bar').getByRole('button', { name: 'Back' });
  }
}
