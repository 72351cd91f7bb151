import type { Locator, Page } from 'playwright-core';
import { openDrawer } from './antd.js';
import { FormDrawer, ListPage } from './list-page.js';

/** System → Upgrades → Firmware: the list, its upload drawer and the Upgrade drawer of a row. */
export class FirmwarePage extends ListPage {
  constructor(page: Page) {
    super(page, '/updrade/firmware');
  }

  /** Uploads an image: the type, version and notes typed, the file chosen as the user would; waits for the drawer to close. */
  async upload(values: { type: string; version: string; notes: string; file: { name: string; buffer: Buffer } }): Promise<void> {
    const drawer = await this.startAdd('Upload firmware', { Type: values.type, Version: values.version, 'Release notes': values.notes });
    // The file input of the drawer's "Choose file" button, given the file as a user picks it.
    await drawer.locator
      .locator('input[type=file]')
      .setInputFiles({ name: values.file.name, mimeType: 'application/octet-stream', buffer: values.file.buffer });
    await drawer.locator.getByText(values.file.name, { exact: false }).waitFor();
    await drawer.saveAndClose();
  }

  /** Opens a row's Upgrade drawer and fills it; the caller saves. */
  async startUpgrade(version: string, values: Record<string, string>): Promise<FormDrawer> {
    await this.action(version, 'Upgrade');
    const drawer = new FormDrawer(this.page);
    await drawer.fill(values);
    return drawer;
  }
}

/** System → Upgrades → Upgrade records, and the drawer following one task's progress. */
export class UpgradeRecordPage extends ListPage {
  constructor(page: Page) {
    super(page, '/updrade/record');
  }

  /** The open progress drawer. */
  progress(): Locator {
    return openDrawer(this.page);
  }

  /** A cabinet's row in the progress drawer. */
  cabinetRow(number: string): Locator {
    return this.progress().locator('.ant-table-row', { hasText: number });
  }

  /** Presses a button of the progress drawer (Retry failed, Stop) and confirms. */
  async confirmInProgress(name: string): Promise<void> {
    await this.progress().getByRole('button', { name, exact: true }).click();
    await this.page.locator('.ant-modal-confirm:visible').getByRole('button', { name: 'Confirm' }).click();
  }
}
