import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The embedded database (PGlite) in a thread of its own (docs/scaling.md, "The embedded database in
 * its own thread"). PGlite is PostgreSQL compiled to WebAssembly: every statement runs to its end in
 * the thread that calls it. In the server's thread an ingest batch or a large page held up every
 * request, the device link and the broker for as long as it ran; here the server's thread only posts
 * the statement and takes the answer, so HTTP, MQTT and JSON work go on while the database works, on
 * the other core.
 *
 * The thread answers the few calls the query builder's PGlite driver makes (query, exec, transaction)
 * with PGlite's own semantics: one connection, statements in arrival order, and a transaction holds the
 * connection from BEGIN to COMMIT (PGlite's own lock), so a statement from outside waits as it did.
 * Database errors cross the thread with their fields (code, constraint, detail…), which the services
 * read to word unique and foreign-key conflicts.
 */

/**
 * Where a piece of work's statements queue on the embedded database: behind the server's others
 * while `background`. Work someone starts waiting for (a cabinet's state with a command's result
 * behind it) is brought forward by clearing it: its next statements go first.
 */
export interface Lane {
  background: boolean;
}

const lanes = new AsyncLocalStorage<Lane>();

/** The server's own statements on the embedded database: how many are on their way, and when the last was answered. */
const own = { pending: 0, answeredAt: Number.NEGATIVE_INFINITY };

/**
 * Whether the server's own statements (an operator's request, a command's result) are running on
 * the embedded database, or ran within the last `withinMs`: background work then writes in smaller
 * pieces, so none of them waits long behind one (docs/scaling.md). Never on PostgreSQL.
 */
export function ownStatementsRunning(withinMs = 50): boolean {
  return own.pending > 0 || performance.now() - own.answeredAt < withinMs;
}

/**
 * Runs work whose statements give way to the server's others on the embedded database (telemetry
 * batches: an operator's request waiting for the database goes first), on `lane` when it may be
 * brought forward later. On PostgreSQL it changes nothing.
 */
export function inBackground<T>(work: () => Promise<T>, lane: Lane = { background: true }): Promise<T> {
  return lanes.run(lane, work);
}

/** The thread's program: CommonJS, given as source so that it runs the same from sources and from the build. */
const THREAD_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);
const plain = (error) => {
  const fields = {};
  if (error && typeof error === 'object') {
    for (const key of Object.keys(error)) {
      const value = error[key];
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    }
  }
  return { message: String((error && error.message) || error), name: error && error.name, fields };
};
const answer = (id, result) => parentPort.postMessage({ id, result });
const fail = (id, error) => parentPort.postMessage({ id, error: plain(error) });
const rawParsers = (oids) => {
  if (!oids) return undefined;
  const parsers = {};
  for (const oid of oids) parsers[oid] = (value) => value;
  return parsers;
};
// A COPY … TO '/dev/blob' answers its output as one blob (an export's chunk: docs/scaling.md, "Export").
const shape = (result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows, blob: result.blob });
const ROLLBACK = new Error('rolled back');
let db;
const transactions = new Map();
const stops = new Map();
let nextTransaction = 1;
// One statement (or one transaction, BEGIN to its end) at a time. Statements of an open transaction go
// straight in; the others wait their turn: the server's own first, background ones (telemetry batches)
// when nothing else waits, and at least one in every FAIR_TURNS so they never starve.
const FAIR_TURNS = 8;
// A request's statements come one after the other, each once the server's thread has read the last
// one's answer: for LINGER_MS (4) after one of the server's own statements, a background one waits
// for the next, so a request is not held up by a telemetry batch between each of its statements.
const LINGER_MS = workerData.lingerMs;
const foreground = [];
const background = [];
let busy = false;
let turns = 0;
let lastForeground = 0;
let lingering;
// The next statement is chosen once the messages that arrived meanwhile are read (setImmediate runs
// after them), so a request posted while a batch ran is seen before the next batch is taken.
let choosing = false;
const schedule = (message) => {
  if (message.tx || message.op === 'end') return void handle(message);
  (message.background ? background : foreground).push(message);
  choose();
};
const choose = () => {
  if (choosing) return;
  choosing = true;
  setImmediate(() => {
    choosing = false;
    pump();
  });
};
const pump = () => {
  if (busy) return;
  clearTimeout(lingering);
  lingering = undefined;
  const fair = turns >= FAIR_TURNS;
  if (foreground.length === 0 && background.length > 0 && !fair) {
    const wait = lastForeground + LINGER_MS - performance.now();
    if (wait > 0) {
      lingering = setTimeout(pump, wait);
      return;
    }
  }
  const takeBackground = background.length > 0 && (foreground.length === 0 || fair);
  const next = takeBackground ? background.shift() : foreground.shift();
  if (!next) return;
  turns = takeBackground ? 0 : turns + 1;
  busy = true;
  handle(next).finally(() => {
    busy = false;
    if (!takeBackground) lastForeground = performance.now();
    choose();
  });
};
const handle = async (message) => {
  const { id } = message;
  try {
    switch (message.op) {
      case 'query': {
        const target = message.tx ? transactions.get(message.tx).client : db;
        const result = await target.query(message.sql, message.params, { rowMode: message.rowMode, parsers: rawParsers(message.raw) });
        return answer(id, shape(result));
      }
      case 'exec': {
        const target = message.tx ? transactions.get(message.tx).client : db;
        return answer(id, (await target.exec(message.sql)).map(shape));
      }
      case 'begin': {
        const tx = nextTransaction++;
        const entry = {};
        entry.done = db.transaction(
          (client) =>
            new Promise((resolve, reject) => {
              Object.assign(entry, { client, resolve, reject });
              transactions.set(tx, entry);
              answer(id, tx);
            }),
        );
        // The connection is held until the transaction ends (its 'end' message).
        return entry.done.catch((error) => {
          if (!entry.client) fail(id, error);
        });
      }
      case 'end': {
        const entry = transactions.get(message.tx);
        transactions.delete(message.tx);
        if (message.commit) entry.resolve();
        else entry.reject(ROLLBACK);
        try {
          await entry.done;
        } catch (error) {
          if (error !== ROLLBACK) throw error;
        }
        return answer(id, null);
      }
      case 'listen': {
        const stop = await db.listen(message.channel, (payload) => parentPort.postMessage({ notify: message.channel, payload }));
        stops.set(message.channel, stop);
        return answer(id, null);
      }
      case 'unlisten': {
        const stop = stops.get(message.channel);
        stops.delete(message.channel);
        if (stop && !db.closed) await stop();
        return answer(id, null);
      }
      case 'close':
        await db.close();
        return answer(id, null);
    }
  } catch (error) {
    fail(id, error);
  }
};
(async () => {
  try {
    db = workerData.dataDir ? new PGlite(workerData.dataDir) : new PGlite();
    await db.waitReady;
  } catch (error) {
    parentPort.postMessage({ id: 0, error: plain(error) });
    return;
  }
  parentPort.on('message', schedule);
  answer(0, null);
})();
`;

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
  /** What a `COPY … TO '/dev/blob'` wrote. */
  blob?: Blob;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  background: boolean;
}

interface Answer {
  id?: number;
  result?: unknown;
  error?: { message: string; name?: string; fields: Record<string, unknown> };
  notify?: string;
  payload?: string;
}

/** A database error as thrown in the thread: same message, code, constraint and detail. */
function rebuild(error: NonNullable<Answer['error']>): Error {
  const rebuilt = Object.assign(new Error(error.message), error.fields);
  if (error.name) rebuilt.name = error.name;
  return rebuilt;
}

/** The client the query builder's PGlite driver is given: the same calls, answered by the thread. */
export class PgliteThread {
  readonly waitReady: Promise<void>;
  closed = false;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;

  /**
   * `lingerMs`: how long after one of the server's own statements a background one waits for the
   * next (a request's statements come one after the other).
   */
  constructor(dataDir: string | undefined, options: { lingerMs?: number } = {}) {
    const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    this.worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { pglite, dataDir, lingerMs: options.lingerMs ?? 4 } });
    this.waitReady = new Promise<void>((resolve, reject) => this.pending.set(0, { resolve: () => resolve(), reject, background: true }));
    this.waitReady.catch(() => void this.worker.terminate());
    this.worker.on('message', (answer: Answer) => this.receive(answer));
    const lost = (error: Error) => {
      this.closed = true;
      for (const waiting of this.pending.values()) {
        if (!waiting.background) own.pending--;
        waiting.reject(error);
      }
      this.pending.clear();
    };
    this.worker.on('error', lost);
    this.worker.on('exit', (code) => lost(new Error(`the database thread ended (${code})`)));
  }

  private receive(answer: Answer): void {
    if (answer.notify !== undefined) {
      for (const handler of this.handlers.get(answer.notify) ?? []) handler(answer.payload ?? '');
      return;
    }
    const waiting = this.pending.get(answer.id!);
    if (!waiting) return;
    this.pending.delete(answer.id!);
    if (!waiting.background) {
      own.pending--;
      own.answeredAt = performance.now();
    }
    // The thread keeps the process alive only while a statement is on its way.
    if (this.pending.size === 0) this.worker.unref();
    if (answer.error) waiting.reject(rebuild(answer.error));
    else waiting.resolve(answer.result);
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    const background = lanes.getStore()?.background === true;
    if (!background) own.pending++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve, reject, background });
      this.worker.postMessage({ ...message, id, background });
    });
  }

  private statement(tx: number | undefined) {
    return {
      query: (sql: string, params?: unknown[], options?: QueryOptions) =>
        this.call<QueryResult>({
          op: 'query',
          tx,
          sql,
          params: params ?? [],
          rowMode: options?.rowMode,
          // The driver's parsers keep some types' text as it is; the thread does the same for those types.
          raw: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
        }),
      exec: (sql: string) => this.call<QueryResult[]>({ op: 'exec', tx, sql }),
    };
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult> {
    return this.statement(undefined).query(sql, params, options);
  }

  exec(sql: string): Promise<QueryResult[]> {
    return this.statement(undefined).exec(sql);
  }

  /** The callback's statements run inside one transaction, which holds the connection until it ends. */
  async transaction<T>(callback: (client: ReturnType<PgliteThread['statement']> & { closed: boolean }) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    const client = { ...this.statement(tx), closed: false };
    let result: T;
    try {
      result = await callback(client);
    } catch (error) {
      client.closed = true;
      await this.call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    client.closed = true;
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    let handlers = this.handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(channel, handlers);
      await this.call({ op: 'listen', channel });
    }
    handlers.add(handler);
    return async () => {
      handlers.delete(handler);
      if (handlers.size > 0 || this.handlers.get(channel) !== handlers) return;
      this.handlers.delete(channel);
      if (!this.closed) await this.call({ op: 'unlisten', channel });
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.call({ op: 'close' });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }
}
