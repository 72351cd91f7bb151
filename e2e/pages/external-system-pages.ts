import type { Locator, Page } from 'playwright-core';
import { RecordDetailPage } from './detail-page.js';

/** An external system's page (/distribution/external-system/detail/:id): its devices, Send test event and the delivery log. */
export class ExternalSystemDetailPage extends RecordDetailPage {
  constructor(page: Page, id: number) {
    super(page, `/distribution/external-system/detail/${id}`);
  }

  override async waitUntilShown(): Promise<void> {
    await super.waitUntilShown();
    await this.deliveryLog().waitFor();
  }

  sendTestButton(): Locator {
    return this.page.getByRole('button', { name: 'Send test event' });
  }

  /** Send test event, and the confirmation that it was queued. */
  async sendTest(): Promise<void> {
    await this.sendTestButton().click();
    await this.page.getByText('Test event queued').first().waitFor();
  }

  /** The delivery log's card (scoped: the event names also appear in its search form). */
  deliveryLog(): Locator {
    return this.page.locator('.ant-card', { has: this.page.getByText('Delivery log', { exact: true }) });
  }

  deliveryRows(): Locator {
    return this.deliveryLog().locator('.ant-table-row');
  }
}

/** The signing key's dialog shown once after registering a system: the key, and closing it. */
export class SigningKeyDialog {
  readonly locator: Locator;

  constructor(readonly page: Page) {
    this.locator = page.getByRole('dialog', { name: /^Signing key: / });
  }

  async key(): Promise<string> {
    await this.locator.waitFor();
    return (await this.locator.locator('[data-testid="signing-key"]').innerText()).trim();
  }

  async close(): Promise<void> {
    await this.locator.getByRole('button', { name: 'I have copied it' }).click();
    await this.locator.waitFor({ state: 'hidden' });
  }
}
