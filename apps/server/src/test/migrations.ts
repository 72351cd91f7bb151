import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const ALL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * An embedded database migrated up to, not including, the migration whose tag starts with `tag`,
 * for a test that writes rows as they stood before it and then runs the rest (`migrateRest`).
 */
export async function databaseBefore(tag: string) {
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.mkdirSync(path.join(before, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(ALL, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag.startsWith(tag));
  if (upTo < 0) throw new Error(`No migration ${tag}`);
  fs.writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
  for (const entry of journal.entries.slice(0, upTo))
    fs.copyFileSync(path.join(ALL, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
  const client = new PGlite();
  const db = drizzle(client);
  try {
    await migrate(db, { migrationsFolder: before });
  } finally {
    fs.rmSync(before, { recursive: true, force: true });
  }
  return {
    db,
    /** Runs every migration left. */
    migrateRest: () => migrate(db, { migrationsFolder: ALL }),
    close: () => client.close(),
  };
}
