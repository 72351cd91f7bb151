import type { Locator, Page } from 'playwright-core';
import { BasePage } from '../support/pages/base-page.js';

/** Cabinet detail (/product/cabinet/detail/:id): the compartment grid, the environment and the live indicator. */
export class CabinetDetailPage extends BasePage {
  readonly path: string;
  readonly live: Locator;

  constructor(page: Page, id: number) {
    super(page);
    this.path = `/product/cabinet/detail/${id}`;
    this.live = page.locator('[data-live-status]');
  }

  override async waitUntilShown(): Promise<void> {
    await this.page.getByRole('heading', { level: 1, name: /^Cabinet / }).waitFor();
  }

  /** Waits until the page follows the cabinet live. */
  async waitUntilLive(): Promise<void> {
    await this.page.locator('[data-live-status="open"]').getByText('Live', { exact: true }).waitFor();
  }

  compartment(index: number, state: string): Locator {
    return this.page.getByRole('button', { name: `Compartment ${index}: ${state}`, exact: true });
  }

  /** The value shown beside a field label of the detail cards. */
  field(label: string): Locator {
    return this.page.locator('th.ant-descriptions-item-label', { hasText: label }).locator('xpath=following-sibling::td[1]');
  }
}
