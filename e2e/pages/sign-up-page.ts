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

/** /session/sign-up: the plain form kit's fields, its three documents uploaded as they are chosen. */
export class SignUpPage extends BasePage {
  readonly path = '/session/sign-up';

  override async waitUntilShown(): Promise<void> {
    await super.waitUntilShown();
    await this.page.getByRole('heading', { level: 1 }).waitFor();
  }

  /** One field: its label, control, help and message. */
  item(label: string): Locator {
    return this.page.locator('.field').filter({ has: this.page.locator('label').getByText(label, { exact: true }) });
  }

  /** Chooses a file for a document field (the upload starts at once). */
  async choose(label: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.item(label).locator('input[type="file"]').setInputFiles(file);
  }

  /** Fills every field (labels in `labels`' language) and uploads the three documents, each waiting for its preview. */
  async fill(values: SignUpValues, labels: Record<keyof SignUpValues | 'front' | 'back' | 'face', string>): Promise<void> {
    for (const field of ['company', 'person', 'contact', 'email', 'address', 'username', 'password'] as const) {
      await this.item(labels[field]).locator('input, textarea').first().fill(values[field]);
    }
    for (const field of ['front', 'back', 'face'] as const) {
      await this.choose(labels[field], { name: `${field}.png`, mimeType: 'image/png', buffer: PNG });
      await this.item(labels[field]).getByRole('img').waitFor();
    }
  }

  async submit(name: string): Promise<void> {
    await this.page.getByRole('button', { name }).click();
  }
}
