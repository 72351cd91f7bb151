import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ListJoin } from '../../app/list.js';
import { handOver } from '../../app/hand-over.js';

/**
 * What the customer module tells the battery module about a battery's holder (docs/architecture.md,
 * "No two modules import each other"): the customer module reads the vehicles, which read the
 * batteries, so this module never imports the customer module. Handed over once at start-up.
 */
export interface BatteryHolders {
  /** The customer a battery row names as its holder, left-joined inside the battery list's query, with its number. */
  join(customerId: PgColumn): { join: ListJoin; number: PgColumn };
}

const handed = handOver<BatteryHolders>("The customer module's answers about batteries' holders");

/** Called once by the module registry with the customer module's answers. */
export const tellBatteryHolders = handed.tell;

export const batteryHolders = handed.get;
