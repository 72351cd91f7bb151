import fs from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { DemoFleet } from '@swap/contracts';
import type { Db } from '../db/client.js';
import { batteries } from '../modules/battery/index.js';
import { cabinetCompartments, cabinets } from '../modules/cabinet/index.js';

/** Writes the demo cabinets and the batteries in their slots for the simulator (no secrets in it). */
export async function writeDemoFleet(db: Db, file: string): Promise<number> {
  const rows = await db
    .select({ cabinet: cabinets.number, index: cabinetCompartments.index, battery: batteries.number })
    .from(cabinets)
    .innerJoin(cabinetCompartments, eq(cabinetCompartments.cabinetId, cabinets.id))
    .leftJoin(batteries, eq(batteries.id, cabinetCompartments.batteryId))
    .orderBy(asc(cabinets.number), asc(cabinetCompartments.index));
  const byCabinet = new Map<string, DemoFleet['cabinets'][number]>();
  for (const row of rows) {
    const entry = byCabinet.get(row.cabinet) ?? { number: row.cabinet, compartments: [] };
    entry.compartments.push({ index: row.index, batteryNumber: row.battery });
    byCabinet.set(row.cabinet, entry);
  }
  const fleet: DemoFleet = { cabinets: [...byCabinet.values()] };
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(fleet, null, 1)}\n`);
  return fleet.cabinets.length;
}
