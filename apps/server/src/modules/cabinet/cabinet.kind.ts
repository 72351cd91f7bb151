import type { Db } from '../../db/client.js';
import { chunks, deviceRowsOf, insertDevices, type DeviceKindDef, type NewDevices } from '../device-registry/index.js';
import { cabinetCompartments, cabinets } from './cabinet.table.js';

/** A new cabinet's compartment count and power ratings are its type's. */
export function cabinetSpecOf(type: NewDevices['type']) {
  return {
    compartmentCount: type.compartmentCount ?? 1,
    chargerTotalPower: type.chargerTotalPower,
    externalMaxPower: type.externalMaxPower,
  };
}

/** Empty compartments 1..n of each cabinet, in multi-row inserts. */
export async function createCompartments(tx: Db, cabinetIds: number[], count: number): Promise<void> {
  const rows = cabinetIds.flatMap((cabinetId) => Array.from({ length: count }, (_, i) => ({ cabinetId, index: i + 1 })));
  for (const part of chunks(rows, 2000)) await tx.insert(cabinetCompartments).values(part);
}

async function insertMany(tx: Db, devices: NewDevices): Promise<number[]> {
  const spec = cabinetSpecOf(devices.type);
  const ids = await insertDevices(tx, cabinets, devices, spec);
  await createCompartments(tx, ids, spec.compartmentCount);
  return ids;
}

export const CABINET_KIND: DeviceKindDef = {
  kind: 'cabinet',
  ...deviceRowsOf(cabinets, {
    id: cabinets.id,
    number: cabinets.number,
    typeId: cabinets.typeId,
    merchantId: cabinets.merchantId,
    stockStatus: cabinets.stockStatus,
    scrapStatus: cabinets.scrapStatus,
    stationId: cabinets.stationId,
  }),
  exists: 'cabinetExists',
  missing: 'cabinetMissing',
  insertMany,
};
