import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { inBackground, openDatabase, type Database } from './client.js';
import { PgliteThread } from './pglite-thread.js';

// The embedded database in its own thread (docs/scaling.md, "The embedded database in its own
// thread"): the same answers, errors and transactions as in the server's thread, and telemetry's
// background work giving way to the server's own statements.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('the embedded database in its own thread', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.db.execute(sql`create table thread_probe (id int primary key, note text not null)`);
  });
  afterAll(() => database.close());

  it('answers values of every kind and errors with their fields', async () => {
    const [row] = rowsOf<Record<string, unknown>>(
      await database.db.execute(
        sql`select 1::int as i, 2::bigint as b, 'x'::text as t, '{"a":[1]}'::jsonb as j, timestamptz '2026-01-02 03:04:05.123456+00' as at, ${'nul\u00a0'}::text as p`,
      ),
    );
    expect(row).toEqual({ i: 1, b: 2, t: 'x', j: { a: [1] }, at: '2026-01-02 03:04:05.123456+00', p: 'nul\u00a0' });
    await database.db.execute(sql`insert into thread_probe values (1, 'one')`);
    const failed = await database.db.execute(sql`insert into thread_probe values (1, 'again')`).catch((error: unknown) => error);
    let cause: unknown = failed;
    while (cause && typeof cause === 'object' && !('code' in cause)) cause = (cause as { cause?: unknown }).cause;
    expect(cause).toMatchObject({ code: '23505', constraint: 'thread_probe_pkey' });
  });

  it('a transaction holds the connection to its end; one that fails leaves nothing', async () => {
    let outsideDone = false;
    let outside: Promise<unknown> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (2, 'two')`);
      outside = database.db.execute(sql`select count(*)::int as n from thread_probe`).then((result) => {
        outsideDone = true;
        return result;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outsideDone).toBe(false);
      await tx.execute(sql`insert into thread_probe values (3, 'three')`);
    });
    expect(rowsOf<{ n: number }>(await outside)[0]!.n).toBe(3);

    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (4, 'four')`);
        await tx.execute(sql`insert into thread_probe values (4, 'twice')`);
      }),
    ).rejects.toThrow();
    const left = rowsOf<{ id: number }>(await database.db.execute(sql`select id from thread_probe order by id`));
    expect(left.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it('background work gives way to the server’s own statements waiting beside it', async () => {
    const order: string[] = [];
    const slow = (name: string) => sql`select pg_sleep(0.05), ${name}::text as name`;
    const note = (result: unknown) => void order.push(rowsOf<{ name: string }>(result)[0]!.name);
    // The first background statement runs at once; the next two wait beside a request's statement.
    const running = [
      inBackground(() => database.db.execute(slow('batch 1')).then(note)),
      inBackground(() => database.db.execute(slow('batch 2')).then(note)),
      inBackground(() => database.db.execute(slow('batch 3')).then(note)),
    ];
    running.push(database.db.execute(slow('request')).then(note));
    await Promise.all(running);
    expect(order).toEqual(['batch 1', 'request', 'batch 2', 'batch 3']);
  });

  it('work brought forward goes before the background work waiting beside it', async () => {
    const order: string[] = [];
    const slow = (name: string) => sql`select pg_sleep(0.1), ${name}::text as name`;
    const note = (result: unknown) => void order.push(rowsOf<{ name: string }>(result)[0]!.name);
    // A cabinet's state stored as background work, until an operator waits for what follows it.
    const lane = { background: true };
    let batches: Promise<void>[] = [];
    await inBackground(async () => {
      // Noted when its answer comes (not when this function resumes), as the batches are.
      const first = database.db.execute(slow('state, first part')).then(note);
      // Three telemetry batches come while its first part runs; then an operator waits for the state.
      batches = ['batch 1', 'batch 2', 'batch 3'].map((name) => inBackground(() => database.db.execute(slow(name)).then(note)));
      lane.background = false;
      await first;
      note(await database.db.execute(slow('state, second part')));
    }, lane);
    await Promise.all(batches);
    // Its next statement goes before the batches still waiting (the first may have been taken
    // while that statement was on its way).
    expect(order.slice(0, 1)).toEqual(['state, first part']);
    expect(order.slice(3)).toEqual(['batch 2', 'batch 3']);
  });

  it('a request’s next statement goes before background work that came while its last one ran', async () => {
    // A second, with the time the thread waits for the request's next statement set long, so the
    // order does not depend on how fast a loaded machine reads the answer.
    const thread = new PgliteThread(undefined, { lingerMs: 2_000 });
    await thread.waitReady;
    try {
      const order: string[] = [];
      const first = thread.query(`select pg_sleep(0.05), 'request 1'`).then(() => order.push('request 1'));
      const batch = inBackground(() => thread.query(`select 'batch'`)).then(() => order.push('batch'));
      await first;
      await thread.query(`select 'request 2'`).then(() => order.push('request 2'));
      await batch;
      expect(order).toEqual(['request 1', 'request 2', 'batch']);
    } finally {
      await thread.close();
    }
  });

  it('hears notifications sent on a channel', async () => {
    const heard: string[] = [];
    const stop = await database.listen('thread_probe_channel', (payload) => heard.push(payload));
    await database.db.execute(sql`select pg_notify('thread_probe_channel', 'hello')`);
    await expect.poll(() => heard).toEqual(['hello']);
    await stop();
  });
});
