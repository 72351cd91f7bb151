import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import type { ListJoin } from '../../app/list.js';
import { handOver } from '../../app/hand-over.js';

/**
 * What the vehicle module tells the battery module about the vehicles holding batteries
 * (docs/architecture.md, "No two modules import each other"): vehicles refer to their batteries, so
 * this module never imports the vehicle module. The module registry (modules/index.ts) hands these
 * over once at start-up.
 */
export interface BatteryVehicles {
  /** The vehicle a battery row names, joined inside the battery list's query, with its number. */
  join(vehicleId: PgColumn): { join: ListJoin; number: PgColumn };
  /** No vehicle holds these batteries any more (they are scrapped), inside the caller's transaction. */
  drop(tx: Db, batteryIds: number[]): Promise<void>;
}

const handed = handOver<BatteryVehicles>("The vehicle module's answers about batteries' vehicles");

/** Called once by the module registry with the vehicle module's answers. */
export const tellBatteryVehicles = handed.tell;

export const batteryVehicles = handed.get;
