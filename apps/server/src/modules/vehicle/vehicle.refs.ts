import { and, asc, eq, isNotNull, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import type { ListJoin } from '../../app/list.js';
import { qualified } from '../../app/sql.js';
import { vehicles } from './vehicle.table.js';

/**
 * What other modules use to refer to a vehicle without reading its table (docs/architecture.md,
 * "What an entry exports instead of its tables").
 */

/** The vehicle a row names, joined to it (left: the row may name none), with the columns the caller selects. */
export function vehicleJoin(vehicleId: PgColumn) {
  return { join: { table: vehicles, on: eq(vehicles.id, vehicleId), left: true } satisfies ListJoin, number: vehicles.number };
}

/** Whether a vehicle is of this type, read inside the caller's query (a type in use stays). */
export function vehiclesOfTypeExist(typeId: Column | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${vehicles} where ${qualified(vehicles.typeId)} = ${qualified(typeId)})`;
}

/** Whether a vehicle of this type holds a second battery (its type may not drop to one compartment). */
export async function typeHasVehicleWithTwoBatteries(db: Db, typeId: number): Promise<boolean> {
  const [found] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.typeId, typeId), isNotNull(vehicles.battery2Id)))
    .limit(1);
  return found !== undefined;
}

/** The numbers of the activated vehicles, in the order they were registered. */
export async function activatedVehicleNumbers(db: Db): Promise<string[]> {
  const rows = await db
    .select({ number: vehicles.number })
    .from(vehicles)
    .where(eq(vehicles.activationStatus, 'ACTIVATED'))
    .orderBy(asc(vehicles.id));
  return rows.map((row) => row.number);
}

/**
 * Writes each vehicle's latest report onto its row, as one piece of the telemetry batch's single
 * statement (docs/device-protocol.md, "How the server keeps telemetry"). `latest` holds one report per vehicle number
 * with the batch's columns: number, at, latitude, longitude, speed, acc, soc, has_fault, fault (an
 * absent fault keeps the one on record; null clears it). Returns the id, number, owner and type of each vehicle found.
 */
export function applyVehicleReports(latest: SQL): SQL {
  return sql`update ${vehicles} b set latitude = v.latitude, longitude = v.longitude, acc_state = v.acc,
      fault = case when v.has_fault then v.fault else b.fault end, updated_at = now()
    from ${latest} v where b.number = v.number returning b.id, b.number, b.merchant_id, b.type_id`;
}

/**
 * The id, number, owner and type of each vehicle a telemetry backlog names (`reports`, with a number column):
 * a backlog's readings go to the history only, so no vehicle row changes (docs/device-protocol.md, "Backlog").
 */
export function findVehicleReporters(reports: SQL): SQL {
  return sql`select b.id, b.number, b.merchant_id, b.type_id from ${vehicles} b where b.number in (select number from ${reports})`;
}

/** The vehicles bound to a customer (its id), by number: the customer's detail lists them. */
export async function vehiclesBoundTo(db: Db, customerId: number, limit: number): Promise<{ id: number; number: string }[]> {
  return db
    .select({ id: vehicles.id, number: vehicles.number })
    .from(vehicles)
    .where(eq(vehicles.boundUserId, customerId))
    .orderBy(asc(vehicles.number))
    .limit(limit);
}

/**
 * Demo: binds the merchant's first unbound vehicles (by number) to the given customers, one each,
 * so their detail pages show the vehicle they hold; answers how many were bound.
 */
export async function bindDemoVehicles(db: Db, merchantId: number, customerIds: number[]): Promise<number> {
  const free = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.merchantId, merchantId), sql`${vehicles.boundUserId} is null`))
    .orderBy(asc(vehicles.number))
    .limit(customerIds.length);
  for (const [i, vehicle] of free.entries())
    await db.update(vehicles).set({ boundUserId: customerIds[i]! }).where(eq(vehicles.id, vehicle.id));
  return free.length;
}

/** How many vehicles are distributed to a station (vehicle_station_idx), for its removal. */
export async function vehiclesInStation(db: Db, stationId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(vehicles)
    .where(eq(vehicles.stationId, stationId));
  return row?.count ?? 0;
}
