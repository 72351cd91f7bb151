import type { Column, SQL } from 'drizzle-orm';
import type { DeviceKind } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { handOver } from '../../app/hand-over.js';

/**
 * What the modules holding devices and stock tell the type module about a type, so it can keep a
 * type in use (docs/architecture.md, "No two modules import each other"): the device modules and
 * the stock module refer to types; the type module never imports them. The module registry
 * (modules/index.ts) hands these over once at start-up.
 */
export interface TypeUsers {
  /** Whether a device of this kind is of the type, read inside the type list's query (an index probe per row). */
  devicesOfType: Record<DeviceKind, (typeId: Column | SQL) => SQL<boolean>>;
  /** Whether a vehicle of the type holds a second battery (the type may not drop to one compartment). */
  typeHasVehicleWithTwoBatteries(db: Db, typeId: number): Promise<boolean>;
  /** Whether the stock history names the type (it then stays). */
  typeHasStockHistory(db: Db, typeId: number): Promise<boolean>;
  /** Whether base prices or products name the (vehicle) type (it then stays), inside the caller's transaction. */
  typeHasPrices(db: Db, typeId: number): Promise<boolean>;
  /** Whether battery prices name the (battery) type (it then stays), inside the caller's transaction. */
  typeHasPriceSettings(db: Db, typeId: number): Promise<boolean>;
  /** Drops the stock counters of a type being removed, inside the caller's transaction. */
  removeStockCountsOfType(db: Db, typeId: number): Promise<void>;
}

const handed = handOver<TypeUsers>("The device and stock modules' answers about types");

/** Called once by the module registry with the device and stock modules' answers. */
export const tellTypeUsers = handed.tell;

export const typeUsers = handed.get;
