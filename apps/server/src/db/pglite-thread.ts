import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { parse, protocol, types } from '@electric-sql/pglite';

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
// The database's answer crosses as the protocol's bytes, moved (not copied) to the server's thread,
// which decodes them: the rows are never turned into objects here.
const answer = (id, data, tx) => parentPort.postMessage({ id, data, tx }, data.byteLength > 0 ? [data.buffer] : []);
const fail = (id, error) => parentPort.postMessage({ id, error: plain(error) });
// Whether an answer holds an ErrorResponse ('E'): each message is its type byte and a length.
const failed = (data) => {
  for (let at = 0; at + 5 <= data.length; at += 1 + ((data[at + 1] << 24) | (data[at + 2] << 16) | (data[at + 3] << 8) | data[at + 4])) {
    if (data[at] === 0x45) return true;
  }
  return false;
};
let db;
const transactions = new Map();
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
// The statements come as the protocol's messages, built in the server's thread (a statement with its
// parameters is Parse, Bind, Describe, Execute and Sync in one piece): the database reads them in one go.
const handle = async (message) => {
  const { id } = message;
  try {
    switch (message.op) {
      case 'run':
        return answer(id, db.execProtocolRawSync(message.bytes));
      case 'begin': {
        const data = db.execProtocolRawSync(message.bytes);
        if (failed(data)) return answer(id, data);
        const tx = nextTransaction++;
        // The connection is held until the transaction ends (its 'end' message).
        const ended = new Promise((resolve) => transactions.set(tx, resolve));
        answer(id, data, tx);
        return await ended;
      }
      case 'end': {
        const release = transactions.get(message.tx);
        transactions.delete(message.tx);
        try {
          answer(id, db.execProtocolRawSync(message.bytes));
        } finally {
          if (release) release();
        }
        return;
      }
      case 'close':
        await db.close();
        return parentPort.postMessage({ id });
    }
  } catch (error) {
    fail(id, error);
  }
};
(async () => {
  let arrays;
  try {
    db = workerData.dataDir ? new PGlite(workerData.dataDir) : new PGlite();
    await db.waitReady;
    // The array types PGlite decodes (as its own query does): their element types, for the server's thread.
    arrays = (await db.query(workerData.arrayTypes)).rows;
  } catch (error) {
    parentPort.postMessage({ id: 0, error: plain(error) });
    return;
  }
  parentPort.on('message', schedule);
  parentPort.postMessage({ id: 0, arrays });
})();
`;

/** The array types PGlite decodes, each with its element type (PGlite's own query at its start). */
const ARRAY_TYPES = `select b.oid, b.typarray from pg_catalog.pg_type a left join pg_catalog.pg_type b on b.oid = a.typelem
  where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`;

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId?: number) => unknown>;
}

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

type Messages = Parameters<typeof parse.parseResults>[0];
type DatabaseError = InstanceType<typeof protocol.messages.DatabaseError>;

interface Pending {
  resolve(value: { messages: Messages; tx?: number }): void;
  reject(error: Error): void;
  background: boolean;
}

interface Answer {
  id: number;
  data?: Uint8Array;
  tx?: number;
  arrays?: { oid: number; typarray: number }[];
  error?: { message: string; name?: string; fields: Record<string, unknown> };
}

/** A database error as thrown in the thread: same message, code, constraint and detail. */
function rebuild(error: NonNullable<Answer['error']>): Error {
  const rebuilt = Object.assign(new Error(error.message), error.fields);
  if (error.name) rebuilt.name = error.name;
  return rebuilt;
}

const { serialize } = protocol;
// The parameters as the PostgreSQL driver sends them (text; buffers as binary), so a statement gets
// the same values on both databases.
const pgUtils = createRequire(import.meta.url)('pg/lib/utils') as { prepareValue: (value: unknown) => string | Buffer | null };

function joined(parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/** A statement with its parameters, as one piece: Parse, Bind, Describe, Execute, Sync. The bytes are a copy of their own: they are moved to the thread. */
function extended(sql: string, params: unknown[]): Uint8Array {
  const values = params.map((value) => pgUtils.prepareValue(value));
  return joined([
    serialize.parse({ text: sql }),
    serialize.bind({ values }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The client the query builder's PGlite driver is given: the same calls, answered by the thread. */
export class PgliteThread {
  readonly waitReady: Promise<void>;
  closed = false;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  /** PGlite's decoders by type, as its own instance has them (with its array types once the thread is ready). */
  private readonly parsers: Record<number, (value: string, typeId?: number) => unknown> = { ...types.parsers };
  private nextId = 1;

  /**
   * `lingerMs`: how long after one of the server's own statements a background one waits for the
   * next (a request's statements come one after the other).
   */
  constructor(dataDir: string | undefined, options: { lingerMs?: number } = {}) {
    const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    this.worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { pglite, dataDir, lingerMs: options.lingerMs ?? 4, arrayTypes: ARRAY_TYPES },
    });
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
    const waiting = this.pending.get(answer.id);
    if (!waiting) return;
    this.pending.delete(answer.id);
    if (!waiting.background) {
      own.pending--;
      own.answeredAt = performance.now();
    }
    // The thread keeps the process alive only while a statement is on its way.
    if (this.pending.size === 0) this.worker.unref();
    if (answer.error) return waiting.reject(rebuild(answer.error));
    for (const { oid, typarray } of answer.arrays ?? []) {
      this.parsers[typarray] = (value) => types.arrayParser(value, this.parsers[oid]!, typarray);
    }
    const messages: Messages = [];
    if (answer.data && answer.data.length > 0) new protocol.Parser().parse(answer.data, (message) => messages.push(message));
    // Notifications arrive with the answer of the statement they followed (PGlite is one connection).
    for (const message of messages) {
      if (!(message instanceof protocol.messages.NotificationResponseMessage)) continue;
      for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload);
    }
    waiting.resolve({ messages, tx: answer.tx });
  }

  private call(message: { op: string; bytes?: Uint8Array; tx?: number }): Promise<{ messages: Messages; tx?: number }> {
    if (this.closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    const background = lanes.getStore()?.background === true;
    if (!background) own.pending++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, background });
      this.worker.postMessage({ ...message, id, background }, message.bytes ? [message.bytes.buffer as ArrayBuffer] : []);
    });
  }

  /** The statement's results, or its error (as PGlite throws it: the database's fields, the statement and its parameters). */
  private async results(op: string, bytes: Uint8Array, tx: number | undefined, query: string, params?: unknown[], options?: QueryOptions) {
    const { messages, tx: opened } = await this.call({ op, bytes, tx });
    const error = messages.find((message): message is DatabaseError => message.name === 'error');
    if (error) throw Object.assign(error, { query, params, queryOptions: options });
    return { results: parse.parseResults(messages, this.parsers, options), tx: opened };
  }

  private statement(tx: number | undefined) {
    return {
      query: async (sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult> => {
        const { results } = await this.results('run', extended(sql, params ?? []), tx, sql, params, options);
        return results[0] as QueryResult;
      },
      exec: async (sql: string): Promise<QueryResult[]> => (await this.results('run', joined([serialize.query(sql)]), tx, sql)).results,
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
    const { tx } = await this.results('begin', joined([serialize.query('BEGIN')]), undefined, 'BEGIN');
    const client = { ...this.statement(tx), closed: false };
    let result: T;
    try {
      result = await callback(client);
    } catch (error) {
      client.closed = true;
      await this.results('end', joined([serialize.query('ROLLBACK')]), tx, 'ROLLBACK').catch(() => undefined);
      throw error;
    }
    client.closed = true;
    await this.results('end', joined([serialize.query('COMMIT')]), tx, 'COMMIT');
    return result;
  }

  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    let handlers = this.handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(channel, handlers);
      await this.exec(`LISTEN ${quoted(channel)}`);
    }
    handlers.add(handler);
    return async () => {
      handlers.delete(handler);
      if (handlers.size > 0 || this.handlers.get(channel) !== handlers) return;
      this.handlers.delete(channel);
      if (!this.closed) await this.exec(`UNLISTEN ${quoted(channel)}`);
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
