import { afterAll, beforeAll } from 'vitest';
import type { RunningFleet } from '@swap/simulator';
import { startCabinetDevice } from '../support/fleet.js';
import { createCabinetDevice } from '../support/factories.js';
import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { CabinetDetailPage } from '../pages/cabinet-detail-page.js';
import { DeviceDetailPage } from '../pages/device-detail-pages.js';
import { ListPage } from '../pages/list-page.js';
import { Shell } from '../pages/shell.js';
import { batteryApi, cabinetApi } from '@swap/contracts';
import { apiRequest, apiToken } from '../support/api.js';

describe('remote commands', () => {
  let fleet: RunningFleet;
  let cabinetId = 0;
  let firstBattery = '';
  let cabinetNumber = '';

  beforeAll(async () => {
    // A cabinet of its own, run as a simulated device with the secret issued for it.
    const cabinet = await createCabinetDevice({ batteries: 2 });
    // Answers come after a short, realistic delay; an opened door stays open for the whole spec.
    fleet = await startCabinetDevice(cabinet, { commands: { delayMs: [50, 150], doorOpenMs: 600_000 } });
    const token = await apiToken();
    cabinetId = cabinet.id;
    firstBattery = cabinet.compartments[0]!.batteryNumber!;
    cabinetNumber = cabinet.number;
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
    // The panel's door lock row (the battery lock keeps its own value).
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

  test('opens a door from the keyboard: Enter on a compartment, Tab reaches its commands, the result and the log show', async ({
    page,
  }) => {
    await new Shell(page).startSignedIn('admin');
    const detail = new CabinetDetailPage(page, cabinetId);
    await detail.open();
    await detail.connectivity().getByText('Online', { exact: true }).waitFor();
    await detail.sendCompartmentCommandByKeyboard(3, 'Open door');
    await page.getByText('Open door: done').waitFor();
    // The panel stayed open on the compartment and follows its new state.
    await detail.compartmentPanel(3).locator('tr', { hasText: 'Door lock' }).getByText('Unlocked').waitFor();
    await detail.closeCompartment();
    // Focus is back on the compartment it was opened from.
    expect(await detail.compartment(3).evaluate((element) => element === document.activeElement)).toBe(true);
    await detail
      .logRow(/^.*Open door sent to compartment 3 by /)
      .first()
      .waitFor();
    await detail.logRow('Open door: Succeeded').first().waitFor();
  });

  test('a compartment’s panel fits a small screen and scrolls to its last command', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 560 });
    await new Shell(page).startSignedIn('admin');
    const detail = new CabinetDetailPage(page, cabinetId);
    await detail.open();
    const panel = await detail.showCompartment(1);
    // Once it has slid in, the whole panel is on the screen.
    await expect
      .poll(async () => {
        const box = (await panel.boundingBox())!;
        return box.x >= 0 && box.y >= 0 && box.x + box.width <= 1024 && box.y + box.height <= 560;
      })
      .toBe(true);
    const commands = detail.commandsOf(panel, 1).getByRole('button');
    const last = commands.last();
    await last.scrollIntoViewIfNeeded();
    const lastBox = (await last.boundingBox())!;
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(560);
    expect(await commands.count()).toBeGreaterThan(3);
  });

  test('the cabinet page with its commands passes the accessibility check', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    const detail = new CabinetDetailPage(page, cabinetId);
    await detail.open();
    await detail.historyRow('Open door').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.ant-btn-loading, .ant-spin-spinning, .ant-skeleton'));
    await checkA11y(page);
    await detail.commandsOf(await detail.showCompartment(1), 1).waitFor();
    await page.waitForFunction(() => !document.querySelector('.ant-drawer [class*="motion"]'));
    await checkA11y(page);
  });

  test('an offline cabinet shows its last known values and disables its commands, saying why', async ({ page }) => {
    await new Shell(page).startSignedIn('admin');
    // The cabinet list's connection column and filter: online now, not among the offline ones.
    const list = new ListPage(page, '/product/cabinet/list');
    await list.open();
    await list.columnHeader('Connection').waitFor();
    await list.search({ Number: cabinetNumber, Connection: 'Online' });
    await list.row(cabinetNumber).getByText('Online', { exact: true }).waitFor();
    // A fresh form: the first pick's list may still be fading out and swallow a second pick.
    await list.open();
    await list.search({ Number: cabinetNumber, Connection: 'Offline' });
    await list.page.locator('.ant-empty').first().waitFor();
    // The page of a battery in that cabinet, open beside it while the cabinet is online: its commands can be sent.
    const token = await apiToken();
    const [battery] = (await apiRequest(token, batteryApi.search, { number: firstBattery })).records;
    const batteryTab = await page.context().newPage();
    const batteryPage = new DeviceDetailPage(batteryTab, 'battery');
    await batteryPage.openById(battery!.id);
    await expect.poll(() => batteryPage.batteryCommands().first().isEnabled()).toBe(true);
    await batteryTab.locator('[data-live-status="open"]').getByText('Page updates live', { exact: true }).waitFor();
    const detail = new CabinetDetailPage(page, cabinetId);
    await detail.open();
    await detail.connectivity().getByText('Online', { exact: true }).waitFor();
    // The cabinet goes away: the open pages hear it, the cabinet's and the battery's, without reloading.
    await batteryTab.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await fleet.stop();
    await batteryTab.getByText(/^Commands are unavailable: the cabinet is offline \(last seen .+\)\.$/).waitFor();
    for (const button of await batteryPage.batteryCommands().all()) expect(await button.isDisabled()).toBe(true);
    expect(await batteryTab.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await batteryTab.close();
    await detail.connectivity().getByText('Offline', { exact: true }).waitFor();
    await detail
      .connectivity()
      .getByText(/^last seen /)
      .waitFor();
    // The page's own live updates still run: its tag says so, not that the cabinet is online.
    await detail.waitUntilLive();
    await page.getByText('Last known values').first().waitFor();
    const panel = await detail.showCompartment(1);
    await panel.getByText(/^Commands are unavailable: the cabinet is offline \(last seen .+\)\.$/).waitFor();
    const buttons = detail.commandsOf(panel, 1).getByRole('button');
    expect(await buttons.count()).toBeGreaterThan(0);
    for (const button of await buttons.all()) expect(await button.isDisabled()).toBe(true);
    await detail.closeCompartment();
    expect(await page.getByRole('button', { name: 'Restart cabinet' }).isDisabled()).toBe(true);
    await detail.logRow('Went offline').first().waitFor();
    // The list now finds it among the offline ones, with when it was last seen.
    await list.open();
    await list.search({ Number: cabinetNumber, Connection: 'Offline' });
    await list.row(cabinetNumber).getByText('Offline', { exact: true }).waitFor();
    await list
      .row(cabinetNumber)
      .getByText(/^last seen /)
      .waitFor();

    // The battery's page opened now disables its commands too, with the reason in the tooltip.
    const reopened = new DeviceDetailPage(page, 'battery');
    await reopened.openById(battery!.id);
    await page.getByText(/^Commands are unavailable: the cabinet is offline \(last seen .+\)\.$/).waitFor();
    const commands = reopened.batteryCommands();
    expect(await commands.count()).toBeGreaterThan(0);
    for (const button of await commands.all()) expect(await button.isDisabled()).toBe(true);
    await commands.first().locator('xpath=..').hover();
    await page
      .getByRole('tooltip')
      .getByText(/^Commands are unavailable: the cabinet is offline/)
      .waitFor();
  });
});
