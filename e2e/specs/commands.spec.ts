import { afterAll, beforeAll } from 'vitest';
import type { RunningFleet } from '@swap/simulator';
import { startCabinetDevice } from '../support/fleet.js';
import { createCabinetDevice } from '../support/factories.js';
import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { CabinetDetailPage } from '../pages/cabinet-detail-page.js';
import { Shell } from '../pages/shell.js';
import { cabinetApi } from '@swap/contracts';
import { apiRequest, apiToken } from '../support/api.js';

describe('remote commands', () => {
  let fleet: RunningFleet;
  let cabinetId = 0;

  beforeAll(async () => {
    // A cabinet of its own, run as a simulated device with the secret issued for it.
    const cabinet = await createCabinetDevice({ batteries: 2 });
    // Answers come after a short, realistic delay; an opened door stays open for the whole spec.
    fleet = await startCabinetDevice(cabinet, { commands: { delayMs: [50, 150], doorOpenMs: 600_000 } });
    const token = await apiToken();
    cabinetId = cabinet.id;
    // Commands need the cabinet online: wait for its retained state to be persisted.
    for (let tries = 0; ; tries++) {
      if ((await apiRequest(token, cabinetApi.detail, { id: cabinetId })).online) break;
      if (tries > 100) throw new Error('the simulated cabinet did not come online');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    await fleet?.stop();
  });

  test('opens a door behind a confirm prompt and sees the compartment change without reloading', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    const detail = new CabinetDetailPage(page, cabinetId);
    await detail.open();
    // A marker that a page reload would wipe.
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));

    await expect.poll(() => detail.compartment(1).getByText('Door open').count()).toBe(0);
    await detail.sendCompartmentCommand(1, 'Open door');
    await page.getByText('Open door: done').waitFor();
    await detail.compartment(1).getByText('Door open').waitFor();
    // The popover's door lock row (the battery lock keeps its own value).
    const fields = await detail.showCompartment(1);
    await fields.locator('tr', { hasText: 'Door lock' }).getByText('Unlocked').waitFor();

    // The device's failure comes back as the catalogue's message.
    fleet.cabinets[0]!.commands.failNext('OPEN_DOOR_FAILURE');
    await detail.sendCompartmentCommand(2, 'Open door');
    await page.locator('.ant-notification-notice', { hasText: 'Failed to open the door' }).waitFor();
    expect(await detail.compartment(2).getByText('Door open').count()).toBe(0);

    // The history lists both, newest first, with status and sender.
    await detail.historyRow('Failed to open the door').getByText('Failed', { exact: true }).waitFor();
    const succeeded = detail.historyRow('Succeeded');
    await succeeded.getByText('Open door').waitFor();
    expect(await succeeded.locator('td').allInnerTexts()).toContain('1');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  test('the cabinet page with its commands passes the accessibility check', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    const detail = new CabinetDetailPage(page, cabinetId);
    await detail.open();
    await detail.historyRow('Open door').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.ant-btn-loading, .ant-spin-spinning, .ant-skeleton'));
    await checkA11y(page);
    await (await detail.showCompartment(1)).getByRole('group', { name: 'Commands for compartment 1' }).waitFor();
    await checkA11y(page);
  });
});
