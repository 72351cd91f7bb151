import type { Page } from 'playwright-core';
import { cabinetTelemetry, type CabinetTelemetry } from '@swap/contracts';
import type { RunningFleet } from '@swap/simulator';
import { createDeviceWithHistory, startCabinetDevice } from '../support/fleet.js';
import { createCabinetDevice, createTrackedDevice } from '../support/factories.js';
import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { CabinetDetailPage } from '../pages/cabinet-detail-page.js';
import { Shell } from '../pages/shell.js';
import { TrajectoryPage } from '../pages/trajectory-page.js';

/** Waits until nothing is loading (axe would judge a half-faded spinner). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.ant-btn-loading, .ant-spin-spinning, .ant-skeleton'));
}

// Each device's history, uploaded as its backlog: a report every 10 minutes over the last 6 days, one 20 days and one 60 days old.
const WEEK_REPORTS = 864;
const JAKARTA = { lat: -6.2, lng: 106.82 };

describe('trajectories', () => {
  test('a vehicle’s route for the last week, month and three months on the map, its trips listed, played back', async ({ page }) => {
    const vehicle = await createDeviceWithHistory('vehicle', { centre: JAKARTA });
    expect(vehicle.readings).toBe(WEEK_REPORTS + 2);
    await new Shell(page).startSignedIn('admin');
    const trajectory = new TrajectoryPage(page, 'vehicle');
    await trajectory.openFor(vehicle.number);
    await trajectory.routeMap().waitFor();
    await expect.poll(() => trajectory.summary('Reports').textContent()).toBe(String(WEEK_REPORTS));
    expect(await trajectory.summary('Distance').textContent()).toMatch(/^\d+\.\d{2} km$/);
    await expect.poll(() => trajectory.routeLines().count()).toBeGreaterThan(0);
    expect(await page.getByRole('columnheader', { name: 'Speed (km/h)' }).count()).toBe(1);
    expect(await trajectory.rows().count()).toBe(20);

    // The drive rides an hour and stands half an hour: many trips. One is chosen from the list;
    // playback moves the position on and pauses.
    await trajectory.trip(2).waitFor();
    await trajectory.trip(1).click();
    await expect.poll(() => trajectory.trip(1).getAttribute('aria-pressed')).toBe('true');
    const before = await trajectory.playbackTime().textContent();
    await trajectory.playbackButton('Play').click();
    await expect.poll(() => trajectory.playbackTime().textContent()).not.toBe(before);
    await trajectory.playbackButton('Pause').click();
    await trajectory.playbackButton('Play').waitFor();
    await settled(page);
    await checkA11y(page);

    await trajectory.chooseRange('Last month');
    await expect.poll(() => trajectory.summary('Reports').textContent()).toBe(String(WEEK_REPORTS + 1));
    await trajectory.chooseRange('Last three months');
    await expect.poll(() => trajectory.summary('Reports').textContent()).toBe(String(WEEK_REPORTS + 2));
    expect(await trajectory.routeMap().count()).toBe(1);

    // A start and an end: nothing is drawn until both are set.
    await trajectory.chooseRange('Start and end');
    await page.getByText('Choose the start and the end of the range to draw the route').waitFor();
    expect(await trajectory.routeMap().count()).toBe(0);
  });

  test('a battery’s route shows its charge, its detail charts charge and temperature; a device without positions cannot draw a route', async ({
    page,
  }) => {
    const [pack, quietVehicle] = await Promise.all([
      createDeviceWithHistory('battery', { centre: { lat: 13.75, lng: 100.52 } }),
      createTrackedDevice('vehicle'),
    ]);
    await new Shell(page).startSignedIn('admin');
    const battery = new TrajectoryPage(page, 'battery');
    await battery.openFor(pack.number);
    await battery.routeMap().waitFor();
    expect(await page.getByRole('columnheader', { name: 'State of charge (%)' }).count()).toBe(1);
    await expect.poll(() => battery.summary('Charge used').textContent()).toMatch(/^[\d.,]+ %$/);
    // The same page as the vehicle's, checked with axe there.

    // Back on the battery's detail: its charge and temperature of the last 24 hours from the same history.
    await page.goBack();
    await page.getByRole('img', { name: /^\d+ readings: State of charge \(%\) \d+ to \d+; Temperature/ }).waitFor();
    await settled(page);
    await checkA11y(page);

    const quiet = new TrajectoryPage(page, 'vehicle');
    await quiet.openFor(quietVehicle.number);
    await page.getByText('Unable to draw route', { exact: false }).waitFor();
    expect(await quiet.routeMap().count()).toBe(0);
    expect(await quiet.summary('Reports').textContent()).toBe('0');
    await settled(page);
    await checkA11y(page);
  });

  test('a cabinet’s detail charts its environment with the alarms raised, and shows each meter’s energy as it reports', async ({
    page,
  }) => {
    const cabinet = await createCabinetDevice({ batteries: 1 });
    let fleet: RunningFleet | undefined;
    try {
      fleet = await startCabinetDevice(cabinet);
      const device = fleet.cabinets[0]!;
      await device.tick();
      const report = (meters: CabinetTelemetry['meters'], waterAlarm: boolean): string =>
        JSON.stringify(
          cabinetTelemetry.parse({
            ts: new Date().toISOString(),
            humidity: 47,
            signal: 21,
            waterAlarm,
            smokeAlarm: false,
            temperature: 29.5,
            lamp: 'ON',
            radiator: 'AUTO',
            supply: 'NORMAL',
            power: { externalMax: 10, chargerTotal: 7.2 },
            meters,
            load: 1.25,
          }),
        );
      await device.publishRaw(
        'telemetry',
        report(
          [
            { index: 1, energyKwh: 1234.5 },
            { index: 2, energyKwh: 88.25 },
          ],
          true,
        ),
      );

      await new Shell(page).startSignedIn('admin');
      const detail = new CabinetDetailPage(page, cabinet.id);
      await detail.open();
      await expect.poll(() => detail.field('Meter readings').innerText()).toBe('Meter 1: 1234.5 kWh\nMeter 2: 88.25 kWh');
      const chart = detail.environmentChart();
      await chart.waitFor();
      const summary = (await chart.getAttribute('aria-label')) ?? '';
      expect(summary).toMatch(/^\d+ readings: Temperature \(°C\) [\d.]+ to [\d.]+; Humidity \(%\) [\d.]+ to [\d.]+; Load \(kW\) /);
      expect(summary).toContain('Water alarm raised at 1 readings');
      await settled(page);
      await checkA11y(page);

      // The next report's meters replace the shown ones without reloading.
      await detail.waitUntilLive();
      await device.publishRaw('telemetry', report([{ index: 1, energyKwh: 1240 }], false));
      await expect.poll(() => detail.field('Meter readings').innerText(), { timeout: 5000 }).toBe('Meter 1: 1240 kWh');
    } finally {
      await fleet?.stop();
    }
  });
});
