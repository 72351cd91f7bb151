import type { Locator } from 'playwright-core';
import { BasePage } from './base-page.js';
import { chooseOption, openDrawer, saveDrawer } from './antd.js';

export interface NewAccount {
  username: string;
  name: string;
  password: string;
  /** Role names to give; none leaves the account without roles. */
  roles: string[];
}

/** System centre → Accounts. */
export class AccountListPage extends BasePage {
  readonly path = '/system/admin/list';

  override async waitUntilShown(): Promise<void> {
    await super.waitUntilShown();
    await this.page.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor();
  }

  row(username: string): Locator {
    return this.page.locator('.ant-table-row', { hasText: username });
  }

  /** Adds a platform account (general administrator) with the given platform roles. */
  async addPlatformAccount(account: NewAccount): Promise<void> {
    await this.page.getByRole('button', { name: 'Add account' }).click();
    const drawer = openDrawer(this.page);
    await drawer.getByLabel('Username', { exact: true }).fill(account.username);
    await drawer.getByLabel('Name', { exact: true }).fill(account.name);
    await drawer.getByLabel('Password', { exact: true }).fill(account.password);
    await chooseOption(this.page, drawer, 'Account type', 'Platform');
    for (const role of account.roles) await chooseOption(this.page, drawer, 'Roles', role);
    await saveDrawer(this.page, drawer);
    await this.row(account.username).waitFor();
  }
}
