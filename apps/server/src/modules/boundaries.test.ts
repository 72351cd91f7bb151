import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

const modulesDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Another module reaches a module only through its index.ts (scripts/check-boundaries.ts); this
 * keeps that entry from handing out the module's tables, so no module reads or writes another's
 * rows except through its functions (docs/architecture.md, "Boundaries").
 */
describe('module entries', () => {
  const entries = fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(modulesDir, entry.name, 'index.ts')))
    .map((entry) => entry.name);

  it.each(entries)('modules/%s/index.ts exports no table', async (name) => {
    const entry = pathToFileURL(path.join(modulesDir, name, 'index.ts')).href;
    const exported = (await import(/* @vite-ignore */ entry)) as Record<string, unknown>;
    const tables = Object.entries(exported)
      .filter(([, value]) => is(value, PgTable))
      .map(([key]) => key);
    expect(tables).toEqual([]);
  });
});
