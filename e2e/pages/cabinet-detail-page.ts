import type { Locator, Page } from 'playwright-core';
import { BasePage } from './base-page.js';

/**
 * Cabinet detail (/product/cabinet/detail/:id): the compartment grid with its remote commands, the
 * environment with its history chart and meter readings, the live indicator and the command history.
 */
export class CabinetDetailPage extends BasePage {
  readonly path: string;
  readonly live: Locator;

  constructor(
    page: Page,
    readonly id: number,
  ) {
    super(page);
    this.path = `/product/cabinet/detail/${id}`;
    this.live = page.locator('[data-live-status]');
  }

  override async waitUntilShown(): Promise<void> {
    await this.page.getByRole('heading', { level: 1, name: /^Cabinet / }).waitFor();
    await this.page.locator('.compartment-cell').first().waitFor();
  }

  /** Waits until the page follows the cabinet live. */
  async waitUntilLive(): Promise<void> {
    await this.page.locator('[data-live-status="open"]').getByText('Live', { exact: true }).waitFor();
  }

  /** The grid cell of a compartment (accessible name "Compartment {index}: {state}"), in that state when given. */
  compartment(index: number, state?: string): Locator {
    return state
      ? this.page.getByRole('button', { name: `Compartment ${index}: ${state}`, exact: true })
      : this.page.getByRole('button', { name: new RegExp(`^Compartment ${index}: `) });
  }

  /** Shows a compartment's fields and commands (its popover opens on hover). */
  async showCompartment(index: number): Promise<Locator> {
    await this.compartment(index).hover();
    const popover = this.page.locator('.ant-popover:visible', { hasText: `Compartment ${index}:` });
    await popover.waitFor();
    return popover;
  }

  /** Opens the compartment's popover and sends a command through the confirm prompt. */
  async sendCompartmentCommand(index: number, command: string): Promise<void> {
    const popover = await this.showCompartment(index);
    const actions = popover.getByRole('group', { name: `Commands for compartment ${index}` });
    await actions.getByRole('button', { name: command, exact: true }).click();
    const dialog = this.page.getByRole('dialog').filter({ hasText: 'Send a command to the device?' });
    await dialog.getByText(`Send “${command}” to compartment ${index}`).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** The command history's rows that mention the text. */
  historyRow(text: string): Locator {
    return this.page.locator('.ant-card', { hasText: 'Commands' }).locator('.ant-table-row', { hasText: text });
  }

  /** The card of the cabinet's swap records. */
  swapsCard(): Locator {
    return this.page.locator('.ant-card', { has: this.page.locator('.ant-card-head-title', { hasText: /^Swaps$/ }) });
  }

  /** The environment history card's chart, named by its summary ("{n} readings: Temperature (°C) … to …; …"). */
  environmentChart(): Locator {
    return this.page
      .locator('.ant-card', { has: this.page.locator('.ant-card-head-title', { hasText: /^Environment history$/ }) })
      .getByRole('img', { name: /^\d+ readings: / });
  }

  /** The value shown beside a field label of the detail cards. */
  field(label: string): Locator {
    return this.page.locator('th.ant-descriptions-item-label', { hasText: label }).locator('xpath=following-sibling::td[1]');
  }
}
