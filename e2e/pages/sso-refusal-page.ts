import type { Page } from 'playwright-core';
import { fillFields, ListPage } from './list-page.js';

/** System centre → Refused single sign-ons: the list, and its "Link to account" dialog. */
export class SsoRefusalPage extends ListPage {
  constructor(page: Page) {
    super(page, '/system/sso-refusal/list');
  }

  /** Links the refused identity `subject` to the account `username` (picked by typing it), waiting for the dialog to close. */
  async linkTo(subject: string, username: string): Promise<void> {
    await this.action(subject, 'Link to account');
    const dialog = this.page.getByRole('dialog', { name: `Link the identity ${subject} to an account` });
    await fillFields(this.page, dialog, { Account: username });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}
