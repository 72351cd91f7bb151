import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobs, type JobRow } from './job.table.js';

/**
 * The job queue (docs/firmware.md, "Job queue"). A job is a row; a worker claims due rows with
 * FOR UPDATE SKIP LOCKED and holds each under a lease while its handler runs. Several servers on one
 * database never run a job twice (the claim skips rows another holds), and a server stopped
 * mid-job leaves a RUNNING row whose lease ends, which the next pass of any server takes up again.
 * On PGlite the one connection serialises the claims, which keeps the same guarantees.
 */

/** A handler's answer: nothing when the job is done, or when to look again (not counted as a failure). */
export type JobOutcome = void | { later: Date };
/** Runs one job; `db` is the database of the worker that claimed it. */
export type JobHandler = (payload: Record<string, unknown>, job: JobRow, db: Db) => Promise<JobOutcome>;

/** The handlers of one server, by queue; modules add theirs when their routes are registered. */
export class JobHandlers {
  private readonly handlers = new Map<string, JobHandler>();

  handle(queue: string, handler: JobHandler): void {
    if (this.handlers.has(queue)) throw new Error(`job queue ${queue} has two handlers`);
    this.handlers.set(queue, handler);
  }

  get(queue: string): JobHandler | undefined {
    return this.handlers.get(queue);
  }

  get queues(): string[] {
    return [...this.handlers.keys()];
  }
}

export interface NewJob {
  queue: string;
  payload: Record<string, unknown>;
  /** Not before this time (now when absent). */
  runAt?: Date;
  groupKey?: string;
  maxAttempts?: number;
}

/** The running workers' wake-ups, so a job due now starts without waiting for the next poll. */
const wakers = new Set<() => void>();

/** Wakes the workers a moment later (the queuing transaction commits first). */
export function wakeJobWorkers(): void {
  for (const wake of wakers) setTimeout(wake, 20).unref();
}

/** Queues jobs (inside the caller's transaction when given one); answers their ids in order. */
export async function enqueueJobs(db: Db, list: NewJob[]): Promise<number[]> {
  if (list.length === 0) return [];
  const now = new Date();
  const ids: number[] = [];
  // Large rollouts are inserted in slices, each one statement.
  for (let start = 0; start < list.length; start += 1000) {
    const rows = await db
      .insert(jobs)
      .values(
        list.slice(start, start + 1000).map((job) => ({
          queue: job.queue,
          payload: job.payload,
          runAt: job.runAt ?? now,
          groupKey: job.groupKey ?? null,
          maxAttempts: job.maxAttempts ?? 3,
        })),
      )
      .returning({ id: jobs.id });
    ids.push(...rows.map((row) => row.id));
  }
  wakeJobWorkers();
  return ids;
}

/** Cancels the jobs of a group that have not started; answers the cancelled rows. A running job ends as it would. */
export async function cancelJobs(db: Db, groupKey: string): Promise<JobRow[]> {
  return db
    .update(jobs)
    .set({ state: 'CANCELLED', finishedAt: new Date() })
    .where(and(eq(jobs.groupKey, groupKey), eq(jobs.state, 'PENDING')))
    .returning();
}

/** The wait before the next attempt after the n-th failure: 5 s, doubled each time, at most 5 minutes. */
export function retryDelayMs(attemptsDone: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attemptsDone - 1), 300_000);
}

/** How long a job that ended done or cancelled is kept before a worker deletes it (a failed one stays, with its error). */
export const JOB_RETENTION_MS = 7 * 24 * 3600_000;
/** How often a worker deletes the ended jobs past their retention. */
const PURGE_EVERY_MS = 3600_000;

/** Deletes the jobs that ended done or cancelled before `before`; answers how many. */
export async function purgeEndedJobs(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(jobs)
    .where(and(inArray(jobs.state, ['DONE', 'CANCELLED']), lt(jobs.finishedAt, before)))
    .returning({ id: jobs.id });
  return gone.length;
}

export interface JobWorkerOptions {
  /** How often a worker looks for due jobs. */
  pollMs: number;
  /** How long a claimed job is held before another server may take it up. */
  leaseMs: number;
  /** Jobs claimed and run at once by one pass. */
  batch: number;
  /** Names the server in the rows it holds (tests give two workers their names). */
  workerId?: string;
}

export interface JobLog {
  warn(fields: object, message: string): void;
}

