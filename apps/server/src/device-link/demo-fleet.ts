import fs from 'node:fs/promises';
import path from 'node:path';
import type { DemoFleet } from '@swap/contracts';
import type { Db } from '../db/client.js';
import { compartmentsOfCabinets } from '../modules/cabinet/index.js';
import { activatedVehicleNumbers } from '../modules/vehicle/index.js';

/**
 * Writes the demo cabinets with the batteries in their slots, and the activated vehicles, for the
 * simulator (no secrets in it). Cabinets in the order they were registered: the demo merchant's first.
 */
export async function writeDemoFleet(db: Db, file: string): Promise<number> {
  const rows = await compartmentsOfCabinets(db);
  const byCabinet = new Map<string, DemoFleet['cabinets'][number]>();
  for (const row of rows) {
    const entry = byCabinet.get(row.cabinet) ?? { number: row.cabinet, compartments: [] };
    entry.compartments.push({ index: row.index, batteryNumber: row.battery });
    byCabinet.set(row.cabinet, entry);
  }
  const fleet: DemoFleet = { cabinets: [...byCabinet.values()], vehicles: await activatedVehicleNumbers(db) };
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(fleet, null, 1)}\n`);
  return fleet.cabinets.length;
}
