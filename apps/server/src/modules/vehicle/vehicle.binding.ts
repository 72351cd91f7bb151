import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { vehicles } from './vehicle.table.js';

/** No vehicle holds these batteries any more (they are scrapped): their compartments are empty. */
export async function dropBatteriesFromVehicles(tx: Db, batteryIds: number[]): Promise<void> {
  await tx.update(vehicles).set({ battery1Id: null, updatedAt: new Date() }).where(inArray(vehicles.battery1Id, batteryIds));
  await tx.update(vehicles).set({ battery2Id: null, updatedAt: new Date() }).where(inArray(vehicles.battery2Id, batteryIds));
}
