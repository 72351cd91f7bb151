/**
 * `npm run bench:bundle`: gzipped JS a browser loads for every address of the web app — the pages
 * outside the signed-in area (sign-in, password recovery, sign-up, lock screen, error pages) and
 * every page route — read from the production build's manifest (apps/web/dist/.vite/manifest.json;
 * built here first when missing, `--build` rebuilds). Prints each figure beside its budget
 * (bundle-budget.ts) and the figure recorded in bench/bundle-baseline.json. `--check` fails (exit 1)
 * when the entry or an address loads more than its budget, naming the largest files it loads
 * (`npm test` runs it with `--quiet` on the build it made); `--record` writes the current figures
 * into the file for reports (docs/scaling.md, "Web bundle"). `--explain <route>` (repeatable) lists
 * under that route the files it loads, largest first, each named by its source in the manifest
 * ("entry" marks what every route loads). Beside each figure it prints the number of JS files loaded
 * at load, and last the signed-in addresses' average and largest. `WEB_DIST=<folder>` measures a
 * build made elsewhere (`vite build --outDir <folder>`), e.g. to compare two builds.
 *
 * "at load": entry + its static imports + the default language's catalogue (+ for pages inside the
 * signed-in area: the shell, antd's texts, the signed-in texts) + the route's page chunk and its static imports,
 * transitively, + the feature texts and the feature's part of the contracts' texts the page loads
 * with it in the default language, each file once. "+ lazy": what the route may still fetch later on demand (drawers,
 * charts, dialogs, the tour), every dynamic import reachable from it except other languages.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { DEFAULT_LANGUAGE, ROUTES } from '@swap/contracts';
import { routeTables, sectionOf } from '../../apps/web/build-plugins/route-tables.js';
import { BUDGET_KB, budgetOf, overBudget, type BundleFigures, type LoadedFile } from './bundle-budget.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const web = path.join(repoRoot, 'apps/web');
const dist = process.env.WEB_DIST ?? path.join(web, 'dist');
const manifestFile = path.join(dist, '.vite/manifest.json');

const SIGN_IN = '/session/login';
/** Shown only to a signed-in user whose screen was locked: outside the shell, within the signed-in budget. */
const LOCK_SCREEN = '/session/lock-screen';
const KB = 1024;

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, Chunk>;

