// Gzipped JS each route loads: entry + one language catalogue + the route's chunk and its static
// imports (+ the signed-in shell for pages inside it). Budgets (DESIGN §7): sign-in ≤ 200 KB, any route ≤ 400 KB.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;

function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const base = closure(entryKey);
closure('src/i18n/bundles/en.ts', base);
// antd's texts of the language, loaded with antd.
const antdLocale = 'src/i18n/antd/en.ts';
const kb = (n) => (n / 1024).toFixed(1);
const size = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0);
const shell = 'src/app/AuthedLayout.tsx';
const rows = [];
for (const key of Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && !/\/i18n\/(bundles|antd)\//.test(k))) {
  const files = new Set(base);
  closure(key, files);
  const signedIn = key.startsWith('src/features/') && !/\/(session|errors)\//.test(key);
  if (signedIn || key.startsWith('src/shared/') || key.startsWith('src/app/shell/')) closure(shell, files);
  if (!key.includes('/session/')) closure(antdLocale, files);
  const total = size(files);
  const limit = key.includes('LoginPage') ? 200 * 1024 : 400 * 1024;
  rows.push([key, total, total <= limit ? 'ok' : 'OVER']);
}
console.log(`entry + catalogue`.padEnd(60), kb(size(base)));
for (const [key, total, verdict] of rows.sort((a, b) => b[1] - a[1])) console.log(key.padEnd(60), kb(total).padStart(6), verdict);
