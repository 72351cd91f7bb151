import { and, gt, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../app/errors.js';
import type { Db } from '../../db/client.js';
import { deviceRowsOf, insertDevices, type DeviceKindDef, type NewDevices } from '../device-registry/index.js';
import { batteries } from './battery.table.js';
import { batteryVehicles } from './battery.vehicles.js';

/** A new battery's specification starts as its type's. */
export function batterySpecOf(type: NewDevices['type']) {
  return {
    weight: type.weight,
    ratedVoltage: type.ratedVoltage,
    ratedCapacity: type.ratedCapacity,
    ratedCurrent: type.ratedCurrent,
    cellCount: type.cellCount,
    structure: type.structure,
  };
}

const insertMany = (tx: Db, devices: NewDevices) => insertDevices(tx, batteries, devices, batterySpecOf(devices.type));

/** A scrapped battery leaves the vehicle that held it: it can no longer be used. */
async function beforeScrap(tx: Db, ids: number[]): Promise<void> {
  await batteryVehicles().drop(tx, ids);
  await tx.update(batteries).set({ vehicleId: null }).where(inArray(batteries.id, ids));
}

/** Scrap and stock moves wait until no battery of the batch is mid-swap. */
async function guardChange(tx: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const busy = await tx
    .select({ number: batteries.number })
    .from(batteries)
    .where(and(inArray(batteries.id, ids), gt(batteries.swapLockedUntil, new Date())));
  if (busy.length) throw new AppError('batteryMidSwap', undefined, { numbers: busy.map((row) => row.number) });
}

export const BATTERY_KIND: DeviceKindDef = {
  kind: 'battery',
  ...deviceRowsOf(batteries, {
    id: batteries.id,
    number: batteries.number,
    typeId: batteries.typeId,
    merchantId: batteries.merchantId,
    stockStatus: batteries.stockStatus,
    scrapStatus: batteries.scrapStatus,
    stationId: batteries.stationId,
    distributionStatus: batteries.distributionStatus,
    tied: sql<boolean>`${batteries.vehicleId} is not null`,
  }),
  exists: 'batteryExists',
  missing: 'batteryMissing',
  insertMany,
  beforeScrap,
  guardChange,
};
