import type { Page } from 'playwright-core';
import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { BatteryListPage, BatteryStockPage, BatteryTypeListPage } from '../pages/product-pages.js';
import { DeviceDetailPage } from '../pages/device-detail-pages.js';
import { FormDrawer } from '../pages/list-page.js';
import { Shell } from '../pages/shell.js';
import { createBatteries, createMerchant, createPlatformStaff, createTrackedDevice } from '../support/factories.js';

/** Numbers unique to this run, so the spec can run against a server that already ran it. */
const stamp = Date.now().toString(36).toUpperCase();

describe('product centre', () => {
  test('add a battery type, register batteries in a batch, stock them out, scrap one and find it', async ({ page }) => {
    const [registered] = await createBatteries(1);
    await new Shell(page).startSignedIn('admin');

    const types = new BatteryTypeListPage(page);
    await types.open();
    const type = {
      code: `E2E${stamp}`.slice(0, 20),
      name: `E2E pack ${stamp}`.slice(0, 20),
      description: 'Created by the end-to-end test',
      structure: 'Lithium iron phosphate',
      ratedVoltage: 48,
      ratedCapacity: 24,
      ratedCurrent: 25,
      cellCount: 15,
      weight: 9.5,
    };
    await types.addType(type);

    const batteries = new BatteryListPage(page);
    await batteries.open();
    const fresh = [1, 2, 3].map((n) => `E2E-${stamp}-${n}`);

    // 1001 numbers are refused in the browser, before anything is sent.
    const tooMany = Array.from({ length: 1001 }, (_, n) => `E2E-${stamp}-X${n}`);
    let drawer = await batteries.startBatch(`${type.name} (${type.code})`, tooMany);
    await drawer.getByRole('button', { name: 'Check', exact: true }).click();
    await drawer.getByText('Numbers may hold at most 1000 numbers').waitFor();

    // Check answers each number: new, already exists (a battery registered before), invalid.
    await drawer.getByLabel('Numbers', { exact: true }).fill([...fresh, registered!, 'BAD#1'].join('\n'));
    await batteries.check(drawer);
    for (const number of fresh) await batteries.checkRow(drawer, number).getByText('New', { exact: true }).waitFor();
    await batteries.checkRow(drawer, registered!).getByText('Already exists', { exact: true }).first().waitFor();
    await batteries.checkRow(drawer, 'BAD#1').getByText('Invalid', { exact: true }).waitFor();
    await batteries.registerNew(drawer, fresh.length);

    await batteries.search(`E2E-${stamp}`);
    for (const number of fresh) await batteries.row(number).waitFor();
    expect(await batteries.row(fresh[0]!).getByText('In stock').count()).toBe(1);

    const stock = new BatteryStockPage(page);
    await stock.open();
    drawer = await stock.stockOut(fresh, 'Sent to the e2e station');
    await drawer.waitFor({ state: 'hidden' });
    // The same numbers again: the server's "already out of stock" is shown at the list.
    drawer = await stock.stockOut(fresh, 'Sent twice');
    await drawer.getByText('Already out of stock').first().waitFor();
    await drawer.getByRole('button', { name: 'Cancel' }).click();

    await batteries.open();
    await batteries.search(fresh[0]!);
    await batteries.row(fresh[0]!).getByText('Out of stock').waitFor();
    await batteries.scrap(fresh[0]!, 'Swollen cells found at inspection');

    await batteries.open();
    await batteries.search(fresh[0]!, 'Scrapped');
    const row = batteries.row(fresh[0]!);
    await row.waitFor();
    expect(await row.getByText('Scrapped', { exact: true }).count()).toBe(1);
    // The row of the number alone may still show until the status filter's answer replaces the page.
    await expect.poll(() => batteries.row(fresh[1]!).count()).toBe(0);
  });
});

const IMEI = `86${Date.now()}`.slice(0, 15);

/** A device's edit: a bad value refused at its field, then a good one saved and shown on the page (as stored). */
const EDITS = [
  {
    kind: 'battery',
    field: 'IMEI',
    bad: '86A0001',
    refusal: 'IMEI must be at most 15 digits',
    good: IMEI,
    shown: IMEI,
  },
  // An O is no letter of a VIN (ISO 3779); a good one is kept in capitals, as VINs are written.
  {
    kind: 'vehicle',
    field: 'VIN',
    bad: '1HGCM82633O004352',
    refusal: 'VIN is invalid',
    good: '1hgcm82633a004352',
    shown: '1HGCM82633A004352',
  },
] as const;

