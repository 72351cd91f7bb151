/** The telemetry the device benches publish (load.ts, alarm-latency.ts). */

/** A battery's telemetry as the bench's packs report it, with its charge, latitude and temperature. */
export function batteryReport(now: number, { soc, lat, temperature }: { soc: number; lat: number; temperature: number }): string {
  return JSON.stringify({
    ts: new Date(now).toISOString(),
    soc,
    voltage: 64.2,
    current: -8.5,
    temperature,
    cellVoltages: Array.from({ length: 20 }, () => 3.21),
    cycles: 120,
    gsmSignal: 22,
    gpsSignal: 9,
    position: { lat, lng: 106.8 },
    chargeSwitch: 'ALLOWED',
    dischargeSwitch: 'ALLOWED',
  });
}
