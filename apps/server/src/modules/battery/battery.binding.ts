import { and, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { chunks, deviceScope } from '../device-registry/index.js';
import { appendDeviceLog, type DeviceLogEntry } from '../device-log/index.js';
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

/** A battery's log line of a change of where it is (docs/device-protocol.md, "Device log"). */
export function batteryLogLine(
  battery: { id: number; merchantId: number | null },
  text: DeviceLogEntry['text'],
  params: DeviceLogEntry['params'],
  at: Date,
): DeviceLogEntry {
  return { kind: 'state', deviceKind: 'battery', deviceId: battery.id, merchantId: battery.merchantId, text, params, at };
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
  const entry = (battery: { id: number; merchantId: number | null }, text: 'deviceLogBound' | 'deviceLogUnbound') =>
    batteryLogLine(battery, text, { vehicle: vehicle.number }, at);
  await appendDeviceLog(tx, [...unbound.map((b) => entry(b, 'deviceLogUnbound')), ...bound.map((b) => entry(b, 'deviceLogBound'))]);
}

/** The batteries of these vehicles are free again (the vehicles are scrapped); each says so in its log. */
export async function releaseBatteriesOf(tx: Db, scrapped: { id: number; number: string }[]): Promise<void> {
  if (scrapped.length === 0) return;
  const at = new Date();
  const numbers = new Map(scrapped.map((vehicle) => [vehicle.id, vehicle.number]));
  const held = inArray(batteries.vehicleId, [...numbers.keys()]);
  const released = await tx
    .select({ id: batteries.id, merchantId: batteries.merchantId, vehicleId: batteries.vehicleId })
    .from(batteries)
    .where(held)
    .for('update');
  if (released.length === 0) return;
  await tx.update(batteries).set({ vehicleId: null, updatedAt: at }).where(held);
  await appendDeviceLog(
    tx,
    released.map((battery) => batteryLogLine(battery, 'deviceLogReleasedByScrap', { vehicle: numbers.get(battery.vehicleId!) }, at)),
  );
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
