/**
 * What the bench's data generators (devices/generate.ts, orders/generate.ts) share to load large
 * tables into PostgreSQL (docs/scaling.md): a timed step, the tables' secondary indexes dropped for
 * the load and rebuilt after from their own definitions, then the tables vacuumed and analysed so
 * plans and visibility maps are real; and the database of DATABASE_URL migrated before a direct run.
 */
import type pg from 'pg';

/** Runs a step of the load and prints how long it took. */
export async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const start = Date.now();
  const result = await run();
  console.log(`  ${label}: ${((Date.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Drops the tables' secondary indexes (with `keepUnique`, not the unique ones: other tables' keys
 * may rest on them) and answers the step that ends the load: `rebuilt(vacuum)` creates them again
 * from their definitions, then vacuums and analyses the tables named.
 */
export async function dropIndexes(
  client: pg.ClientBase,
  tables: readonly string[],
  options: { keepUnique?: boolean } = {},
): Promise<{ rebuilt: (vacuum: readonly string[]) => Promise<void> }> {
  const defs: string[] = [];
  for (const table of tables) {
    const { rows } = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = $1 and indexname <> $2${
        options.keepUnique ? ` and indexdef not like 'CREATE UNIQUE%'` : ''
      }`,
      [table, `${table}_pkey`],
    );
    for (const row of rows) await client.query(`drop index if exists "${row.indexname}"`);
    defs.push(...rows.map((row) => row.indexdef));
  }
  return {
    rebuilt: async (vacuum) => {
      await timed('indexes rebuilt', async () => {
        for (const def of defs) await client.query(def);
      });
      await timed('vacuum analyse', async () => {
        for (const table of vacuum) await client.query(`vacuum (analyze) ${table}`);
      });
    },
  };
}

/** DATABASE_URL (required) with the server's migrations applied: where a generator run on its own loads. */
export async function migratedDatabaseUrl(): Promise<string> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const { openDatabase } = await import('../../apps/server/src/db/client.js');
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await database.migrate();
  await database.close();
  return url;
}