describe('device edits', () => {
  for (const edit of EDITS)
    test(`a ${edit.kind}'s edit refuses a bad ${edit.field} at its field, then saves and shows the good one`, async ({ page }) => {
      const device = await createTrackedDevice(edit.kind);
      await new Shell(page).startSignedIn('admin');
      const detail = new DeviceDetailPage(page, edit.kind);
      await detail.openById(device.id);
      const form = new FormDrawer(page, await detail.edit());
      await form.fill({ [edit.field]: edit.bad });
      await form.save();
      await expect.poll(() => form.fieldError(edit.field)).toBe(edit.refusal);
      await form.fill({ [edit.field]: edit.good, Name: `Edited ${stamp}` });
      await form.saveAndClose();
      await detail.value(edit.field).getByText(edit.shown, { exact: true }).waitFor();
      await detail.value('Name').getByText(`Edited ${stamp}`, { exact: true }).waitFor();
    });
});

/** Waits until no list or button is still loading (axe would judge a half-faded spinner). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.ant-btn-loading, .ant-spin-spinning, .ant-skeleton'));
}

/**
 * Opens each path and checks it once its list has data (or shows its empty state); the sidebar and
 * header, the same on each, are checked on the first.
 */
async function checkLists(page: Page, paths: string[]): Promise<void> {
  for (const [index, path] of paths.entries()) {
    await page.goto(path);
    await page.locator('.ant-table-row:visible, .ant-empty:visible').first().waitFor();
    await settled(page);
    await checkA11y(page, { withoutShell: index > 0 });
  }
}

const KINDS = ['vehicle', 'battery', 'cabinet'] as const;

describe('device owners', () => {
  test('platform staff whose role lacks the merchant menu filter the battery list by owner', async ({ page }) => {
    const [merchant, other] = await Promise.all([createMerchant(), createMerchant()]);
    const [mine] = await createBatteries(1, merchant.admin.token);
    const [theirs] = await createBatteries(1, other.admin.token);
    const staff = await createPlatformStaff(['operation.battery']);
    const shell = new Shell(page);
    await shell.startSignedIn(staff.username, staff.password);
    const list = new BatteryListPage(page);
    await list.open();
    // No merchant screen in the sidebar: the owner choices come from the list's own option search.
    expect(await page.getByRole('link', { name: 'Merchants', exact: true }).count()).toBe(0);
    await list.searchByOwner(merchant.name);
    await list.row(mine!).waitFor();
    expect(await list.row(theirs!).count()).toBe(0);
    await list.searchByOwner(other.name);
    await list.row(theirs!).waitFor();
    expect(await list.row(mine!).count()).toBe(0);
  });
});

describe('product centre accessibility', () => {
  test('types and device lists have no serious or critical axe violation', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    await checkLists(
      page,
      KINDS.flatMap((kind) => [`/product/${kind}-type/list`, `/product/${kind}/list`]),
    );
    // Six lists, each loaded and checked: more than one test's usual time on a busy machine.
  }, 150_000);

  test('stock lists and records have no serious or critical axe violation', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    await checkLists(
      page,
      KINDS.flatMap((kind) => [`/product/${kind}-inventory/list`, `/product/${kind}-inventory/record`]),
    );
  });

  test('device details and the batch registration drawer have no serious or critical axe violation', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    // Details are reached from their lists, as a user would (the lists are checked above).
    for (const [index, kind] of KINDS.entries()) {
      await page.goto(`/product/${kind}/list`);
      await page.locator('.ant-table-row').first().getByRole('button', { name: 'View' }).click();
      await page.waitForURL((url) => url.pathname.startsWith(`/product/${kind}/detail/`));
      await page.getByText('Identity', { exact: true }).waitFor();
      await settled(page);
      await checkA11y(page, { withoutShell: index > 0 });
    }
    // The drawer over the battery list: the drawer alone.
    await page.goto('/product/battery/list');
    await page.locator('.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: 'Batch register' }).click();
    await page.locator('.ant-drawer-content-wrapper:visible').waitFor();
    await settled(page);
    await checkA11y(page, { include: ['.ant-drawer-open'] });
  });

  test('stock batch details have no serious or critical axe violation', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    for (const [index, kind] of KINDS.entries()) {
      await page.goto(`/product/${kind}-inventory/record`);
      await page.locator('.ant-table-row').first().getByRole('button', { name: 'View' }).click();
      await page.waitForURL((url) => url.pathname === `/product/${kind}-inventory/record/detail`);
      await page.locator('.ant-table-row:visible').first().waitFor();
      await settled(page);
      await checkA11y(page, { withoutShell: index > 0 });
    }
  });
});
