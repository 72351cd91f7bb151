import { createHash } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { RunningFleet } from '@swap/simulator';
import { cabinetApi, firmwareApi } from '@swap/contracts';
import { DEVICE_MENUS } from '@swap/contracts/testing';
import { apiRequest, apiToken } from '../support/api.js';
import { checkA11y } from '../support/a11y.js';
import { createCabinetDevices, createMerchant, type CabinetDevice } from '../support/factories.js';
import { startCabinetDevices } from '../support/fleet.js';
import { describe, expect, test } from '../support/fixtures.js';
import { FirmwarePage, UpgradeRecordPage } from '../pages/upgrade-pages.js';
import { FormDrawer, ListPage } from '../pages/list-page.js';
import { Shell } from '../pages/shell.js';

const version = `9.${Date.now() % 100_000}.0`;
const image = Buffer.from(`SC firmware ${version} `.repeat(500));

describe('firmware upgrades', () => {
  let fleet: RunningFleet;
  let cabinets: CabinetDevice[];
  let typeName = '';
  let typeId = 0;

  beforeAll(async () => {
    // Three cabinets of a type of their own, upgrading in about a second each.
    const made = await createCabinetDevices(3);
    ({ cabinets, typeName, typeId } = made);
    fleet = await startCabinetDevices(cabinets, {
      commands: { delayMs: [20, 80] },
      firmware: { downloadMs: [200, 500], installMs: [300, 800] },
    });
    const token = await apiToken();
    for (const cabinet of cabinets) {
      for (let tries = 0; !(await apiRequest(token, cabinetApi.detail, { id: cabinet.id })).online; tries++) {
        if (tries > 100) throw new Error('a simulated cabinet did not come online');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
  afterAll(async () => {
    await fleet?.stop();
  });

  test('uploads an image, upgrades three simulated cabinets, watches their progress and retries the failed one', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    const firmware = new FirmwarePage(page);
    await firmware.open();
    await firmware.upload({ type: typeName, version, notes: 'Faster door locks.', file: { name: `sc-${version}.bin`, buffer: image } });
    // The size and SHA-256 the server computed from the bytes it received.
    const row = firmware.row(version);
    await row.getByText(createHash('sha256').update(image).digest('hex')).waitFor();
    await row.getByText(/^1\d(\.\d)? kB$/).waitFor();

    // Nothing chosen: the server's refusal in words.
    const drawer = await firmware.startUpgrade(version, {});
    await drawer.save();
    await page.locator('.ant-notification-notice', { hasText: 'Please choose a cabinet before upgrade' }).waitFor();

    // Every cabinet of the type, ten a second; the second one's installation fails.
    fleet.cabinets[1]!.firmware.failNext('InstallationFailed');
    await drawer.fill({ Type: `All cabinets of ${typeName}`, 'Devices per minute': '600' });
    // Saved, the records open with the task's progress drawer (the form's drawer may still be fading out).
    await drawer.save();
    const records = new UpgradeRecordPage(page);
    await records.progress().getByText('3 of 3 ended, 1 failed').waitFor({ timeout: 30_000 });
    await records.cabinetRow(cabinets[1]!.number).getByText('Installation failed').first().waitFor();
    await records.cabinetRow(cabinets[0]!.number).getByText('Installed').waitFor();

    await records.confirmInProgress('Retry failed');
    await records.progress().getByText('3 of 3 ended, 0 failed').waitFor({ timeout: 30_000 });
    await records.cabinetRow(cabinets[1]!.number).getByText('Installed').waitFor();
    await records.cabinetRow(cabinets[1]!.number).getByText('Succeeded').waitFor();
    await checkA11y(page);
  });

  test('sends a command to the cabinets selected on the cabinet list and follows each one’s result', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    const list = new ListPage(page, '/product/cabinet/list');
    await list.open();
    // The spec's three cabinets share their number's start.
    await list.search({ Number: cabinets[0]!.number.slice(0, -4) });
    await expect.poll(() => list.rows().count()).toBe(3);
    await page.locator('thead .ant-table-selection-column input[type="checkbox"]').check();
    await page.getByText('3 selected', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Command to the selected' }).click();
    const drawer = new FormDrawer(page);
    // The selected cabinets are the drawer's choice.
    for (const cabinet of cabinets) await drawer.locator.getByText(cabinet.number, { exact: false }).first().waitFor();
    // The second cabinet cannot carry it out.
    fleet.cabinets[1]!.commands.failNext('SENDING_FAILED');
    await drawer.fill({ Command: 'Charger off', Compartment: '1', 'Devices per minute': '600' });
    await drawer.save();
    // Once sent, the drawer follows the task cabinet by cabinet.
    const progress = page.locator('.ant-drawer-content-wrapper:visible', { has: page.getByText(/^Task \d+: progress$/) });
    await progress.getByText('3 of 3 ended, 1 failed').waitFor({ timeout: 30_000 });
    const row = (cabinet: CabinetDevice) => progress.locator('.ant-table-row', { hasText: cabinet.number });
    await row(cabinets[1]!).getByText('Sending failed').waitFor();
    await row(cabinets[1]!).getByText('Failed', { exact: true }).waitFor();
    await row(cabinets[0]!).getByText('Succeeded', { exact: true }).waitFor();
    await row(cabinets[2]!).getByText('Succeeded', { exact: true }).waitFor();

    await progress.getByRole('button', { name: 'Retry failed', exact: true }).click();
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: 'Confirm' }).click();
    await progress.getByText('3 of 3 ended, 0 failed').waitFor({ timeout: 30_000 });
    await row(cabinets[1]!).getByText('Succeeded', { exact: true }).waitFor();
    // Each cabinet carried it out once: its charger in compartment 1 is off.
    const token = await apiToken();
    for (const cabinet of cabinets) {
      const { compartments } = await apiRequest(token, cabinetApi.detail, { id: cabinet.id });
      expect(compartments.find((c) => c.index === 1)?.chargerSwitch).toBe('OFF');
    }
  });

  test('stops a slow upgrade from the records: the cabinets not started are cancelled', async ({ page }) => {
    const token = await apiToken();
    const [file] = (await apiRequest(token, firmwareApi.search, { version, size: 1 })).records;
    // One a minute: the first cabinet goes at once, the others would wait.
    await apiRequest(token, firmwareApi.upgrade, { firmwareId: file!.id, cabinetIds: cabinets.map((c) => c.id), devicesPerMinute: 1 });
    await new Shell(page).startSignedIn('admin');
    const records = new UpgradeRecordPage(page);
    await records.open();
    await records.search({ Version: version });
    // The finished upgrade and this one, still running.
    await expect.poll(() => records.rows().count(), { timeout: 15_000 }).toBe(2);
    await records.action('Running', 'Stop');
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: 'Confirm' }).click();
    await records.row('Stopped').waitFor();
    expect(await records.row('Running').count()).toBe(0);
    // The cabinets the stop cancelled are told apart from failed ones.
    await expect.poll(() => records.row('Stopped').textContent()).toMatch(/, 0 failed, [1-9]\d* cancelled/);
    await records.action('Stopped', 'Progress');
    await records.progress().getByText('Cancelled').first().waitFor();
    await expect.poll(() => records.progress().getByText('Cancelled', { exact: true }).count()).toBe(2);
  });

  test('merchant staff see the firmware and upgrade their own cabinets, but neither upload nor edit, nor see the platform’s tasks', async ({
    page,
  }) => {
    // A merchant whose role grants the firmware menu with every button (upload, edit, remove, upgrade):
    // upload, edit and remove stay the platform's whatever the role grants.
    const merchant = await createMerchant({ menuCodes: [...DEVICE_MENUS, 'updrade.firmware', 'updrade.record', 'updrade.version'] });
    // A cabinet of its own of the spec's type, never connected.
    const own = await apiRequest(merchant.admin.token, cabinetApi.add, { number: `${cabinets[0]!.number.slice(0, -5)}M0001`, typeId });
    await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
    const firmware = new FirmwarePage(page);
    await firmware.open();
    await firmware.search({ Version: version });
    const row = firmware.row(version);
    await row.getByText(typeName).waitFor();
    expect(await page.getByRole('button', { name: 'Upload firmware' }).count()).toBe(0);
    // Upgrade is the row's only action: no Edit, no Remove, no More actions menu.
    expect(await row.getByRole('button').allInnerTexts()).toEqual(['Upgrade']);

    // All cabinets of the type, as far as the merchant goes: its own one, which is offline.
    const drawer = await firmware.startUpgrade(version, { Type: `All cabinets of ${typeName}`, 'Devices per minute': '600' });
    await drawer.save();
    const records = new UpgradeRecordPage(page);
    await records.progress().getByText('1 of 1 ended, 1 failed').waitFor({ timeout: 30_000 });
    await records.cabinetRow(own.number).getByText('Cabinet is offline').waitFor();
    await records.progress().getByRole('button', { name: 'Close' }).click();
    await page.getByText(/^Task \d+: progress$/).waitFor({ state: 'hidden' });
    // Its records hold its own task only, not the platform's upgrades of the same version.
    await records.search({ Version: version });
    await expect.poll(() => records.rows().count(), { timeout: 15_000 }).toBe(1);
    await records.row('Finished').waitFor();
  });
});
