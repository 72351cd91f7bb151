import { describe, expect, it } from 'vitest';
import { vehicleTelemetry } from '@swap/contracts';
import { seededRandom } from './model.js';
import {
  CITY_BOUNDS,
  MAX_SPEED,
  ROUTES,
  distanceM,
  driveStep,
  newVehicle,
  pickVehicles,
  vehicleTelemetryReport,
  type City,
} from './vehicles.js';

const inside = (city: City, { lat, lng }: { lat: number; lng: number }) => {
  const b = CITY_BOUNDS[city];
  return lat >= b.south && lat <= b.north && lng >= b.west && lng <= b.east;
};

describe('simulated vehicles', () => {
  it('ride loops whose legs are city streets (no leg over 7 km) inside their city', () => {
    for (const city of ['jakarta', 'bangkok'] as const)
      for (const route of ROUTES[city]) {
        expect(route.points.length).toBeGreaterThanOrEqual(3);
        route.points.forEach((point, i) => {
          expect(inside(city, point)).toBe(true);
          expect(distanceM(point, route.points[(i + 1) % route.points.length]!)).toBeLessThan(7000);
        });
      }
  });

  it('stay in their city at plausible speeds over a simulated day, and ride with the ignition on', () => {
    const random = seededRandom(11);
    for (const [i, number] of ['VJK00001', 'VBK00002', 'VJK00003', 'VBK00004'].entries()) {
      const vehicle = newVehicle(number, i, random);
      expect(vehicle.city).toBe(number.startsWith('VJK') ? 'jakarta' : 'bangkok');
      let moved = 0;
      let parkedTicks = 0;
      const problems = new Set<string>();
      for (let tick = 0; tick < 17_280; tick++) {
        const before = vehicle.position;
        driveStep(vehicle, 5, random);
        const step = distanceM(before, vehicle.position);
        moved += step;
        if (!inside(vehicle.city, vehicle.position)) problems.add('left the city');
        if (vehicle.speed < 0 || vehicle.speed > MAX_SPEED) problems.add('implausible speed');
        // No jump: at most what the reported speed covers in 5 s (plus rounding).
        if (step > (vehicle.speed / 3.6) * 5 + 1) problems.add('jumped');
        if (step > 0 && vehicle.acc !== 'ON') problems.add('moved with the ignition off');
        if (vehicle.parkedSeconds > 0) {
          parkedTicks += 1;
          if (vehicle.acc !== 'OFF' || vehicle.speed !== 0) problems.add('parked with the ignition on or moving');
        }
        if (tick % 500 === 0 && !vehicleTelemetry.safeParse(vehicleTelemetryReport(vehicle, new Date())).success)
          problems.add('bad report');
      }
      expect([...problems]).toEqual([]);
      // A day of riding and parking: tens of kilometres, parked part of the time.
      expect(moved).toBeGreaterThan(20_000);
      expect(parkedTicks).toBeGreaterThan(100);
      expect(parkedTicks).toBeLessThan(17_280);
    }
  });

  it('picks vehicles from both cities by turns', () => {
    expect(pickVehicles(['VJK00001', 'VJK00002', 'VJK00003', 'VBK00010', 'VBK00011'], 4)).toEqual([
      'VJK00001',
      'VBK00010',
      'VJK00002',
      'VBK00011',
    ]);
    expect(pickVehicles(['VJK00001', 'VJK00002'], 5)).toEqual(['VJK00001', 'VJK00002']);
  });
});
