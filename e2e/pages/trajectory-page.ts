import type { Locator, Page } from 'playwright-core';

/** Product centre → a vehicle's or battery's trajectory, reached from its detail page. */
export class TrajectoryPage {
  constructor(
    readonly page: Page,
    readonly kind: 'vehicle' | 'battery',
  ) {}

  /** From the device list: search the number, open its detail, then its trajectory. */
  async openFor(number: string): Promise<void> {
    await this.page.goto(`/product/${this.kind}/list`);
    const form = this.page.getByRole('search');
    await form.getByLabel('Number', { exact: true }).fill(number);
    await form.getByRole('button', { name: 'Search' }).click();
    await this.page.locator('.ant-table-row', { hasText: number }).getByRole('button', { name: 'View' }).click();
    await this.page.waitForURL((url) => url.pathname.startsWith(`/product/${this.kind}/detail/`));
    await this.page.getByRole('button', { name: 'Trajectory' }).click();
    await this.page.waitForURL((url) => url.pathname.startsWith(`/product/${this.kind}/trajectory/`));
    await this.page.getByRole('heading', { name: `Trajectory of ${number}`, level: 1 }).waitFor();
  }

  async chooseRange(label: 'Last week' | 'Last month' | 'Last three months'): Promise<void> {
    await this.page.getByText(label, { exact: true }).click();
  }

  /** The value shown beside a summary label (Reports, Distance, ...). */
  summary(label: string): Locator {
    return this.page.locator('.ant-descriptions-item-label', { hasText: label }).locator('xpath=following-sibling::td[1]');
  }

  routeMap(): Locator {
    return this.page.getByRole('img', { name: /^Route of \d+ points/ });
  }

  rows(): Locator {
    return this.page.locator('.ant-table-row');
  }
}