if (process.argv.includes('--build') || !fs.existsSync(manifestFile)) {
  console.log('Building apps/web (npm run build -w apps/web)…');
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const BASELINE_FILE = path.join(repoRoot, 'bench/bundle-baseline.json');
/** KB gzipped at load, as printed: the entry with the default language, and per route. */
interface Baseline {
  entry: number;
  routes: Record<string, number>;
}
const baseline: Baseline | undefined = fs.existsSync(BASELINE_FILE)
  ? (JSON.parse(fs.readFileSync(BASELINE_FILE, 'utf8')) as Baseline)
  : undefined;
const check = process.argv.includes('--check');
/** `--quiet`: only the entry's line and what is over budget (npm test). */
const quiet = process.argv.includes('--quiet');
const record = process.argv.includes('--record');

const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
/** A built file's name: `<name>-<8-character content hash>.<js|css>`, as chunks name the files they import. */
const HASHED_NAME = /([\w.$/-]+?)-([\w-]{8})\.(js|css)\b/g;
/**
 * The content hashes in the names of the files a chunk imports change with every change anywhere,
 * and compress differently each time (±0.1 KB on a route that did not change). They are measured
 * as hashes derived from the file's name, of the same length, so a figure moves only with code.
 */
const stableNames = (code: string) =>
  code.replace(HASHED_NAME, (_all, name: string, _hash: string, ext: string) => {
    const stable = createHash('sha256').update(name).digest('base64url').slice(0, 8);
    return `${name}-${stable}.${ext}`;
  });
const gzCache = new Map<string, number>();
const gz = (file: string) => {
  let size = gzCache.get(file);
  if (size === undefined) {
    size = gzipSync(stableNames(fs.readFileSync(path.join(dist, file), 'utf8'))).length;
    gzCache.set(file, size);
  }
  return size;
};

/** Manifest key of a source file imported from `fromFile` (a path under apps/web). */
function keyOf(fromFile: string, specifier: string): string {
  const base = path.relative(web, path.resolve(path.dirname(path.join(web, fromFile)), specifier)).replaceAll('\\', '/');
  const key = ['.tsx', '.ts'].map((ext) => base + ext).find((candidate) => manifest[candidate]);
  if (!key) throw new Error(`${specifier} (from ${fromFile}) is not in the build manifest: rebuild with --build`);
  return key;
}

/** An address measured: its page module, whether it opens inside the shell or signed out, the texts it loads with it. */
interface Address {
  route: string;
  key: string;
  shell: boolean;
  signedOut: boolean;
  texts: string[];
}

/**
 * Route → page module, the feature texts it loads with it and the route tables of its centre, read
 * from the router, the pages' `@route` tags of apps/web and the contracts' routes, as the build
 * makes them (apps/web/build-plugins/route-tables.ts).
 */
function routes(): Address[] {
  const router = fs.readFileSync(path.join(web, 'src/app/router.tsx'), 'utf8');
  const rows = signedOutRoutes(router);
  const { sections, tables } = routeTables(web, ROUTES);
  for (const { path: route, file, texts: pageTexts } of Object.values(tables).flat()) {
    const texts = [
      ...pageTexts.map((texts) =>
        texts.startsWith('contract:')
          ? // The feature's part of the contracts' texts (apps/web/vite.config.ts, contractTexts).
            `virtual:contract-texts/${DEFAULT_LANGUAGE}/${texts.slice('contract:'.length)}`
          : featureTexts(texts),
      ),
      // The route tables of the centres its section belongs to, loaded before the page.
      ...(sections[sectionOf(route)] ?? []).map((centre) => `virtual:route-table/${centre}`),
    ];
    for (const key of texts) if (!manifest[key]) throw new Error(`${key} is not in the build manifest: rebuild with --build`);
    rows.push({ route, key: keyOf('index.html', file.replace(/\.tsx$/, '')), shell: true, signedOut: false, texts });
  }
  return rows;
}

const featureTexts = (file: string) => `src/features/${file}?lang=${DEFAULT_LANGUAGE}`;

/**
 * The addresses the router serves outside the signed-in area (`<Route path=… element={<Page />} />`
 * with `const Page = named(() => import(…))`, a page loaded with its texts, or a page of the
 * recovery pages with their texts),
 * each with its page module: the sign-in page, password recovery, sign-up, the lock screen, the
 * error pages. All but the lock screen are opened signed out.
 */
function signedOutRoutes(router: string): Address[] {
  const pages = new Map<string, { key: string; texts: string[] }>();
  for (const [, name, specifier] of router.matchAll(/const (\w+) = named\(\(\) => import\('([^']+)'\)/g))
    pages.set(name!, { key: keyOf('src/app/router.tsx', specifier!), texts: [] });
  // `const loadPage = () => import(…)…; const Page = named(loadPage);` (a page main.tsx may start fetching early).
  for (const [, name, loader] of router.matchAll(/const (\w+) = named\((\w+)\);/g)) {
    const specifier = new RegExp(`const ${loader} = \\(\\) => import\\('([^']+)'\\)`).exec(router)?.[1];
    if (!specifier) throw new Error(`${loader} in src/app/router.tsx no longer reads as measured here`);
    pages.set(name!, { key: keyOf('src/app/router.tsx', specifier), texts: [] });
  }
  // `const Page = named(async () => { … Promise.all([import(…), loadFeatureTexts([…])]) … })`: a page with its texts.
  for (const [, name, specifier, texts] of router.matchAll(
    /const (\w+) = named\(async \(\) => \{\s*const \[\w+\] = await Promise\.all\(\[import\('([^']+)'\), loadFeatureTexts\(\['([^']+)'\]\)/g,
  ))
    pages.set(name!, { key: keyOf('src/app/router.tsx', specifier!), texts: [featureTexts(texts!)] });
  const recovery = /import\('([^']+)'\), loadFeatureTexts\(\['([^']+)'\]\)/.exec(router);
  for (const [, name] of router.matchAll(/const (\w+) = recoveryPage\(/g)) {
    if (!recovery) throw new Error('recoveryPage in src/app/router.tsx no longer reads as measured here');
    pages.set(name!, { key: keyOf('src/app/router.tsx', recovery[1]!), texts: [featureTexts(recovery[2]!)] });
  }
  // A page the router loads that none of the forms above reads would go unmeasured: refuse.
  // (The shell, AuthedLayout, is measured with every signed-in page: shellKeys.)
  for (const [, name] of router.matchAll(/const (\w+) = (?:named|recoveryPage)\(/g))
    if (name !== 'AuthedLayout' && !pages.has(name!)) throw new Error(`${name} in src/app/router.tsx no longer reads as measured here`);
  const rows: Address[] = [];
  for (const [, route, name] of router.matchAll(/<Route path="([^"*]+)" element=\{<(\w+) \/>\} \/>/g)) {
    const page = pages.get(name!);
    if (page) rows.push({ route: route!, ...page, shell: false, signedOut: route !== LOCK_SCREEN });
  }
  if (!rows.some((row) => row.route === SIGN_IN)) throw new Error('The sign-in page was not found in src/app/router.tsx');
  return rows;
}

const LANGUAGE_CHUNK = /^src\/i18n\/(bundles|antd)\/|\.texts\.ts\?lang=|^virtual:contract-texts\//;

/**
 * Files of `key` and what it imports, transitively. With `lazy`, its dynamic imports too, except
 * other languages and other routes' pages (`skip`).
 */
function collect(key: string, files: Set<string>, lazy?: { skip: Set<string>; seen: Set<string> }): Set<string> {
  const chunk = manifest[key];
  const seen = lazy?.seen ?? files;
  if (!chunk || seen.has(chunk.file)) return files;
  seen.add(chunk.file);
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) collect(dep, files, lazy);
  if (!lazy) return files;
  for (const dep of chunk.dynamicImports ?? []) if (!LANGUAGE_CHUNK.test(dep) && !lazy.skip.has(dep)) collect(dep, files, lazy);
  return files;
}

/** `--explain <route>` (repeatable): the files a route loads, largest first, beside the recorded figures. */
const explain = process.argv.flatMap((arg, index) => (arg === '--explain' ? [process.argv[index + 1] ?? ''] : []));
const sourceOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
function explainRoute(files: Set<string>): void {
  const shared = new Set(start);
  const rows = [...files].filter((file) => file.endsWith('.js')).sort((a, b) => gz(b) - gz(a));
  for (const file of rows)
    console.log(`    ${kb(gz(file)).padStart(6)}  ${shared.has(file) ? 'entry ' : '      '}${sourceOf.get(file) ?? file}`);
}

const sum = (files: Iterable<string>) => [...files].filter((f) => f.endsWith('.js')).reduce((total, f) => total + gz(f), 0);
const kb = (bytes: number) => (bytes / KB).toFixed(1);
/** Figures compare as printed, to a tenth of a KB. */
const tenths = (bytes: number) => Math.round((bytes / KB) * 10) / 10;
const loadedFiles = (files: Set<string>): LoadedFile[] =>
  [...files]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ name: sourceOf.get(file) ?? file, kb: tenths(gz(file)), entry: start.has(file) }));

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('No entry in the build manifest');
const start = collect(`src/i18n/bundles/${DEFAULT_LANGUAGE}.ts`, collect(entryKey, new Set()));
/** The shell, antd's texts and the texts only signed-in screens show, loaded with the shell (app/router.tsx). */
const shellKeys = ['src/app/AuthedLayout.tsx', `src/i18n/antd/${DEFAULT_LANGUAGE}.ts`, `src/i18n/bundles/signed-in/${DEFAULT_LANGUAGE}.ts`];
for (const key of shellKeys) if (!manifest[key]) throw new Error(`${key} is not in the build manifest (a chunk group swallowed it?)`);

console.log(`Web bundle, gzipped JS per route (build of ${fs.statSync(manifestFile).mtime.toISOString()})`);
const recordedOf = (recorded: number | undefined) => (recorded === undefined ? 'new' : recorded.toFixed(1));
const entryNow = tenths(sum(start));
const figures: BundleFigures = { entry: { kb: entryNow, files: loadedFiles(start) }, routes: [] };
console.log(
  `entry + ${DEFAULT_LANGUAGE} catalogue: ${entryNow.toFixed(1)} KB (recorded ${recordedOf(baseline?.entry)}, budget ${BUDGET_KB.entry})`,
);
if (!quiet)
  console.log(
    `${'route'.padEnd(44)} ${'at load'.padStart(8)} ${'files'.padStart(5)} ${'+ lazy'.padStart(8)} ${'recorded'.padStart(9)}  budget`,
  );
const table = routes();
const pageKeys = new Set([...table.map((row) => row.key), ...(manifest[entryKey]?.dynamicImports ?? [])]);
for (const { route, key, shell, signedOut, texts } of table) {
  const roots = shell ? [...shellKeys, key, ...texts] : [key, ...texts];
  const atLoad = new Set(start);
  for (const root of roots) collect(root, atLoad);
  const withLazy = new Set(atLoad);
  const lazy = { skip: pageKeys, seen: new Set<string>() };
  for (const root of roots) collect(root, withLazy, lazy);
  const load = sum(atLoad);
  const figure = { route, signedOut, kb: tenths(load), files: loadedFiles(atLoad) };
  figures.routes.push(figure);
  const budget = budgetOf(figure);
  const verdict = figure.kb > budget ? `OVER ${budget}` : `ok ≤ ${budget}`;
  const recorded = recordedOf(baseline?.routes[route]);
  if (!quiet || figure.kb > budget)
    console.log(
      `${route.padEnd(44)} ${kb(load).padStart(8)} ${String(figure.files.length).padStart(5)} ${kb(sum(withLazy) - load).padStart(8)} ${recorded.padStart(9)}  ${verdict}`,
    );
  if (explain.includes(route)) explainRoute(atLoad);
}

/** Files at load: each is a request (and compressed on its own), so many small ones cost a page time. */
const signedIn = figures.routes.filter((route) => !route.signedOut);
const most = signedIn.reduce((top, route) => (route.files.length > top.files.length ? route : top), signedIn[0]!);
console.log(
  `Signed-in addresses: ${(signedIn.reduce((total, route) => total + route.files.length, 0) / signedIn.length).toFixed(1)} JS files at load on average, at most ${most.files.length} (${most.route}); ${kb(signedIn.reduce((total, route) => total + route.kb * KB, 0) / signedIn.length)} KB on average.`,
);

if (record) {
  const current: Baseline = { entry: entryNow, routes: Object.fromEntries(figures.routes.map((route) => [route.route, route.kb])) };
  fs.writeFileSync(BASELINE_FILE, JSON.stringify(current, null, 2) + '\n');
  console.log(`Recorded in ${path.relative(repoRoot, BASELINE_FILE)}.`);
}
if (check) {
  const failures = overBudget(figures);
  if (failures.length > 0) {
    console.log(`\nOver budget (docs/scaling.md, "Web bundle"):\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`The entry, ${figures.routes.length} addresses: each within its budget.`);
}
