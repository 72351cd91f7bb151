import type { Locator } from 'playwright-core';
import { BasePage } from './base-page.js';
import { openDrawer } from './antd.js';

/** Forgot password: the account's name and "send the link" (labels in the page's language). */
export class ForgotPasswordPage extends BasePage {
  readonly path = '/session/forgot-password';

  async ask(accountLabel: string, name: string, sendLabel: string): Promise<void> {
    await this.page.getByLabel(accountLabel, { exact: true }).fill(name);
    await this.page.getByRole('button', { name: sendLabel }).click();
  }

  status(): Locator {
    return this.page.getByRole('status');
  }
}

/** Reset password from the mailed link: the new password twice. */
export class ResetPasswordPage extends BasePage {
  readonly path = '/session/reset-password';

  async setPassword(labels: { password: string; again: string; save: string }, password: string): Promise<void> {
    await this.page.getByLabel(labels.password, { exact: true }).fill(password);
    await this.page.getByLabel(labels.again, { exact: true }).fill(password);
    await this.page.getByRole('button', { name: labels.save }).click();
  }
}

/** One's own account (/profile), opened from the user menu. */
export class ProfilePage extends BasePage {
  readonly path = '/profile';

  async openFromUserMenu(): Promise<void> {
    await this.page.getByTitle('User menu').click();
    await this.page.getByRole('menuitem', { name: 'My account' }).click();
    await this.waitUntilShown();
  }

  override async waitUntilShown(): Promise<void> {
    await super.waitUntilShown();
    await this.page.getByText('Last sign-in', { exact: true }).waitFor();
  }

  /** The value shown beside a label of the profile card. */
  value(label: string): Locator {
    return this.page.locator('.ant-descriptions-item-label', { hasText: label }).locator('xpath=following-sibling::td[1]');
  }

  /** The zones the profile form offers for what is typed (the form opened and closed again). */
  async timeZoneOptions(typed: string): Promise<string[]> {
    await this.page.getByRole('button', { name: 'Edit profile' }).click();
    const drawer = openDrawer(this.page);
    await drawer.getByLabel('Time zone', { exact: true }).click();
    await this.page.keyboard.type(typed);
    const list = this.page.locator('.ant-select-dropdown:visible');
    await list.waitFor();
    const options = await list.locator('.ant-select-item-option').allInnerTexts();
    await drawer.getByRole('button', { name: 'Cancel', exact: true }).click();
    await drawer.waitFor({ state: 'hidden' });
    return options;
  }

  async chooseTimeZone(zone: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Edit profile' }).click();
    const drawer = openDrawer(this.page);
    // The zones are a long list: typed to narrow it first.
    await drawer.getByLabel('Time zone', { exact: true }).click();
    await this.page.keyboard.type(zone);
    await this.page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: zone }).first().click();
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await drawer.waitFor({ state: 'hidden' });
  }

  sessionRows(): Locator {
    return this.page.locator('.ant-card', { hasText: 'Where you are signed in' }).locator('tbody tr.ant-table-row');
  }

  async signOutEverywhereElse(): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  }
}
