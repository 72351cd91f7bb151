import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.js';

/**
 * Fresh, migrated, empty databases for test servers, made without paying for a new database and
 * every migration per server (docs/testing.md, "Fresh databases"):
 * - PGlite: a migrated in-memory instance is kept per test process; when its server closes, every
 *   table is emptied (identities restarted), the rows the migrations inserted are put back with
 *   their sequences as the migrations left them, and the instance waits for the next server.
 *   Starting an in-memory PGlite runs its own initdb, which costs more than most test files' tests.
 * - PostgreSQL: the migrations run once per process into a template database, and each server
 *   gets a copy of it (`create database … template …`).
 * Either way a server starts on the database the migrations make: their schema, and only the rows
 * they insert.
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

/** A migrated PGlite instance and what its migrations left in it, put back each time it is emptied. */
interface MigratedPglite {
  database: Database;
  seeded: MigrationRows;
}

const idlePglite: MigratedPglite[] = [];

async function freshPgliteDatabase(): Promise<FreshDatabase> {
  let instance = idlePglite.pop();
  if (!instance) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    instance = { database, seeded: await migrationRows(database) };
  }
  const kept = instance;
  const taken = kept.database;
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
        await putBack(taken, kept.seeded);
        idlePglite.push(kept);
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

/** The rows the migrations inserted (table by table, as JSON) and every sequence's state after them. */
interface MigrationRows {
  tables: { name: string; rows: string }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

/** Reads what the migrations left in a just-migrated database (docs/testing.md, "Fresh databases"). */
async function migrationRows(database: Database): Promise<MigrationRows> {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const names = rowsOf<{ name: string }>(
    await database.db.execute(sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename`),
  ).map((row) => row.name);
  const tables: MigrationRows['tables'] = [];
  for (const name of names) {
    const [row] = rowsOf<{ rows: string | null }>(await database.db.execute(sql.raw(`select json_agg(t)::text as rows from ${name} t`)));
    if (row?.rows) tables.push({ name, rows: row.rows });
  }
  const sequences = rowsOf<{ name: string; lastValue: string | null }>(
    await database.db.execute(
      sql`select quote_ident(sequencename) as name, last_value::text as "lastValue" from pg_sequences where schemaname = 'public'`,
    ),
  )
    .filter((row) => row.lastValue !== null)
    .map((row) => ({ name: row.name, lastValue: row.lastValue!, isCalled: true }));
  return { tables, sequences };
}

/**
 * Puts back the migrations' rows into an emptied database, and their sequences where the migrations
 * left them. Triggers stay off while the rows go in (replica role): the rows are the ones the
 * triggers' work already produced.
 */
async function putBack(database: Database, seeded: MigrationRows): Promise<void> {
  if (seeded.tables.length === 0 && seeded.sequences.length === 0) return;
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const table of seeded.tables)
      await tx.execute(
        sql`insert into ${sql.raw(table.name)} select * from json_populate_recordset(null::${sql.raw(table.name)}, ${table.rows}::json)`,
      );
    for (const sequence of seeded.sequences)
      await tx.execute(sql`select setval(${`public.${sequence.name}`}::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`);
  });
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