export interface JobWorker {
  readonly id: string;
  /** Runs every due job now (and the passes they make due); answers how many ran. */
  runDue(): Promise<number>;
  /** Waits for the pass under way, then stops. */
  stop(): Promise<void>;
}

/** Claims up to `batch` due jobs of the given queues: PENDING ones due now, and RUNNING ones whose lease ended. */
async function claim(db: Db, queues: string[], workerId: string, options: JobWorkerOptions): Promise<JobRow[]> {
  if (queues.length === 0) return [];
  return db.transaction(async (tx) => {
    const now = new Date();
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.queue, queues),
          lte(jobs.runAt, now),
          or(eq(jobs.state, 'PENDING'), and(eq(jobs.state, 'RUNNING'), lte(jobs.lockedUntil, now))),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(options.batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(jobs)
      .set({
        state: 'RUNNING',
        lockedBy: workerId,
        lockedUntil: new Date(now.getTime() + options.leaseMs),
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(
        inArray(
          jobs.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** Ends a job this worker still holds: done, later, or failed (again later while attempts remain). */
async function finish(db: Db, job: JobRow, workerId: string, outcome: JobOutcome | Error): Promise<void> {
  const held = and(eq(jobs.id, job.id), eq(jobs.state, 'RUNNING'), eq(jobs.lockedBy, workerId));
  const free = { lockedBy: null, lockedUntil: null };
  if (outcome instanceof Error) {
    const last = job.attempts >= job.maxAttempts;
    await db
      .update(jobs)
      .set({
        ...free,
        state: last ? 'FAILED' : 'PENDING',
        lastError: outcome.message.slice(0, 500),
        runAt: last ? job.runAt : new Date(Date.now() + retryDelayMs(job.attempts)),
        finishedAt: last ? new Date() : null,
      })
      .where(held);
  } else if (outcome && 'later' in outcome) {
    // Looking again later is not a failed attempt.
    await db
      .update(jobs)
      .set({ ...free, state: 'PENDING', runAt: outcome.later, attempts: sql`${jobs.attempts} - 1` })
      .where(held);
  } else {
    await db
      .update(jobs)
      .set({ ...free, state: 'DONE', finishedAt: new Date() })
      .where(held);
  }
}

/** Runs the due jobs of the handled queues every `pollMs`, and at once when one is queued. */
export function startJobWorker(db: Db, handlers: JobHandlers, options: JobWorkerOptions, log: JobLog): JobWorker {
  const workerId = options.workerId ?? randomUUID();
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;
  const runJob = async (job: JobRow) => {
    const handler = handlers.get(job.queue);
    let outcome: JobOutcome | Error;
    try {
      if (!handler) throw new Error(`no handler for queue ${job.queue}`);
      outcome = await handler(job.payload, job, db);
    } catch (error) {
      outcome = error instanceof Error ? error : new Error(String(error));
      log.warn({ job: job.id, queue: job.queue, attempt: job.attempts, error: outcome.message }, 'job failed');
    }
    await finish(db, job, workerId, outcome);
  };
  let purgedAt = 0;
  const pass = async () => {
    let ran = 0;
    // Now and then, the jobs ended long ago go (docs/firmware.md, "Job queue").
    if (Date.now() - purgedAt >= PURGE_EVERY_MS) {
      purgedAt = Date.now();
      await purgeEndedJobs(db, new Date(purgedAt - JOB_RETENTION_MS));
    }
    for (;;) {
      again = false;
      const claimed = await claim(db, handlers.queues, workerId, options);
      await Promise.all(claimed.map(runJob));
      ran += claimed.length;
      if (stopped || (!again && claimed.length < options.batch)) return ran;
    }
  };
  const wake = (): Promise<number> => {
    if (stopped) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error: unknown) => {
        log.warn({ error: error instanceof Error ? error.message : String(error) }, 'job pass failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void wake(), options.pollMs);
  timer.unref();
  const waker = () => void wake();
  wakers.add(waker);
  void wake();
  return {
    id: workerId,
    async runDue() {
      // A pass under way may have claimed before the caller's jobs were due: run one more after it.
      if (running) await running;
      return wake();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      wakers.delete(waker);
      await running;
    },
  };
}

/** The jobs of a group by state (progress, tests). */
export async function jobCounts(db: Db, groupKey: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ state: jobs.state, count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(eq(jobs.groupKey, groupKey))
    .groupBy(jobs.state);
  return Object.fromEntries(rows.map((row) => [row.state, row.count]));
}
