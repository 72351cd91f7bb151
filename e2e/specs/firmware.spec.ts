import { createHash } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { RunningFleet } from '@swap/simulator';
import { cabinetApi, firmwareApi } from '@swap/contracts';
import { apiRequest, apiToken } from '../support/api.js';
import { checkA11y } from '../support/a11y.js';
import { createCabinetDevices, type CabinetDevice } from '../support/factories.js';
import { startCabinetDevices } from '../support/fleet.js';
import { describe, expect, test } from '../support/fixtures.js';
import { FirmwarePage, UpgradeRecordPage } from '../pages/upgrade-pages.js';
import { Shell } from '../pages/shell.js';

const version = `9.${Date.now() % 100_000}.0`;
const image = Buffer.from(`SC firmware ${version} `.repeat(500));

describe('firmware upgrades', () => {
  let fleet: RunningFleet;
  let cabinets: CabinetDevice[];
  let typeName = '';

  beforeAll(async () => {
    // Three cabinets of a type of their own, upgrading in about a second each.
    const made = await createCabinetDevices(3);
    ({ cabinets, typeName } = made);
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
    await drawer.saveAndClose();
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
});
