import { and, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { chunks, deviceScope } from '../device-registry/index.js';
import { appendDeviceLog } from '../device-log/index.js';
import { batteries } from './battery.table.js';

/**
 * The batteries with these numbers the caller sees, locked for the rest of the transaction: what a
 * vehicle needs to decide whether it may hold them.
 */
export function lockBatteriesByNumber(tx: Db, ctx: Ctx, numbers: string[]) {
  return tx
    .select({
      id: batteries.id,
      number: batteries.number,
      merchantId: batteries.merchantId,
      scrapStatus: batteries.scrapStatus,
      vehicleId: batteries.vehicleId,
      swapLockedUntil: batteries.swapLockedUntil,
    })
    .from(batteries)
    .where(and(inArray(batteries.number, numbers), deviceScope(ctx, batteries.merchantId)))
    .for('update');
}

/**
 * Points the batteries at the vehicle and releases the ones it no longer holds; each battery bound
 * or unbound is written to its log with the vehicle's number (docs/device-protocol.md, "Device log").
 */
export async function holdBatteries(tx: Db, vehicle: { id: number; number: string }, ids: number[]): Promise<void> {
  const vehicleId = vehicle.id;
  const at = new Date();
  const changed = { id: batteries.id, merchantId: batteries.merchantId };
  const released = ids.length ? and(eq(batteries.vehicleId, vehicleId), notInArray(batteries.id, ids)) : eq(batteries.vehicleId, vehicleId);
  const unbound = await tx.update(batteries).set({ vehicleId: null, updatedAt: at }).where(released).returning(changed);
  const bound = ids.length
    ? await tx
        .update(batteries)
        .set({ vehicleId, updatedAt: at })
        .where(and(inArray(batteries.id, ids), isNull(batteries.vehicleId)))
        .returning(changed)
    : [];
  const entry = (battery: { id: number; merchantId: number | null }, text: 'deviceLogBound' | 'deviceLogUnbound') => ({
    kind: 'state' as const,
    deviceKind: 'battery' as const,
    deviceId: battery.id,
    merchantId: battery.merchantId,
    text,
    params: { vehicle: vehicle.number },
    at,
  });
  await appendDeviceLog(tx, [...unbound.map((b) => entry(b, 'deviceLogUnbound')), ...bound.map((b) => entry(b, 'deviceLogBound'))]);
}

/** The batteries of these vehicles are free again (the vehicles are scrapped). */
export async function releaseBatteriesOf(tx: Db, vehicleIds: number[]): Promise<void> {
  await tx.update(batteries).set({ vehicleId: null, updatedAt: new Date() }).where(inArray(batteries.vehicleId, vehicleIds));
}

/** The current number of a battery as a subquery, for another module's filter (one query, no round trip). */
export function batteryNumberOf(batteryId: number): SQL {
  return sql`(select ${batteries.number} from ${batteries} where ${batteries.id} = ${batteryId})`;
}

/** The batteries are in service at the station (assigned): a cabinet holding them may hand them out. */
export async function assignBatteries(tx: Db, ids: number[], stationId: number): Promise<void> {
  for (const part of chunks(ids))
    await tx.update(batteries).set({ distributionStatus: 'ASSIGNED', stationId }).where(inArray(batteries.id, part));
}

/** Points each battery at its vehicle, for many pairs [battery id, vehicle id]: one statement per 500 pairs. */
export async function pointBatteriesAtVehicles(tx: Db, pairs: [number, number][]): Promise<void> {
  for (const part of chunks(pairs)) {
    const values = sql.join(
      part.map(([batteryId, vehicleId]) => sql`(${batteryId}::int, ${vehicleId}::int)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${batteries} set vehicle_id = v.vehicle_id from (values ${values}) as v(battery_id, vehicle_id) where ${batteries}.id = v.battery_id`,
    );
  }
}
