import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.js';

/**
 * Fresh, migrated, empty databases for test servers, made without paying for a new database and
 * every migration per server (docs/testing.md, "Fresh databases"):
 * - PGlite: a migrated in-memory instance is kept per test process; when its server closes, every
 *   table is emptied (identities restarted) and the instance waits for the next server. Starting an
 *   in-memory PGlite runs its own initdb, which costs more than most test files' tests.
 * - PostgreSQL: the migrations run once per process into a template database, and each server
 *   gets a copy of it (`create database … template …`).
 * Either way a server starts on the schema the migrations make, with no rows.
 */
export interface FreshDatabase {
  database: Database;
  /** The PostgreSQL database's URL; undefined on PGlite. */
  url: string | undefined;
  /** Gives the database back (PGlite: emptied for the next server; PostgreSQL: dropped). */
  release(): Promise<void>;
}

export async function freshDatabase(options: {
  postgresUrl: string | undefined;
  connectVia?: ((url: string) => string) | undefined;
}): Promise<FreshDatabase> {
  if (options.postgresUrl) return freshPostgresDatabase(options.postgresUrl, options.connectVia);
  return freshPgliteDatabase();
}

const idlePglite: Database[] = [];

async function freshPgliteDatabase(): Promise<FreshDatabase> {
  let database = idlePglite.pop();
  if (!database) {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
  }
  const taken = database;
  let released = false;
  return {
    // The server's own close() must not end the shared instance: release() decides.
    database: { ...taken, migrate: () => Promise.resolve(), close: () => Promise.resolve() },
    url: undefined,
    async release() {
      if (released) return;
      released = true;
      try {
        await emptyEveryTable(taken);
        idlePglite.push(taken);
      } catch {
        // A broken instance is not reused.
        await taken.close().catch(() => undefined);
      }
    },
  };
}

/** Every table of the schema emptied in one statement; sequences owned by their columns restart. */
async function emptyEveryTable(database: Database): Promise<void> {
  const tables = await database.db.execute(sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`);
  const names = (tables as { rows: { name: string }[] }).rows.map((row) => row.name);
  if (names.length > 0) await database.db.execute(sql.raw(`truncate ${names.join(', ')} restart identity cascade`));
}

let templateName: Promise<string> | undefined;

/** The migrated template of this process (made on first use). */
function postgresTemplate(baseUrl: string): Promise<string> {
  templateName ??= (async () => {
    const name = `swap_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(baseUrl, `create database ${name}`);
    const database = await openDatabase({ databaseUrl: databaseUrl(baseUrl, name), dataDir: 'memory://' });
    try {
      await database.migrate();
    } finally {
      // A template is copied only while nobody is connected to it.
      await database.close();
    }
    return name;
  })();
  return templateName;
}

async function freshPostgresDatabase(baseUrl: string, connectVia?: (url: string) => string): Promise<FreshDatabase> {
  const template = await postgresTemplate(baseUrl);
  const name = `swap_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${name} template ${template}`);
  const url = databaseUrl(baseUrl, name);
  const database = await openDatabase({ databaseUrl: connectVia ? connectVia(url) : url, dataDir: 'memory://' });
  let released = false;
  return {
    database: { ...database, migrate: () => Promise.resolve() },
    url,
    async release() {
      if (released) return;
      released = true;
      await database.close().catch(() => undefined);
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
