import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { BasePage } from './base-page.js';
import { closeOpenDropdown, openDrawer, pickDate, rowAction } from './antd.js';

/**
 * Values for a search form or a drawer, by the field's visible label. A text goes into an input or
 * text area; for a select it is the option's text (a searchable select is typed into first).
 */
export type FieldValues = Record<string, string>;

/** The antd select around its search input (the combobox), holding the chosen value's text. */
const SELECT_ROOT = 'xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]';

/**
 * Picks `value` in an antd select and checks that the select shows it. A pick right after another
 * one in the same select can be swallowed while the first pick's list fades out (seen in
 * commands.spec): then the pick is made once more, and a second miss fails with the field's name.
 */
async function pickOption(page: Page, field: Locator, label: string, value: string): Promise<void> {
  const shown = field.locator(SELECT_ROOT).filter({ hasText: value });
  for (let attempt = 1; ; attempt++) {
    // Its search input takes the start of the option (before any "(code)").
    if ((await field.getAttribute('readonly')) === null) await field.fill(value.split(' (')[0]!);
    else await field.click();
    // Pick from this select's own list: another select's list may still be fading out, and its
    // options may contain the same text (option "1" and "E-Scooter Single (ES1)").
    const listId = await field.getAttribute('aria-controls');
    const dropdown = listId
      ? page.locator('.ant-select-dropdown', { has: page.locator(`[id="${listId}"]`) })
      : page.locator('.ant-select-dropdown:visible');
    await dropdown.locator('.ant-select-item-option', { hasText: value }).first().click();
    try {
      await shown.waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      // A multiple select would drop a value picked twice: pick again only what is not shown.
      if ((await shown.count()) > 0) return;
      if (attempt === 2) throw new Error(`the select "${label}" does not show "${value}" after picking it twice`, { cause: error });
    }
  }
}

/** Fills the labelled fields of `scope` (a search form, a drawer or a dialog). */
export async function fillFields(page: Page, scope: Locator, values: FieldValues): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    const field = scope.getByLabel(label, { exact: true });
    // A search field past the form's first row is folded away until "More filters".
    const expand = scope.getByRole('button', { name: 'More filters', expanded: false });
    if ((await expand.count()) > 0 && !(await field.isVisible())) await expand.click();
    if ((await field.getAttribute('role')) !== 'combobox') {
      await field.fill(value);
      continue;
    }
    await pickOption(page, field, label, value);
  }
}

/** An add or edit drawer of a list (ResourceForm): fill, save, read its errors. */
export class FormDrawer {
  /** The open drawer, or the form's dialog when given (a form kit modal: reset password, assign roles…). */
  constructor(
    readonly page: Page,
    readonly locator: Locator = openDrawer(page),
  ) {}

  async fill(values: FieldValues): Promise<void> {
    await fillFields(this.page, this.locator, values);
  }

  field(label: string): Locator {
    return this.locator.getByLabel(label, { exact: true });
  }

  /** Types a date or date-time (YYYY-MM-DD[ HH:mm:ss]) into the labelled picker and confirms it. */
  async pickDate(label: string, text: string): Promise<void> {
    await pickDate(this.page, this.locator, label, text);
  }

  /** Presses Save; the caller waits for the drawer to close or for an error. */
  async save(): Promise<void> {
    await closeOpenDropdown(this.page, this.locator);
    await this.locator.getByRole('button', { name: 'Save', exact: true }).click();
  }

  async saveAndClose(): Promise<void> {
    await this.save();
    await this.locator.waitFor({ state: 'hidden' });
  }

  /**
   * The error told for a field, as a screen reader finds it: while the field is marked invalid
   * (aria-invalid), the first text its aria-describedby names (the error comes before any help
   * text); '' while the field is valid.
   */
  async fieldError(label: string): Promise<string> {
    return this.field(label).evaluate((input) => {
      if (input.getAttribute('aria-invalid') !== 'true') return '';
      const [first] = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
      return (first ? document.getElementById(first)?.textContent : undefined) ?? '';
    });
  }

