import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { openDatabase, type Database } from '../../db/client.js';
import { JOB_RETENTION_MS, JobHandlers, cancelJobs, enqueueJobs, jobCounts, startJobWorker, type JobWorker } from './index.js';
import { jobs } from './job.table.js';

const quiet = { warn: () => undefined };
const options = { pollMs: 60_000, leaseMs: 60_000, batch: 5 };

describe('job queue', () => {
  let server: TestServer;
  /** A second server's connection to the same database: its own pool on PostgreSQL, the one instance on PGlite. */
  let second: Database | undefined;
  const workers: JobWorker[] = [];
  const worker = (handlers: JobHandlers, extra: Partial<typeof options> & { workerId?: string } = {}) => {
    const started = startJobWorker(server.db, handlers, { ...options, ...extra }, quiet);
    workers.push(started);
    return started;
  };

  beforeAll(async () => {
    // No worker of the server's own: each test starts the workers it watches.
    server = await startTestServer({ DEMO: '0', JOB_POLL_MS: '0' });
    if (server.databaseUrl) second = await openDatabase({ databaseUrl: server.databaseUrl, dataDir: 'memory://' });
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await second?.close();
    await server?.close();
  });

  it('runs a due job once and leaves a job due later for its time', async () => {
    const seen: unknown[] = [];
    const handlers = new JobHandlers();
    handlers.handle('t.once', (payload) => {
      seen.push(payload.n);
      return Promise.resolve();
    });
    const [now, later] = await enqueueJobs(server.db, [
      { queue: 't.once', payload: { n: 1 } },
      { queue: 't.once', payload: { n: 2 }, runAt: new Date(Date.now() + 60_000) },
    ]);
    const w = worker(handlers);
    await w.runDue();
    await w.runDue();
    expect(seen).toEqual([1]);
    const rows = await server.db
      .select()
      .from(jobs)
      .where(inArray(jobs.id, [now!, later!]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.state]))).toEqual({ [now!]: 'DONE', [later!]: 'PENDING' });
  });

  it('runs every job exactly once with two servers claiming at the same time', async () => {
    const runs = new Map<number, string[]>();
    const handlerOf = (name: string) => {
      const handlers = new JobHandlers();
      handlers.handle('t.shared', async (payload) => {
        const n = payload.n as number;
        runs.set(n, [...(runs.get(n) ?? []), name]);
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
      return handlers;
    };
    await enqueueJobs(
      server.db,
      Array.from({ length: 60 }, (_, n) => ({ queue: 't.shared', payload: { n }, groupKey: 'shared' })),
    );
    const a = worker(handlerOf('a'), { workerId: 'a' });
    const b = startJobWorker((second ?? { db: server.db }).db, handlerOf('b'), { ...options, workerId: 'b' }, quiet);
    workers.push(b);
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(runs.size).toBe(60);
    expect([...runs.values()].filter((names) => names.length !== 1)).toEqual([]);
    expect(await jobCounts(server.db, 'shared')).toEqual({ DONE: 60 });
  });

  it('takes up a job left running by a stopped server once its lease has ended', async () => {
    const [id] = await enqueueJobs(server.db, [{ queue: 't.orphan', payload: {} }]);
    // A server claimed it and stopped: RUNNING, held until a moment ago.
    await server.db
      .update(jobs)
      .set({ state: 'RUNNING', lockedBy: 'gone', lockedUntil: new Date(Date.now() - 1000), attempts: 1 })
      .where(eq(jobs.id, id!));
    // Another held by a live server is left alone.
    const [held] = await enqueueJobs(server.db, [{ queue: 't.orphan', payload: {} }]);
    await server.db
      .update(jobs)
      .set({ state: 'RUNNING', lockedBy: 'alive', lockedUntil: new Date(Date.now() + 60_000), attempts: 1 })
      .where(eq(jobs.id, held!));
    let ran = 0;
    const handlers = new JobHandlers();
    handlers.handle('t.orphan', () => {
      ran += 1;
      return Promise.resolve();
    });
    await worker(handlers).runDue();
    expect(ran).toBe(1);
    const rows = await server.db
      .select()
      .from(jobs)
      .where(inArray(jobs.id, [id!, held!]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(id!)).toMatchObject({ state: 'DONE', attempts: 2, lockedBy: null });
    expect(byId.get(held!)).toMatchObject({ state: 'RUNNING', lockedBy: 'alive' });
  });

  it('retries a failing job later and fails it after its last attempt, with the error kept', async () => {
    const [id] = await enqueueJobs(server.db, [{ queue: 't.fail', payload: {}, maxAttempts: 2 }]);
    const handlers = new JobHandlers();
    handlers.handle('t.fail', () => Promise.reject(new Error('broker away')));
    const w = worker(handlers);
    await w.runDue();
    let [row] = await server.db.select().from(jobs).where(eq(jobs.id, id!));
    expect(row).toMatchObject({ state: 'PENDING', attempts: 1, lastError: 'broker away' });
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now());
    await server.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, id!));
    await w.runDue();
    [row] = await server.db.select().from(jobs).where(eq(jobs.id, id!));
    expect(row).toMatchObject({ state: 'FAILED', attempts: 2 });
    expect(row!.finishedAt).not.toBeNull();
  });

  it('looks again later without counting an attempt, and cancels the not-started jobs of a group', async () => {
    const handlers = new JobHandlers();
    handlers.handle('t.later', () => Promise.resolve({ later: new Date(Date.now() + 60_000) }));
    const [waiting] = await enqueueJobs(server.db, [{ queue: 't.later', payload: {} }]);
    const w = worker(handlers);
    await w.runDue();
    const [row] = await server.db.select().from(jobs).where(eq(jobs.id, waiting!));
    expect(row).toMatchObject({ state: 'PENDING', attempts: 0 });

    await enqueueJobs(server.db, [
      { queue: 't.later', payload: {}, groupKey: 'task-1', runAt: new Date(Date.now() + 60_000) },
      { queue: 't.later', payload: {}, groupKey: 'task-1', runAt: new Date(Date.now() + 120_000) },
      { queue: 't.later', payload: {}, groupKey: 'task-2', runAt: new Date(Date.now() + 60_000) },
    ]);
    const cancelled = await cancelJobs(server.db, 'task-1');
    expect(cancelled).toHaveLength(2);
    expect(await jobCounts(server.db, 'task-1')).toEqual({ CANCELLED: 2 });
    expect(await jobCounts(server.db, 'task-2')).toEqual({ PENDING: 1 });
  });

  it('refuses a second handler for one queue', () => {
    const handlers = new JobHandlers();
    handlers.handle('t.one', () => Promise.resolve());
    expect(() => handlers.handle('t.one', () => Promise.resolve())).toThrow(/two handlers/);
  });

  it('deletes jobs that ended done or cancelled past their retention, and keeps failed and recent ones', async () => {
    const long = new Date(Date.now() - JOB_RETENTION_MS - 60_000);
    const ids = await enqueueJobs(server.db, [
      { queue: 't.purge', payload: { n: 1 } },
      { queue: 't.purge', payload: { n: 2 } },
      { queue: 't.purge', payload: { n: 3 } },
      { queue: 't.purge', payload: { n: 4 } },
      { queue: 't.purge', payload: { n: 5 }, runAt: new Date(Date.now() + 60_000) },
    ]);
    const ended = [
      { state: 'DONE', finishedAt: long },
      { state: 'CANCELLED', finishedAt: long },
      { state: 'FAILED', finishedAt: long },
      { state: 'DONE', finishedAt: new Date() },
    ] as const;
    for (const [i, end] of ended.entries()) await server.db.update(jobs).set(end).where(eq(jobs.id, ids[i]!));
    // A new worker purges with its first pass.
    await worker(new JobHandlers()).runDue();
    const left = await server.db.select().from(jobs).where(inArray(jobs.id, ids));
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([ids[2], ids[3], ids[4]]);
  });
});
