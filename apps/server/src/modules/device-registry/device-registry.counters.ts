import type { DeviceKind } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { handOver } from '../../app/hand-over.js';

/** What the stock_count triggers key a device by. */
export interface CountedDevice {
  typeId: number;
  merchantId: number | null;
  stockStatus: string;
  scrapStatus: string;
}

/** Locks the stock counters a change of these devices will touch, creating missing ones (the stock module keeps them). */
export type LockStockCounters = (
  tx: Db,
  kind: DeviceKind,
  devices: readonly CountedDevice[],
  change: Partial<Omit<CountedDevice, 'merchantId'>> & { merchantId?: number | null },
) => Promise<void>;

const lockCounters = handOver<LockStockCounters>("The stock module's counters lock");

/**
 * Called once by the module registry with the stock module's lock (docs/architecture.md, "No two
 * modules import each other"): the stock module refers to devices, so this module never imports it.
 */
export const lockStockCountersWith = lockCounters.tell;

/**
 * Locks the stock counters an update of these devices will touch, before they are updated, inside
 * the same transaction, so two opposing stock moves never deadlock on them (the stock module's
 * `lockStockCounters`).
 */
export const lockStockCounters: LockStockCounters = (tx, kind, devices, change) => {
  return lockCounters.get()(tx, kind, devices, change);
};
