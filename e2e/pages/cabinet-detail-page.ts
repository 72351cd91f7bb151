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

  /** Waits until the page follows the cabinet live (the page's own updates, not the cabinet's link). */
  async waitUntilLive(): Promise<void> {
    await this.page.locator('[data-live-status="open"]').getByText('Page updates live', { exact: true }).waitFor();
  }

  /** The cabinet's link at the top of the page: "Online" or "Offline" with "last seen …". */
  connectivity(): Locator {
    return this.page.locator('.title-bar [data-connectivity]');
  }

  /** The grid cell of a compartment (accessible name "Compartment {index}: {state}"), in that state when given. */
  compartment(index: number, state?: string): Locator {
    return state
      ? this.page.getByRole('button', { name: `Compartment ${index}: ${state}`, exact: true })
      : this.page.getByRole('button', { name: new RegExp(`^Compartment ${index}: `) });
  }

  /** The open compartment's panel (a dialog named after the compartment). */
  compartmentPanel(index: number): Locator {
    return this.page.getByRole('dialog', { name: new RegExp(`^Compartment ${index}: `) });
  }

  /** Closes an open compartment panel (Escape), if any. */
  async closeCompartment(): Promise<void> {
    const open = this.page.locator('.compartment-panel:visible');
    if ((await open.count()) === 0) return;
    await this.page.keyboard.press('Escape');
    await open.waitFor({ state: 'hidden' });
  }

  /** Opens a compartment's panel (its fields and commands) by clicking the compartment. */
  async showCompartment(index: number): Promise<Locator> {
    await this.closeCompartment();
    await this.compartment(index).click();
    const panel = this.compartmentPanel(index);
    await panel.waitFor();
    return panel;
  }

  /** The compartment's command buttons in its open panel. */
  commandsOf(panel: Locator, index: number): Locator {
    return panel.getByRole('group', { name: `Commands for compartment ${index}` });
  }

  /** Opens the compartment's panel by click and sends a command through the confirm prompt. */
  async sendCompartmentCommand(index: number, command: string): Promise<void> {
    const panel = await this.showCompartment(index);
    await this.commandsOf(panel, index).getByRole('button', { name: command, exact: true }).click();
    await this.confirmCommand(index, command, 'click');
  }

  /** The same from the keyboard: Enter on the focused compartment, Tab to the command, Enter, Tab to Confirm, Enter. */
  async sendCompartmentCommandByKeyboard(index: number, command: string): Promise<void> {
    await this.closeCompartment();
    await this.compartment(index).focus();
    await this.page.keyboard.press('Enter');
    const panel = this.compartmentPanel(index);
    await panel.waitFor();
    await this.tabTo(this.commandsOf(panel, index).getByRole('button', { name: command, exact: true }));
    await this.page.keyboard.press('Enter');
    await this.confirmCommand(index, command, 'keyboard');
  }

  private async confirmCommand(index: number, command: string, by: 'click' | 'keyboard'): Promise<void> {
    const dialog = this.page.getByRole('dialog').filter({ hasText: 'Send a command to the device?' });
    await dialog.getByText(`Send “${command}” to compartment ${index}`).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    if (by === 'click') await confirm.click();
    else {
      await this.tabTo(confirm);
      await this.page.keyboard.press('Enter');
    }
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Presses Tab until the target has the focus (at most 60 times, in the page's own order). */
  async tabTo(target: Locator): Promise<void> {
    for (let presses = 0; presses < 60; presses++) {
      if ((await target.count()) > 0 && (await target.evaluate((element) => element === document.activeElement))) return;
      await this.page.keyboard.press('Tab');
    }
    throw new Error('Tab never reached the element');
  }

  /** The device log card's rows that mention the text. */
  logRow(text: string | RegExp): Locator {
    return this.page.locator('.ant-card', { hasText: 'Device log' }).locator('.ant-table-row', { hasText: text });
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
