import type { Locator, Page } from 'playwright-core';
import { openDrawer, pickDate, saveDrawer } from './antd.js';

type Kind = 'vehicle' | 'battery' | 'cabinet';

/** A device detail page (/product/<kind>/detail/:id), reached from its list as a user would. */
export class DeviceDetailPage {
  constructor(
    readonly page: Page,
    readonly kind: Kind,
  ) {}

  /** Opens the list and the detail of the row holding `number` (or the first row). */
  async openFromList(number?: string): Promise<void> {
    await this.page.goto(`/product/${this.kind}/list`);
    const row = number ? this.page.locator('.ant-table-row', { hasText: number }) : this.page.locator('.ant-table-row');
    await row.first().getByRole('button', { name: 'View' }).click();
    await this.page.waitForURL((url) => url.pathname.startsWith(`/product/${this.kind}/detail/`));
    await this.page.getByText('Identity', { exact: true }).waitFor();
  }

  /** Opens the detail page of the device with this id. */
  async openById(id: number): Promise<void> {
    await this.page.goto(`/product/${this.kind}/detail/${id}`);
    await this.page.getByText('Identity', { exact: true }).waitFor();
  }

  /** The value shown beside a label of the detail cards. */
  value(label: string): Locator {
    const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    return this.page.locator('.ant-descriptions-item-label', { hasText: exact }).locator('xpath=following-sibling::*[1]');
  }

  /** The battery page's remote command buttons (sent through the compartment holding it). */
  batteryCommands(): Locator {
    return this.page.getByRole('group', { name: 'Remote commands' }).getByRole('button');
  }

  async edit(): Promise<Locator> {
    await this.page.getByRole('button', { name: /^(edit )?Edit$/ }).click();
    const drawer = openDrawer(this.page);
    await drawer.getByRole('button', { name: 'Save', exact: true }).waitFor();
    return drawer;
  }

  /** Types a value into a date or date-time field of the form, as shown (YYYY-MM-DD[ HH:mm:ss]), and confirms it. */
  async pickDate(drawer: Locator, label: string, text: string): Promise<void> {
    await pickDate(this.page, drawer, label, text);
  }

  async save(drawer: Locator): Promise<void> {
    await saveDrawer(this.page, drawer);
  }

  credentialCard(): Locator {
    return this.page.locator('.ant-card', { has: this.page.getByText('Device credentials', { exact: true }) });
  }

  /** Issue device secret → confirm → the one-time dialog; answers the dialog. */
  async issueSecret(): Promise<Locator> {
    await this.credentialCard().getByRole('button', { name: 'Issue device secret' }).click();
    const confirm = this.page.locator('.ant-modal-confirm:visible');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    const dialog = this.page.getByRole('dialog', { name: /^Secret of / });
    await dialog.waitFor();
    await confirm.waitFor({ state: 'hidden' });
    return dialog;
  }
}
