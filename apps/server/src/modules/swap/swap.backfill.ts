import { and, eq, gt, isNotNull, isNull, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customerIdByNumber } from '../customer/index.js';
import { appointments, referenceBackfills, swapRecords } from './swap.table.js';

/**
 * The batched backfill of the customer references of swaps and reservations stored before they had
 * one (docs/customers.md, "Swaps and reservations"). The swap table is the 100 M-row one, so there
 * is never one UPDATE over it: each batch is a short transaction over one range of ids (the primary
 * key), which sets the reference of the rows that have a customer number, none yet, and a customer
 * of that number at their merchant, and moves the table's progress row past the range. The progress
 * row is locked first: several servers take turns and never do a range twice, and a run that starts
 * again (after a restart) goes on from where the last batch ended. A row set already is left alone,
 * so running it again changes nothing.
 */
const TABLES = {
  'swap_record.customer_id': swapRecords,
  'appointment.customer_id': appointments,
} as const;

export type ReferenceBackfillName = keyof typeof TABLES;
export const REFERENCE_BACKFILLS = Object.keys(TABLES) as ReferenceBackfillName[];

/** Ids per batch: a few thousand rows written at most, so a batch holds its locks briefly. */
export const BACKFILL_BATCH = 5000;

export interface BackfillStep {
  /** Rows whose reference the batch set. */
  updated: number;
  /** True once the table's last row was passed (nothing left to do). */
  finished: boolean;
}

/** One batch of one table's backfill, in its own transaction. */
export async function backfillCustomerBatch(db: Db, name: ReferenceBackfillName, batch = BACKFILL_BATCH): Promise<BackfillStep> {
  const table = TABLES[name];
  return db.transaction(async (tx) => {
    const lockProgress = () => tx.select().from(referenceBackfills).where(eq(referenceBackfills.name, name)).for('update');
    let [progress] = await lockProgress();
    // The migration makes the row; a database emptied since (the tests' reused ones) starts again from the first id.
    if (!progress) {
      await tx.insert(referenceBackfills).values({ name }).onConflictDoNothing();
      [progress] = await lockProgress();
    }
    if (!progress || progress.finishedAt) return { updated: 0, finished: true };
    const from = progress.lastId;
    const to = from + batch;
    const customerId = customerIdByNumber(table.merchantId, table.customer);
    const updated = await tx
      .update(table)
      .set({ customerId })
      .where(
        and(
          gt(table.id, from),
          lte(table.id, to),
          isNull(table.customerId),
          isNotNull(table.customer),
          isNotNull(table.merchantId),
          sql`${customerId} is not null`,
        ),
      )
      .returning({ id: table.id });
    // Rows written from now on carry their reference: done once the range passed the last row.
    const [last] = await tx.select({ id: max(table.id) }).from(table);
    const finished = to >= (last?.id ?? 0);
    const now = new Date();
    await tx
      .update(referenceBackfills)
      .set({ lastId: to, updatedAt: now, ...(finished ? { finishedAt: now } : {}) })
      .where(eq(referenceBackfills.name, name));
    return { updated: updated.length, finished };
  });
}

/** Runs every table's backfill to its end; answers the rows set per table. */
export async function backfillCustomerReferences(db: Db, batch = BACKFILL_BATCH): Promise<Record<ReferenceBackfillName, number>> {
  const done = {} as Record<ReferenceBackfillName, number>;
  for (const name of REFERENCE_BACKFILLS) {
    done[name] = 0;
    for (;;) {
      const step = await backfillCustomerBatch(db, name, batch);
      done[name] += step.updated;
      if (step.finished) break;
    }
  }
  return done;
}

/**
 * Runs the backfills in the background from the server's start, one batch at a time with a pause
 * between (requests and device messages go between them), until every table is done or the server
 * stops. A failed batch is logged and tried again after a longer pause.
 */
export function startCustomerReferenceBackfill(
  db: Db,
  log: { error: (obj: unknown, msg: string) => void; info: (obj: unknown, msg: string) => void },
  pauseMs = 200,
): { stop: () => void; done: Promise<void> } {
  let stopped = false;
  let wake = () => {};
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const done = (async () => {
    for (const name of REFERENCE_BACKFILLS) {
      let updated = 0;
      while (!stopped) {
        try {
          const step = await backfillCustomerBatch(db, name);
          updated += step.updated;
          if (step.finished) {
            if (updated) log.info({ backfill: name, updated }, 'customer reference backfill finished');
            break;
          }
          await wait(pauseMs);
        } catch (error) {
          if (stopped) return;
          log.error({ err: error, backfill: name }, 'customer reference backfill batch failed');
          await wait(pauseMs * 50);
        }
      }
    }
  })();
  return {
    stop: () => {
      stopped = true;
      wake();
    },
    done,
  };
}
