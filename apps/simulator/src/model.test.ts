import { describe, expect, it } from 'vitest';
import { batteryTelemetry, cabinetState, cabinetTelemetry } from '@swap/contracts';
import { batteryTelemetryReport, cabinetStateReport, cabinetTelemetryReport, chargeStep, newBattery, seededRandom } from './model.js';
import { demoDeviceSecret } from './secret.js';

describe('simulated devices', () => {
  const random = seededRandom(7);
  const battery = newBattery('BJK000001', random, { lat: -6.2, lng: 106.8 });
  const slots = [
    { index: 1, battery },
    { index: 2, battery: null },
  ];

  it('report payloads that pass the contracts’ schemas', () => {
    expect(cabinetState.safeParse(cabinetStateReport(slots, new Date())).success).toBe(true);
    expect(cabinetTelemetry.safeParse(cabinetTelemetryReport(slots, new Date(), random, 1000)).success).toBe(true);
    expect(batteryTelemetry.safeParse(batteryTelemetryReport(battery, true, new Date(), random)).success).toBe(true);
  });

  it('charges a slot battery up to full and no further', () => {
    battery.soc = 50;
    for (let i = 0; i < 200; i++) chargeStep(battery, random);
    expect(battery.soc).toBeGreaterThanOrEqual(95);
    expect(battery.soc).toBeLessThanOrEqual(100);
    expect(cabinetStateReport(slots, new Date()).compartments[0]!.state).toBe('FULL');
  });

  it('derives a stable per-device secret from the master secret', () => {
    expect(demoDeviceSecret('m', 'CJK0001')).toBe(demoDeviceSecret('m', 'CJK0001'));
    expect(demoDeviceSecret('m', 'CJK0001')).not.toBe(demoDeviceSecret('m', 'CJK0002'));
    expect(demoDeviceSecret('m', 'CJK0001')).not.toBe(demoDeviceSecret('n', 'CJK0001'));
  });
});
