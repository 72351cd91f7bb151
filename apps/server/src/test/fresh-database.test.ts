import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { freshDatabase } from './fresh-database.js';

/** Every row of every table, table by table, and every sequence's last value: what a database holds. */
async function contents(database: Database): Promise<Record<string, unknown>> {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const names = rowsOf<{ name: string }>(
    await database.db.execute(sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename`),
  ).map((row) => row.name);
  const held: Record<string, unknown> = {};
  for (const name of names) {
    const [row] = rowsOf<{ rows: string | null }>(
      await database.db.execute(sql.raw(`select json_agg(t order by t::text)::text as rows from ${name} t`)),
    );
    if (row?.rows) held[name] = JSON.parse(row.rows);
  }
  held['sequences'] = rowsOf(
    await database.db.execute(sql`select sequencename, last_value::text from pg_sequences where schemaname = 'public' order by 1`),
  );
  return held;
}

/**
 * A reused test database holds what a newly migrated one holds (docs/testing.md, "Fresh databases"):
 * the rows the migrations insert (the reference backfill's progress rows, …) and their sequences come
 * back after the rows a test wrote are emptied out.
 */
describe.skipIf(process.env.TEST_DATABASE_URL)('fresh test databases on PGlite', () => {
  it('keeps the migrations’ rows when a reused instance is emptied for the next server', async () => {
    const first = await freshDatabase({ postgresUrl: undefined });
    const migrated = await contents(first.database);
    expect(migrated['reference_backfill']).toHaveLength(2);
    // A test's own row, and the migrations' rows changed and removed.
    await first.database.db.execute(sql`update reference_backfill set last_id = 12345 where name = 'swap_record.customer_id'`);
    await first.database.db.execute(sql`delete from reference_backfill where name = 'appointment.customer_id'`);
    await first.database.db.execute(sql`insert into reference_backfill (name) values ('a test row')`);
    await first.release();

    const second = await freshDatabase({ postgresUrl: undefined });
    try {
      expect(await contents(second.database)).toEqual(migrated);
    } finally {
      await second.release();
    }
  });
});
