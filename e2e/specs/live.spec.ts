import { cabinetTelemetry, distributionApi, stationApi, type CabinetTelemetry } from '@swap/contracts';
import type { RunningFleet } from '@swap/simulator';
import { startCabinetDevice } from '../support/fleet.js';
import { createCabinetDevice } from '../support/factories.js';
import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { CabinetDetailPage } from '../pages/cabinet-detail-page.js';
import { Shell } from '../pages/shell.js';
import { apiRequest, apiToken } from '../support/api.js';

describe('live cabinet detail', () => {
  test('shows a simulated cabinet’s compartment and environment changes without reloading, and so does its station’s cabinet row', async ({
    page,
  }) => {
    // A cabinet of its own with two packs, run as a simulated device with the secret issued for it,
    // standing in a swap station of its own.
    const cabinet = await createCabinetDevice({ batteries: 2 });
    const token = await apiToken();
    const stationName = `Live station ${cabinet.number}`;
    const station = await apiRequest(token, stationApi.SWAP.add, {
      name: stationName,
      nature: 'SELF_OPERATED',
      address: 'Jl. Thamrin 1, Jakarta',
      latitude: -6.19,
      longitude: 106.82,
      responsiblePerson: 'Rina',
      status: 'DEPLOYED',
    });
    await apiRequest(token, distributionApi.cabinet.distribute, { numbers: [cabinet.number], stationId: station.id });
    let fleet: RunningFleet | undefined;
    try {
      fleet = await startCabinetDevice(cabinet);
      const device = fleet.cabinets[0]!;
      await device.tick();

      await new Shell(page).startSignedIn('admin');
      const detail = new CabinetDetailPage(page, cabinet.id);
      await detail.open();
      await detail.waitUntilLive();
      await page.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });

      // A battery leaves its compartment: the cell turns empty.
      const slot = device.slots.find((s) => s.battery)!;
      await detail.compartment(slot.index, slot.battery!.soc >= 95 ? 'Full' : 'Swappable').waitFor();
      slot.battery = null;
      await device.tick();
      await detail.compartment(slot.index, 'Empty').waitFor({ timeout: 5000 });

      // The environment changes: humidity and load as the cabinet reports them.
      const report: CabinetTelemetry = cabinetTelemetry.parse({
        ts: new Date().toISOString(),
        humidity: 42,
        signal: 9,
        waterAlarm: true,
        smokeAlarm: false,
        temperature: 31.5,
        lamp: 'OFF',
        radiator: 'ON',
        supply: 'NORMAL',
        power: { externalMax: 10, chargerTotal: 7.2 },
        meters: [{ index: 1, energyKwh: 1234.5 }],
        load: 1.75,
      });
      await device.publishRaw('telemetry', JSON.stringify(report));
      await expect.poll(() => detail.field('Humidity').innerText(), { timeout: 5000 }).toContain('42');
      expect(await detail.field('Load').innerText()).toContain('1.75');

      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      await checkA11y(page);

      // The station the cabinet stands in: its row follows the cabinet's reports too.
      await page.getByRole('link', { name: stationName }).click();
      await page.getByRole('heading', { level: 1, name: stationName }).waitFor();
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: cabinet.number, exact: true }) });
      await row.getByText('Alarm', { exact: true }).waitFor();
      await page.locator('[data-live-status="open"]').getByText('Page updates live', { exact: true }).waitFor();
      await device.publishRaw('telemetry', JSON.stringify({ ...report, ts: new Date().toISOString(), waterAlarm: false }));
      await row.getByText('Alarm', { exact: true }).waitFor({ state: 'detached', timeout: 5000 });
      // Water and smoke alarms and the supply all read Normal now.
      expect(await row.getByText('Normal', { exact: true }).count()).toBe(3);
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    } finally {
      await fleet?.stop();
    }
  });
});
