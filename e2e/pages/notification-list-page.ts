import type { Locator } from 'playwright-core';
import { BasePage } from './base-page.js';
import { openDrawer, rowAction } from './antd.js';

export interface NotificationInput {
  title: string;
  description: string;
  /** The country as the select shows it, e.g. "Indonesia (ID)". */
  country: string;
}

/** Operation centre → Notifications: search, the add/edit drawer and the remove prompt. */
export class NotificationListPage extends BasePage {
  readonly path = '/operation/noti/notificati';

  override async waitUntilShown(): Promise<void> {
    await super.waitUntilShown();
    await this.page.locator('.ant-table-row').first().waitFor();
  }

  row(title: string): Locator {
    return this.page.locator('.ant-table-row', { hasText: title });
  }

  /** Opens the add drawer and fills what is given; the caller saves or reads the errors. */
  async startAdd(input: Partial<NotificationInput>): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Add notification' }).click();
    const drawer = openDrawer(this.page);
    await this.fill(drawer, input);
    return drawer;
  }

  async fill(drawer: Locator, input: Partial<NotificationInput>): Promise<void> {
    if (input.title !== undefined) await drawer.getByLabel('Title', { exact: true }).fill(input.title);
    if (input.description !== undefined) await drawer.getByLabel('Description', { exact: true }).fill(input.description);
    if (input.country !== undefined) await this.choose(drawer, input.country);
  }

  /** Types into the Country select (it searches its options) and takes the option shown. */
  private async choose(scope: Locator, country: string): Promise<void> {
    const input = scope.getByLabel('Country', { exact: true });
    await input.fill(country.split(' (')[0]!);
    await this.page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: country }).first().click();
  }

  async save(drawer: Locator): Promise<void> {
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
  }

  async edit(title: string, input: Partial<NotificationInput>): Promise<void> {
    await rowAction(this.page, this.row(title), 'Edit');
    const drawer = openDrawer(this.page);
    await this.fill(drawer, input);
    await this.save(drawer);
    await drawer.waitFor({ state: 'hidden' });
  }

  async search(filter: { title?: string; country?: string }): Promise<void> {
    const form = this.page.locator('form').first();
    if (filter.title !== undefined) await form.getByLabel('Title', { exact: true }).fill(filter.title);
    if (filter.country !== undefined) await this.choose(form, filter.country);
    await form.getByRole('button', { name: 'Search' }).click();
  }

  /** Delete → the prompt; answers it with Confirm or Cancel. */
  async remove(title: string, answer: 'Confirm' | 'Cancel'): Promise<void> {
    await rowAction(this.page, this.row(title), 'Delete');
    await this.page.locator('.ant-popover:visible, .ant-modal-confirm:visible').getByRole('button', { name: answer }).click();
  }
}
