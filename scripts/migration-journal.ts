/**
 * Keeps the migration journal (apps/server/drizzle/meta/_journal.json) in step with the SQL files
 * beside it, so adding a migration is writing its SQL file only (docs/adding-a-resource.md):
 *   npm run db:journal            add an entry for every new SQL file, after the last one
 *   npm run db:journal -- --check fail when a file has no entry or an entry no file
 * An entry's `when` must exceed every earlier one (the migrator applies what is newer than the last
 * applied entry), so a new entry gets the later of now and the last `when` plus one second.
 * Entries already there never change: a database that ran them must see the same journal.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface Entry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folder = path.join(root, 'apps/server/drizzle');
const journalPath = path.join(folder, 'meta/_journal.json');

const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { version: string; dialect: string; entries: Entry[] };
const tags = fs
  .readdirSync(folder)
  .filter((file) => file.endsWith('.sql'))
  .map((file) => file.slice(0, -'.sql'.length))
  .sort();
const known = new Set(journal.entries.map((entry) => entry.tag));
const missing = tags.filter((tag) => !known.has(tag));
const orphans = journal.entries.filter((entry) => !tags.includes(entry.tag)).map((entry) => entry.tag);

if (process.argv.includes('--check')) {
  const problems = [
    ...missing.map((tag) => `${tag}.sql has no journal entry (run npm run db:journal)`),
    ...orphans.map((tag) => `journal entry ${tag} has no SQL file`),
  ];
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log(`migration journal: ${tags.length} migrations, all listed`);
} else {
  if (orphans.length > 0) throw new Error(`journal entries without a SQL file: ${orphans.join(', ')}`);
  for (const tag of missing) {
    const last = journal.entries.reduce((max, entry) => Math.max(max, entry.when), 0);
    const idx = journal.entries.reduce((max, entry) => Math.max(max, entry.idx), -1) + 1;
    journal.entries.push({ idx, version: '7', when: Math.max(Date.now(), last + 1000), tag, breakpoints: true });
    console.log(`added ${tag}`);
  }
  fs.writeFileSync(journalPath, `${JSON.stringify(journal, null, 2)}\n`);
}
