import { describe, expect, it } from 'vitest';
import { batteryTelemetry, vehicleTelemetry } from '@swap/contracts';
import { batteryReadings, generateDrive, uploadBacklog, vehicleReadings } from './backlog.js';

describe('a generated drive uploaded as a backlog', () => {
  const end = new Date('2026-11-20T12:00:00.000Z');
  const drive = generateDrive({ centre: { lat: -6.2, lng: 106.82 }, end });

  it('covers six days every 10 minutes and two older readings, oldest first, ending at the end given', () => {
    expect(drive).toHaveLength(6 * 144 + 2);
    const times = drive.map((p) => p.at.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(drive[drive.length - 1]!.at).toEqual(end);
    expect(drive[0]!.at).toEqual(new Date(end.getTime() - 60 * 86_400_000));
  });

  it('rides an hour and parks half an hour by turns, its charge falling while riding', () => {
    const recent = drive.slice(2, 20);
    expect(recent.map((p) => p.speed > 0)).toEqual([
      ...Array(6).fill(true),
      ...Array(3).fill(false),
      ...Array(6).fill(true),
      ...Array(3).fill(false),
    ]);
    expect(recent[5]!.soc).toBeLessThan(recent[0]!.soc);
    // Parked at the next stop: the same place three times.
    expect(new Set(recent.slice(5, 9).map((p) => `${p.position.lat},${p.position.lng}`)).size).toBe(1);
  });

  it('reports valid vehicle and battery telemetry', () => {
    for (const reading of vehicleReadings(drive)) expect(vehicleTelemetry.safeParse(reading).success).toBe(true);
    for (const reading of batteryReadings(drive)) expect(batteryTelemetry.safeParse(reading).success).toBe(true);
  });

  it('uploads to a loopback broker only', async () => {
    await expect(
      uploadBacklog({ url: 'mqtt://broker.example.org:1883', kind: 'vehicle', device: { number: 'V1', secret: 's' }, readings: [] }),
    ).rejects.toThrow('loopback broker only');
  });
});
