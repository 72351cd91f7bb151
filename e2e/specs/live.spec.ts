import { cabinetTelemetry, type CabinetTelemetry } from '@swap/contracts';
import type { RunningFleet } from '@swap/simulator';
import { startCabinetDevice } from '../support/fleet.js';
import { createCabinetDevice } from '../support/factories.js';
import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { CabinetDetailPage } from '../pages/cabinet-detail-page.js';
import { Shell } from '../pages/shell.js';

describe('live cabinet detail', () => {
  test('shows a simulated cabinet’s compartment and environment changes without reloading', async ({ page }) => {
    // A cabinet of its own with two packs, run as a simulated device with the secret issued for it.
    const cabinet = await createCabinetDevice({ batteries: 2 });
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
    } finally {
      await fleet?.stop();
    }
  });
});
