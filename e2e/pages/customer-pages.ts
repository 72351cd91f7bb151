import type { Locator, Page } from 'playwright-core';
import { RecordDetailPage } from './detail-page.js';
import { FormDrawer } from './list-page.js';

/** A customer's page (/user/detail/:id): its fields, status tags, title bar actions and related cards. */
export class CustomerDetailPage extends RecordDetailPage {
  constructor(page: Page, id?: number) {
    super(page, id === undefined ? '' : `/user/detail/${id}`);
  }

  /** The value shown beside a field's label in the detail cards. */
  value(label: string): Locator {
    const exact = new RegExp(`^${label}$`);
    return this.page.locator('.ant-descriptions-item-label', { hasText: exact }).locator('xpath=following-sibling::td[1]');
  }

  /** Presses a title bar action (Edit, Restrict, Send identity…) and answers the drawer it opens. */
  async openAction(name: string): Promise<FormDrawer> {
    await this.page.locator('.title-bar').getByRole('button', { name }).click();
    return new FormDrawer(this.page);
  }

  /** The card of a related list, by its title. */
  card(title: string): Locator {
    return this.page.locator('.ant-card', { has: this.page.locator('.ant-card-head-title', { hasText: title }) });
  }
}

/** Chooses an image for a photo field of a drawer (the field's upload sends it at once). */
export async function choosePhoto(
  drawer: FormDrawer,
  label: string,
  image: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const item = drawer.locator.locator('.ant-form-item', { has: drawer.page.locator('label', { hasText: label }) });
  await item.locator('input[type="file"]').setInputFiles(image);
  // Uploaded: the field shows the picture it keeps.
  await item.locator('img').waitFor();
}
