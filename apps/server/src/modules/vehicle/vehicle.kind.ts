import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceRowsOf, insertDevices, type DeviceKindDef, type NewDevices } from '../device-registry/index.js';
import { releaseBatteriesOf } from '../battery/index.js';
import { vehicles } from './vehicle.table.js';

/** A new vehicle's compartment type and ratings start as its type's. */
export function vehicleSpecOf(type: NewDevices['type']) {
  return { compartmentType: type.compartmentType, rateCapacity: type.ratedCapacity, rateVoltage: type.ratedVoltage };
}

const insertMany = (tx: Db, devices: NewDevices) => insertDevices(tx, vehicles, devices, vehicleSpecOf(devices.type));

/** A scrapped vehicle gives its batteries back: they may serve another vehicle. */
async function beforeScrap(tx: Db, ids: number[]): Promise<void> {
  await releaseBatteriesOf(
    tx,
    await tx.select({ id: vehicles.id, number: vehicles.number }).from(vehicles).where(inArray(vehicles.id, ids)),
  );
  await tx.update(vehicles).set({ battery1Id: null, battery2Id: null }).where(inArray(vehicles.id, ids));
}

export const VEHICLE_KIND: DeviceKindDef = {
  kind: 'vehicle',
  ...deviceRowsOf(vehicles, {
    id: vehicles.id,
    number: vehicles.number,
    typeId: vehicles.typeId,
    merchantId: vehicles.merchantId,
    stockStatus: vehicles.stockStatus,
    scrapStatus: vehicles.scrapStatus,
    stationId: vehicles.stationId,
    distributionStatus: vehicles.distributionStatus,
    tied: sql<boolean>`(${vehicles.battery1Id} is not null or ${vehicles.battery2Id} is not null)`,
  }),
  exists: 'vehicleExists',
  missing: 'vehicleMissing',
  insertMany,
  beforeScrap,
};
