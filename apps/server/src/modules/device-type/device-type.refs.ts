import { and, eq, type SQLWrapper } from 'drizzle-orm';
import type { DeviceKind } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../app/errors.js';
import type { ListJoin } from '../../app/list.js';
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

/** A type of the given kind, or "type does not exist". */
export async function typeOfKind(db: Db, kind: DeviceKind, typeId: number): Promise<DeviceTypeRow> {
  const [type] = await db
    .select()
    .from(deviceTypes)
    .where(and(eq(deviceTypes.id, typeId), eq(deviceTypes.kind, kind)));
  if (!type) throw new AppError('typeMissing');
  return type;
}
