import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { FIRST_PAYMENT_HOURS } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { timeOutDeviceOrders } from '../device-order/index.js';
import { runWalletOrderJob } from '../wallet-order/index.js';
import { bindVehicleToCustomer, unbindVehicleFromCustomer } from '../vehicle/index.js';
import { releaseBatteryHolder } from '../battery/index.js';
import { productOrders } from './product-order.table.js';

/** The advisory lock key of the overdue and expiry job: one run at a time across every server. */
const JOB_LOCK = sql`hashtext('product-order:overdue-job')`;

export interface OverdueRun {
  cancelled: number;
  completed: number;
  updated: number;
  /** Vehicle and battery orders left unpaid too long (TIMEOUT_CANCELLED). */
  timedOut: number;
  /** Recharge and package orders left unpaid too long (TIMEOUT_CANCELLED), and packages used up or expired (COMPLETED). */
  walletOrders: { timedOut: number; completed: number };
}

/**
 * The overdue and expiry job (docs/orders.md, "Overdue and expiry"), one transaction at the time
 * `now`:
 * - an order still NEW FIRST_PAYMENT_HOURS after it started is CANCELLED (the customer too);
 * - a REGISTERED order whose cycles are all paid and whose last paid day is over is COMPLETED: a lease
 *   returns its vehicle (unbound, the order lets go of it, its battery and its combo package), a lease
 *   to own leaves the vehicle bound and sold;
 * - every other REGISTERED order gets its overdue days (whole days since it was paid until), overdue
 *   cycles (those days over the cycle's length, rounded up, at most the cycles left) and outstanding
 *   balance (overdue cycles times the renewal price), written only where they change.
 * - a vehicle or battery order still unpaid DEVICE_ORDER_PAYMENT_HOURS after it was placed is
 *   TIMEOUT_CANCELLED; so is a recharge or package order, and a paid package used up or expired is COMPLETED.
 * Every value is computed from the row and `now` alone and each step names the status it leaves, so
 * running it twice, or on several servers at once, gives the result of one run: runs wait for each
 * other on a transaction-scoped advisory lock, and a later run finds nothing left to change.
 */
export async function runOverdueJob(db: Db, now = new Date()): Promise<OverdueRun> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${JOB_LOCK})`);
    const at = now.toISOString();
    const cancelled = await tx
      .update(productOrders)
      .set({ status: 'CANCELLED', customerStatus: 'CANCELLED', updatedAt: now })
      .where(
        and(
          eq(productOrders.status, 'ENROLLED'),
          eq(productOrders.customerStatus, 'NEW'),
          lte(productOrders.startAt, new Date(now.getTime() - FIRST_PAYMENT_HOURS * 3600_000)),
        ),
      )
      .returning({ id: productOrders.id });
    const ending = and(
      eq(productOrders.status, 'ENROLLED'),
      eq(productOrders.customerStatus, 'REGISTERED'),
      sql`${productOrders.currentCycle} >= ${productOrders.totalCycles}`,
      lte(productOrders.paidUntil, now),
    );
    // At its end a lease returns its vehicle (bound to nobody again), and a lease to own leaves it the
    // customer's, sold; a sale's vehicle was the customer's already (docs/orders.md, "Overdue and expiry").
    const withVehicles = await tx
      .select({
        operationType: productOrders.operationType,
        vehicleId: productOrders.vehicleId,
        batteryId: productOrders.batteryId,
        customerId: productOrders.customerId,
      })
      .from(productOrders)
      .where(and(ending, isNotNull(productOrders.vehicleId)))
      .orderBy(productOrders.vehicleId)
      .for('update');
    for (const { operationType, vehicleId, batteryId, customerId } of withVehicles) {
      if (operationType === 'LEASE') await unbindVehicleFromCustomer(tx, vehicleId!, customerId);
      // A returned lease's battery is held by the customer no more.
      if (operationType === 'LEASE' && batteryId !== null) await releaseBatteryHolder(tx, [batteryId], customerId);
      if (operationType === 'LEASE_TO_OWN') await bindVehicleToCustomer(tx, vehicleId!, customerId, true);
    }
    const returns = sql`${productOrders.operationType} = 'LEASE'`;
    const completed = await tx
      .update(productOrders)
      .set({
        status: 'COMPLETED',
        customerStatus: 'COMPLETED',
        overdueDays: 0,
        overdueCycles: 0,
        outstandingBalance: '0',
        vehicleId: sql`case when ${returns} then null else ${productOrders.vehicleId} end`,
        batteryId: sql`case when ${returns} then null else ${productOrders.batteryId} end`,
        comboSwaps: sql`case when ${returns} then null else ${productOrders.comboSwaps} end`,
        updatedAt: now,
      })
      .where(ending)
      .returning({ id: productOrders.id });
    // Whole days since the paid-until day, then the cycles they span (at most those left).
    const days = sql<number>`greatest(0, floor(extract(epoch from (${at}::timestamptz - ${productOrders.paidUntil})) / 86400))::int`;
    const cycles = sql<number>`least(${productOrders.totalCycles} - ${productOrders.currentCycle}, ceil(${days}::numeric / ${productOrders.cycleDays}))::int`;
    const updated = await tx.execute(sql`
      update ${productOrders} set
        overdue_days = v.days, overdue_cycles = v.cycles, outstanding_balance = v.cycles * ${productOrders.renewalPrice}, updated_at = ${at}::timestamptz
      from (select ${productOrders.id} as id, ${days} as days, ${cycles} as cycles from ${productOrders}
            where ${productOrders.status} = 'ENROLLED' and ${productOrders.customerStatus} = 'REGISTERED' and ${productOrders.paidUntil} is not null) v
      where ${productOrders.id} = v.id
        and (${productOrders.overdueDays} <> v.days or ${productOrders.overdueCycles} <> v.cycles
             or ${productOrders.outstandingBalance} <> v.cycles * ${productOrders.renewalPrice})
      returning ${productOrders.id}`);
    const timedOut = await timeOutDeviceOrders(tx, now);
    const walletOrders = await runWalletOrderJob(tx, now);
    return {
      timedOut,
      walletOrders,
      cancelled: cancelled.length,
      completed: completed.length,
      updated: ((updated as { rows?: unknown[] }).rows ?? []).length,
    };
  });
}

/** Runs the job every `intervalMs` (0: never) until stopped; a failed run is logged and the next one tries again. */
export function startOverdueJob(db: Db, intervalMs: number, log: { error: (obj: unknown, msg: string) => void }): { stop: () => void } {
  if (intervalMs <= 0) return { stop: () => undefined };
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runOverdueJob(db).then(
      () => (running = false),
      (error: unknown) => {
        running = false;
        log.error({ err: error }, 'product order overdue job failed');
      },
    );
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
