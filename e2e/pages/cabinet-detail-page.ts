import type { Locator, Page } from 'playwright-core';

/** Product centre → Cabinets → a cabinet's detail: compartments, their remote commands and the command history. */
export class CabinetDetailPage {
  constructor(
    readonly page: Page,
    readonly id: number,
  ) {}

  get path(): string {
    return `/product/cabinet/detail/${this.id}`;
  }

  async open(): Promise<void> {
    await this.page.goto(this.path);
    await this.page.locator('.compartment-cell').first().waitFor();
  }

  /** The grid cell of a compartment (its accessible name starts "Compartment {index}:"). */
  compartment(index: number): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^Compartment ${index}: `) });
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
}
