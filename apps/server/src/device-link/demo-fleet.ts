import fs from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { DemoFleet } from '@swap/contracts';
import type { Db } from '../db/client.js';
import { batteries } from '../modules/battery/index.js';
import { cabinetCompartments, cabinets } from '../modules/cabinet/index.js';
import { vehicles } from '../modules/vehicle/index.js';

/**
 * Writes the demo cabinets with the batteries in their slots, and the activated vehicles, for the
 * simulator (no secrets in it). Cabinets in the order they were registered: the demo merchant's first.
 */
export async function writeDemoFleet(db: Db, file: string): Promise<number> {
  const rows = await db
    .select({ cabinet: cabinets.number, index: cabinetCompartments.index, battery: batteries.number })
    .from(cabinets)
    .innerJoin(cabinetCompartments, eq(cabinetCompartments.cabinetId, cabinets.id))
    .leftJoin(batteries, eq(batteries.id, cabinetCompartments.batteryId))
    .orderBy(asc(cabinets.id), asc(cabinetCompartments.index));
  const byCabinet = new Map<string, DemoFleet['cabinets'][number]>();
  for (const row of rows) {
    const entry = byCabinet.get(row.cabinet) ?? { number: row.cabinet, compartments: [] };
    entry.compartments.push({ index: row.index, batteryNumber: row.battery });
    byCabinet.set(row.cabinet, entry);
  }
  const riding = await db
    .select({ number: vehicles.number })
    .from(vehicles)
    .where(eq(vehicles.activationStatus, 'ACTIVATED'))
    .orderBy(asc(vehicles.id));
  const fleet: DemoFleet = { cabinets: [...byCabinet.values()], vehicles: riding.map((v) => v.number) };
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(fleet, null, 1)}\n`);
  return fleet.cabinets.length;
}
