import type { Locator } from 'playwright-core';
import { BasePage } from './base-page.js';

/** A small PNG: the server checks an image by its first bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export interface SignUpValues {
  company: string;
  person: string;
  contact: string;
  email: string;
  address: string;
  username: string;
  password: string;
}

/** /session/sign-up: the kit's form in the page, its three documents uploaded at once. */
export class SignUpPage extends BasePage {
  readonly path = '/session/sign-up';

  override async waitUntilShown(): Promise<void> {
    await super.waitUntilShown();
    await this.page.getByRole('heading', { level: 1 }).waitFor();
  }

  private item(label: string): Locator {
    return this.page.locator('.ant-form-item').filter({ has: this.page.getByText(label, { exact: true }) });
  }

  /** Fills every field (labels in `labels`' language) and uploads the three documents, each waiting for its preview. */
  async fill(values: SignUpValues, labels: Record<keyof SignUpValues | 'front' | 'back' | 'face', string>): Promise<void> {
    for (const field of ['company', 'person', 'contact', 'email', 'address', 'username', 'password'] as const) {
      await this.item(labels[field]).locator('input, textarea').first().fill(values[field]);
    }
    for (const field of ['front', 'back', 'face'] as const) {
      const item = this.item(labels[field]);
      await item.locator('input[type="file"]').setInputFiles({ name: `${field}.png`, mimeType: 'image/png', buffer: PNG });
      await item.locator('img').waitFor();
    }
  }

  async submit(name: string): Promise<void> {
    await this.page.getByRole('button', { name }).click();
  }
}
