import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataFolder } from './data-lock.js';
import { PgliteThread } from './pglite-thread.js';

export { inBackground, ownStatementsRunning, type Lane } from './pglite-thread.js';

/**
 * The one database type every module uses, whichever driver is underneath. Queries are written with
 * the query builder on each module's own tables, so the client needs no list of every table (and
 * adding a table registers it nowhere; migrations are SQL files, docs/adding-a-resource.md).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Hears the notifications sent on a channel (`pg_notify` inside a transaction arrives once it
   * commits, to every server of the database, this one too); answers the function that stops.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
}

/**
 * On the embedded database, runs `COPY (<select>) TO '/dev/blob'` (text format: tab between
 * fields, `\N` for null) and answers what it wrote; undefined on PostgreSQL, whose driver reads
 * COPY only through a further package. An export reads its chunks this way (docs/scaling.md,
 * "Export"). The select's values are written into it as literals: COPY takes no parameters.
 */
export function embeddedCopy(db: Db): ((select: string) => Promise<string>) | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PgliteThread || client instanceof PGlite)) return undefined;
  return async (select) => {
    const result = await client.query(`copy (${select}) to '/dev/blob'`);
    return result.blob ? await result.blob.text() : '';
  };
}

/**
 * On PostgreSQL, runs a select and answers its rows as arrays of each value's text as the database
 * writes it (null for null): the same text a COPY writes, unescaped, so an export reads a chunk as
 * on the embedded database without PostgreSQL building a JSON array per row (docs/scaling.md,
 * "Export"). Undefined on the embedded database or inside a transaction.
 */
export function postgresTextRows(db: Db): ((text: string, params: unknown[]) => Promise<(string | null)[][]>) | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return undefined;
  return async (text, params) => {
    const result = await client.query<(string | null)[]>({ text, values: params, rowMode: 'array', types: KEEP_TEXT });
    return result.rows;
  };
}
const KEEP_TEXT = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;

const RELISTEN_MS = 2_000;

/**
 * A PostgreSQL connection of its own that listens on a channel and reopens itself when lost
 * (notices of the gap are lost: a listener covers that by reloading what it shows).
 */
async function listenOnPostgres(connectionString: string, channel: string, handler: (payload: string) => void) {
  let client: pg.Client | undefined;
  let closed = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) handler(message.payload ?? '');
    });
    next.on('error', () => {
      if (client === next) client = undefined;
      void next.end().catch(() => undefined);
      if (!closed) setTimeout(() => void reconnect(), RELISTEN_MS).unref();
    });
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  const reconnect = async () => {
    if (closed || client) return;
    try {
      await connect();
    } catch {
      if (!closed) setTimeout(() => void reconnect(), RELISTEN_MS).unref();
    }
  };
  await connect();
  return async () => {
    closed = true;
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}

/**
 * Transactions on PostgreSQL, each on a connection of the pool that goes back to it whatever
 * happens. The driver's own transaction sends BEGIN before it guards the connection's return, so a
 * connection lost at that moment (a database outage) was never given back: the pool shrank by one
 * each time and closing the server waited for it forever.
 */
function transactionReleasingItsClient(pool: pg.Pool): Db['transaction'] {
  return async (work, config) => {
    const client = await pool.connect();
    try {
      return await (drizzlePg(client) as unknown as Db).transaction(work, config);
    } finally {
      client.release();
    }
  };
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data folder; `memory://` keeps everything in memory (tests). */
  dataDir: string;
  /**
   * PGlite in the server's own thread instead of a thread of its own (docs/scaling.md, "The embedded
   * database in its own thread"); the benches set it to measure the difference.
   */
  pgliteInServerThread?: boolean | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // An unreachable database fails a request within seconds (answered 503) instead of holding it.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5000, keepAlive: true });
    // An idle connection dropped by the server (restart, failover) must not bring the process down;
    // the pool replaces it and the next query reports any real outage.
    pool.on('error', (error) => {
      console.error(`database connection lost: ${error.message}`);
    });
    // A connection lost while checked out (a transaction, a held lock) rejects its query, which the
    // caller reports; the client's own error event then has no pool listener and would otherwise
    // end the process as an uncaught exception.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const db = drizzlePg(pool);
    (db as unknown as Db).transaction = transactionReleasingItsClient(pool);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
      listen: (channel, handler) => listenOnPostgres(options.databaseUrl!, channel, handler),
    };
  }
  const memory = options.dataDir.startsWith('memory://');
  if (!memory) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  // Two processes on one set of files each keep their own view and overwrite the other's writes.
  const lock = memory ? undefined : lockDataFolder(path.dirname(options.dataDir));
  let client: PGlite | PgliteThread;
  try {
    const dataDir = memory ? undefined : options.dataDir;
    client = options.pgliteInServerThread ? (dataDir ? new PGlite(dataDir) : new PGlite()) : new PgliteThread(dataDir);
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  // The driver makes only the calls the thread answers (query, exec, transaction).
  const db = drizzlePglite(client as PGlite);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
    listen: async (channel, handler) => {
      const stop = await client.listen(channel, handler);
      return async () => {
        if (!client.closed) await stop();
      };
    },
  };
}
