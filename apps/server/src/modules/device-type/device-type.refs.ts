import { and, eq, sql, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';
import { integer } from 'drizzle-orm/pg-core';
import type { DeviceKind } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../app/errors.js';
import type { ListJoin } from '../../app/list.js';
import { qualified } from '../../app/sql.js';
import { deviceTypes } from './device-type.table.js';

/**
 * What other modules use to refer to a device type without reading its table (docs/architecture.md,
 * "What an entry exports instead of its tables"): the join a device list takes for the type's
 * code and name, and a type read by id.
 */

export type DeviceTypeRow = typeof deviceTypes.$inferSelect;

/**
 * The device's type joined to the caller's rows (inner: every device has one; `left` for rows
 * that may name none), with the columns the caller selects from it.
 */
export function deviceTypeJoin(typeId: SQLWrapper, options: { left?: boolean } = {}) {
  return {
    join: { table: deviceTypes, on: eq(deviceTypes.id, typeId), left: options.left ?? false } satisfies ListJoin,
    code: deviceTypes.code,
    name: deviceTypes.name,
    batteryCompartments: deviceTypes.batteryCompartments,
  };
}

/** A column naming a device type; a type stays while a row names it. */
export function deviceTypeIdColumn(name: string) {
  return integer(name).references(() => deviceTypes.id);
}

/** A type's name beside the caller's rows, in the same query (null without a type). */
export function deviceTypeNameOf(typeId: Column | SQL): SQL<string | null> {
  return sql<
    string | null
  >`(select ${deviceTypes}.${sql.identifier('name')} from ${deviceTypes} where ${deviceTypes}.${sql.identifier('id')} = ${qualified(typeId)})`;
}

/**
 * The battery compartments of a vehicle type beside the caller's rows, in the same query: 0 when it
 * states none, null when no vehicle type has the id.
 */
export function vehicleCompartmentsOf(typeId: number | SQL): SQL<number | null> {
  return sql<
    number | null
  >`(select coalesce(${deviceTypes.batteryCompartments}, 0) from ${deviceTypes} where ${deviceTypes.id} = ${typeId} and ${deviceTypes.kind} = 'vehicle')`;
}

/** A type of the given kind, or null. */
export async function findTypeOfKind(db: Db, kind: DeviceKind, typeId: number): Promise<DeviceTypeRow | null> {
  const [type] = await db
    .select()
    .from(deviceTypes)
    .where(and(eq(deviceTypes.id, typeId), eq(deviceTypes.kind, kind)));
  return type ?? null;
}

/** The ids of a kind's types by code (demo rows that name a demo type). */
export async function typeIdsByCode(db: Db, kind: DeviceKind): Promise<Record<string, number>> {
  const rows = await db.select({ id: deviceTypes.id, code: deviceTypes.code }).from(deviceTypes).where(eq(deviceTypes.kind, kind));
  return Object.fromEntries(rows.map((row) => [row.code, row.id]));
}

/** A type of the given kind, or "type does not exist". */
export async function typeOfKind(db: Db, kind: DeviceKind, typeId: number): Promise<DeviceTypeRow> {
  const [type] = await db
    .select()
    .from(deviceTypes)
    .where(and(eq(deviceTypes.id, typeId), eq(deviceTypes.kind, kind)));
  if (!type) throw new AppError('typeMissing');
  return type;
}
