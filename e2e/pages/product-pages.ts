import type { Locator, Page } from 'playwright-core';
import { BasePage } from './base-page.js';
import { chooseOption, openDrawer, rowAction, saveDrawer } from './antd.js';
import { settled } from './swap-pages.js';

/** The table rows of the page's (only) list. */
function rows(page: Page, text: string): Locator {
  return page.locator('.ant-table-row', { hasText: text });
}

export interface NewBatteryType {
  code: string;
  name: string;
  description: string;
  structure: string;
  ratedVoltage: number;
  ratedCapacity: number;
  ratedCurrent: number;
  cellCount: number;
  weight: number;
}

/** Product centre → Types → Battery types. */
export class BatteryTypeListPage extends BasePage {
  readonly path = '/product/battery-type/list';

  override async waitUntilShown(): Promise<void> {
    await super.waitUntilShown();
    await this.page.getByRole('heading', { name: 'Battery types', level: 1 }).waitFor();
  }

  row(code: string): Locator {
    return rows(this.page, code);
  }

  async addType(type: NewBatteryType): Promise<void> {
    await this.page.getByRole('button', { name: 'Add type' }).click();
    const drawer = openDrawer(this.page);
    await drawer.getByLabel('Type code', { exact: true }).fill(type.code);
    await drawer.getByLabel('Name', { exact: true }).fill(type.name);
    await drawer.getByLabel('Description', { exact: true }).fill(type.description);
    await chooseOption(this.page, drawer, 'Structure', type.structure);
    await drawer.getByLabel('Rated voltage (V)', { exact: true }).fill(String(type.ratedVoltage));
    await drawer.getByLabel('Rated capacity (Ah)', { exact: true }).fill(String(type.ratedCapacity));
    await drawer.getByLabel('Rated current (A)', { exact: true }).fill(String(type.ratedCurrent));
    await drawer.getByLabel('Cell count', { exact: true }).fill(String(type.cellCount));
    await drawer.getByLabel('Weight (kg)', { exact: true }).fill(String(type.weight));
    await saveDrawer(this.page, drawer);
    await this.row(type.code).waitFor();
  }
}

/** Product centre → Products → Batteries: search, batch registration and scrap. */
export class BatteryListPage extends BasePage {
  readonly path = '/product/battery/list';

  override async waitUntilShown(): Promise<void> {
    await super.waitUntilShown();
    await this.page.getByRole('heading', { name: 'Batteries', level: 1 }).waitFor();
  }

  row(number: string): Locator {
    return rows(this.page, number);
  }

  /** Opens "Batch register", picks the type and pastes the numbers; answers the drawer. */
  async startBatch(typeName: string, numbers: string[]): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Batch register' }).click();
    const drawer = openDrawer(this.page);
    await chooseOption(this.page, drawer, 'Type', typeName);
    await drawer.getByLabel('Numbers', { exact: true }).fill(numbers.join('\n'));
    return drawer;
  }

  /** Presses Check and waits for the per-number result table. */
  async check(drawer: Locator): Promise<void> {
    await drawer.getByRole('button', { name: 'Check', exact: true }).click();
    await drawer.locator('.ant-table-row').first().waitFor();
  }

  /** The result shown for one number in the check table (status and reason). */
  checkRow(drawer: Locator, number: string): Locator {
    return drawer.locator('.ant-table-row', { has: this.page.getByRole('cell', { name: number, exact: true }) });
  }

  async registerNew(drawer: Locator, count: number): Promise<void> {
    await drawer.getByRole('button', { name: `Register ${count} new` }).click();
    await drawer.waitFor({ state: 'hidden' });
  }

  /** Fills the number filter (and optionally the scrap status) and searches. */
  async search(number: string, scrapStatus?: string): Promise<void> {
    const form = this.page.getByRole('search');
    await form.getByLabel('Number', { exact: true }).fill(number);
    if (scrapStatus) await chooseOption(this.page, form, 'Scrap status', scrapStatus);
    // The list keeps the previous rows while the new page loads: wait for the answer and its rendering.
    const answered = this.page.waitForResponse((response) => response.url().endsWith('/search') && response.request().method() === 'POST');
    await form.getByRole('button', { name: 'Search' }).click();
    await answered;
    await settled(this.page);
  }

  /** Picks an owner in the search form's Owner field (its choices are searched on the server) and searches. */
  async searchByOwner(owner: string): Promise<void> {
    const form = this.page.getByRole('search');
    const field = form.getByLabel('Owner', { exact: true });
    const more = form.getByRole('button', { name: 'More filters', expanded: false });
    if ((await more.count()) > 0 && !(await field.isVisible())) await more.click();
    await field.fill(owner);
    await this.page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: owner }).first().click();
    const answered = this.page.waitForResponse((response) => response.url().endsWith('/search') && response.request().method() === 'POST');
    await form.getByRole('button', { name: 'Search' }).click();
    await answered;
    await settled(this.page);
  }

  /** Scrap from the row: reason, Save, then the confirm prompt. */
  async scrap(number: string, reason: string): Promise<void> {
    await rowAction(this.page, this.row(number), 'Scrap');
    const dialog = this.page.getByRole('dialog', { name: `Scrap ${number}` });
    await dialog.getByLabel('Reason', { exact: true }).fill(reason);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const confirm = this.page.getByRole('dialog').filter({ hasText: 'Scrap this device?' });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}

/** Product centre → Stock → Battery stock: summary and stock moves. */
export class BatteryStockPage extends BasePage {
  readonly path = '/product/battery-inventory/list';

  override async waitUntilShown(): Promise<void> {
    await super.waitUntilShown();
    await this.page.getByRole('heading', { name: 'Battery stock', level: 1 }).waitFor();
  }

  /** Stock out: numbers and a remark; answers the drawer (still open when the server refused). */
  async stockOut(numbers: string[], remark: string): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Stock out' }).click();
    const drawer = openDrawer(this.page);
    await drawer.getByLabel('Numbers', { exact: true }).fill(numbers.join('\n'));
    await drawer.getByLabel('Remark', { exact: true }).fill(remark);
    await drawer.getByRole('button', { name: 'Stock out' }).click();
    return drawer;
  }
}