  /** The sign shown before a field's input, as a money input shows its currency ('' when none). */
  async prefixOf(label: string): Promise<string> {
    const wrapper = this.field(label).locator('xpath=ancestor::*[contains(@class, "ant-input-affix-wrapper")][1]');
    const prefix = wrapper.locator('.ant-input-prefix');
    return (await prefix.count()) === 0 ? '' : ((await prefix.textContent()) ?? '');
  }

  /** Waits for a message shown in the drawer (a field's error, say). */
  async shows(text: string): Promise<void> {
    await this.locator.getByText(text, { exact: true }).waitFor();
  }
}

/**
 * Any list screen built on the list kit (ResourceTable and its search form, row actions, add and
 * edit drawers): a screen with nothing more needs no page object of its own.
 */
export class ListPage extends BasePage {
  constructor(
    page: Page,
    readonly path: string,
  ) {
    super(page);
  }

  /** Waits until the table shows (rows or its empty state). */
  override async waitUntilShown(): Promise<void> {
    await super.waitUntilShown();
    await this.page.locator('.ant-table-row, .ant-empty').first().waitFor();
  }

  row(text: string): Locator {
    return this.page.locator('.ant-table-row', { hasText: text });
  }

  rows(): Locator {
    return this.page.locator('.ant-table-row');
  }

  /** How many records the list says it holds ("Total 12 items"), once it says it. */
  async total(): Promise<number> {
    const text = this.page.locator('.ant-pagination-total-text').first();
    await text.waitFor();
    return Number(/\d+/.exec((await text.textContent()) ?? '')?.[0] ?? NaN);
  }

  columnHeader(name: string): Locator {
    return this.page.getByRole('columnheader', { name });
  }

  /** Fills the search form's labelled fields and presses Search. */
  async search(values: FieldValues): Promise<void> {
    const form = this.page.locator('form').first();
    await fillFields(this.page, form, values);
    await form.getByRole('button', { name: 'Search' }).click();
  }

  /** Presses the title bar's add button (`name`) and fills what is given; the caller saves. */
  async startAdd(name: string, values: FieldValues = {}): Promise<FormDrawer> {
    await this.page.getByRole('button', { name }).click();
    const drawer = new FormDrawer(this.page);
    await drawer.fill(values);
    return drawer;
  }

  /** Runs a row action (a button in the row or an item of its "More actions" menu, named `moreActions` in another language). */
  async action(rowText: string, name: string, moreActions?: string): Promise<void> {
    await rowAction(this.page, this.row(rowText), name, moreActions);
  }

  /** Edit → fill → Save, waiting for the drawer to close. */
  async edit(rowText: string, values: FieldValues): Promise<void> {
    await this.action(rowText, 'Edit');
    const drawer = new FormDrawer(this.page);
    await drawer.fill(values);
    await drawer.saveAndClose();
  }

  /** Delete → the prompt, answered with Confirm or Cancel. */
  async remove(rowText: string, answer: 'Confirm' | 'Cancel'): Promise<void> {
    await this.action(rowText, 'Delete');
    await this.page.locator('.ant-popover:visible, .ant-modal-confirm:visible').getByRole('button', { name: answer }).click();
  }

  /** A list page's CSV export as the user saves it: the cells of each line, header first (byte-order mark dropped). */
  async downloadCsv(buttonName = 'Export'): Promise<string[][]> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByRole('button', { name: buttonName }).click()]);
    const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    // The cells this product writes: quoted when they hold a comma, a quote or a line break.
    return text
      .trim()
      .split('\r\n')
      .map((line) =>
        [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].slice(0, -1).map((m) => m[1]!.replace(/^"|"$/g, '').replaceAll('""', '"')),
      );
  }
}
