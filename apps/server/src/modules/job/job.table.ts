import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const JOB_STATES = ['PENDING', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * The job queue (docs/firmware.md, "Job queue"): one row per piece of background work, claimed
 * with FOR UPDATE SKIP LOCKED under a lease, so several servers run each job once and a job left
 * running by a stopped server is taken up again when its lease ends.
 */
export const jobs = pgTable(
  'job',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which handler runs it. */
    queue: text('queue').notNull(),
    /** The jobs of one piece of work (an upgrade task), cancelled together. */
    groupKey: text('group_key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: JOB_STATES }).notNull().default('PENDING'),
    /** Not before: the pace of a rollout is the spacing of its jobs' times. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** While RUNNING: the server holding it and until when; past it another server may take it up. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // The claim walks only what may still run, by due time.
    index('job_due_idx')
      .on(t.queue, t.runAt)
      .where(sql`${t.state} in ('PENDING', 'RUNNING')`),
    index('job_group_idx')
      .on(t.groupKey)
      .where(sql`${t.state} = 'PENDING'`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
