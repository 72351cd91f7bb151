import type { Locator, Page } from 'playwright-core';
import { BasePage } from './base-page.js';
import { chooseOption, openDrawer } from './antd.js';

/** Waits until no list or button is still loading (axe would judge a half-faded spinner). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.ant-btn-loading, .ant-spin-spinning, .ant-skeleton'));
}

/** What the two record lists share: rows, search and opening a row's detail. */
abstract class RecordListPage extends BasePage {
  protected abstract readonly heading: string;
  protected abstract readonly detailPrefix: string;

  override async waitUntilShown(): Promise<void> {
    await super.waitUntilShown();
    await this.page.getByRole('heading', { name: this.heading, level: 1 }).waitFor();
    await this.page.locator('.ant-table-row:visible, .ant-empty:visible').first().waitFor();
    await settled(this.page);
  }

  rows(): Locator {
    return this.page.locator('.ant-table-row:visible');
  }

  /** Fills the search form (text fields by label, selects by label and option) and searches. */
  async search(filters: { text?: Record<string, string>; select?: Record<string, string> }): Promise<void> {
    const form = this.page.getByRole('search');
    for (const [label, value] of Object.entries(filters.text ?? {})) await form.getByLabel(label, { exact: true }).fill(value);
    for (const [label, option] of Object.entries(filters.select ?? {})) await chooseOption(this.page, form, label, option);
    await form.getByRole('button', { name: 'Search' }).click();
    await settled(this.page);
  }

  /** Opens the first row's detail with its View action. */
  async viewFirst(): Promise<void> {
    await this.rows().first().getByRole('button', { name: 'View' }).click();
    await this.page.waitForURL((url) => url.pathname.startsWith(this.detailPrefix));
  }
}

/** Order centre → Records → Swap records. */
export class SwapListPage extends RecordListPage {
  readonly path = '/business/transfer/list';
  protected readonly heading = 'Swap records';
  protected readonly detailPrefix = '/business/transfer/detail/';
}

/** Order centre → Records → Reservations. */
export class AppointmentListPage extends RecordListPage {
  readonly path = '/business/appointment/list';
  protected readonly heading = 'Reservations';
  protected readonly detailPrefix = '/business/appointment/detail/';

  /** Opens "Reserve a compartment" and fills it; answers the drawer. */
  async startReservation(cabinetNumber: string, compartment: number, customer: string): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Reserve a compartment' }).click();
    const drawer = openDrawer(this.page);
    await drawer.getByLabel('Cabinet number', { exact: true }).fill(cabinetNumber);
    await drawer.getByLabel('Compartment', { exact: true }).fill(String(compartment));
    await drawer.getByLabel('Customer', { exact: true }).fill(customer);
    return drawer;
  }
}
