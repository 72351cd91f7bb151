import type { Db } from '../../db/client.js';
import { newDemoFleet, type DemoContext } from '../../db/demo.js';
import { deviceTypes } from './device-type.table.js';

/**
 * The demo fleet's seven types, on a database that has no type yet (a demo database from before the
 * product centre gains the fleet too); starts the fleet the device modules fill in after it.
 */
export async function seedDemoTypes(db: Db, demo: DemoContext): Promise<void> {
  if (!demo.withDevices) return;
  const [existing] = await db.select({ id: deviceTypes.id }).from(deviceTypes).limit(1);
  if (existing) return;
  const types = await db
    .insert(deviceTypes)
    .values([
      {
        kind: 'battery',
        code: 'LFP6430',
        name: 'LFP 64V 30Ah',
        description: 'Lithium iron phosphate pack for scooters, 20 cells',
        structure: 'LFP',
        ratedVoltage: 64,
        ratedCapacity: 30,
        ratedCurrent: 30,
        cellCount: 20,
        weight: 12.5,
      },
      {
        kind: 'battery',
        code: 'NMC7232',
        name: 'NMC 72V 32Ah',
        description: 'Ternary lithium pack for motorcycles, 20 cells',
        structure: 'TERNARY_LITHIUM',
        ratedVoltage: 72,
        ratedCapacity: 32,
        ratedCurrent: 40,
        cellCount: 20,
        weight: 11,
      },
      {
        kind: 'battery',
        code: 'LFP4824',
        name: 'LFP 48V 24Ah',
        description: 'Light pack for city scooters, 15 cells',
        structure: 'LFP',
        ratedVoltage: 48,
        ratedCapacity: 24,
        ratedCurrent: 25,
        cellCount: 15,
        weight: 9,
      },
      {
        kind: 'vehicle',
        code: 'ES1',
        name: 'E-Scooter Single',
        description: 'City scooter with one battery compartment',
        batteryCompartments: 1,
        compartmentType: 'Single 64V',
        ratedCapacity: 30,
        ratedVoltage: 64,
      },
      {
        kind: 'vehicle',
        code: 'EM2',
        name: 'E-Moto Dual',
        description: 'Delivery motorcycle with two battery compartments',
        batteryCompartments: 2,
        compartmentType: 'Dual 72V',
        ratedCapacity: 64,
        ratedVoltage: 72,
      },
      {
        kind: 'cabinet',
        code: 'SC12',
        name: 'Swap Cabinet 12',
        description: 'Twelve-compartment outdoor swap cabinet',
        compartmentCount: 12,
        chargerTotalPower: 7.2,
        externalMaxPower: 10,
      },
      {
        kind: 'cabinet',
        code: 'SC8',
        name: 'Swap Cabinet 8',
        description: 'Eight-compartment compact swap cabinet',
        compartmentCount: 8,
        chargerTotalPower: 4.8,
        externalMaxPower: 6,
      },
    ])
    .returning();
  demo.fleet = newDemoFleet(types, demo.merchantIds['Demo Agent'] ?? null, demo.merchantIds['Siam Swap Direct'] ?? null);
}
