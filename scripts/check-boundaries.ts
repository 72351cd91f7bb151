/**
 * Module boundaries (docs/architecture.md, "Boundaries"): runs dependency-cruiser over the server,
 * web and contracts sources with the rules of
 * .dependency-cruiser.cjs and compares the breaches with scripts/boundary-breaches.txt, the imports
 * that broke a rule before it was enforced, and the server modules that import each other
 * (server-module-pair), the SQL text that names another module's table (server-table-sql), and a web
 * feature's entry holding more than re-exports (web-feature-entry-reexports). A new breach fails; so does a listed one that is gone
 * (the list only shrinks: `npm run boundaries -- --update` rewrites it after a fix, never to add).
 *   tsx scripts/check-boundaries.ts [--update]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const listFile = path.join(root, 'scripts/boundary-breaches.txt');
const HEADER =
  '# Imports that broke a boundary rule before it was enforced (rule: from -> to; server-module-pair: two modules importing each other; server-table-sql: a file naming the table of another module in SQL). Only ever shrinks.\n';

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

interface Cruised {
  source: string;
  dependencies: { resolved: string }[];
}

const bin = path.join(root, 'node_modules/.bin/depcruise');
const output = execFileSync(
  bin,
  ['apps/server/src', 'apps/web/src', 'packages/contracts/src', '-c', '.dependency-cruiser.cjs', '--output-type', 'json'],
  {
    cwd: root,
    maxBuffer: 256 * 1024 * 1024,
  },
).toString();
const cruised = JSON.parse(output) as { modules: Cruised[]; summary: { violations: Violation[] } };
const found = new Set(cruised.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`));

/**
 * server-module-pair: no two server modules import each other, whichever files carry the imports
 * (dependency-cruiser's own rules see cycles between files only). Tests are left out, as in the rules.
 */
const moduleOf = (file: string) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1];
const TEST = /(\.test\.tsx?$|\/src\/test\/)/;
const uses = new Set<string>();
for (const file of cruised.modules) {
  const from = moduleOf(file.source);
  if (!from || TEST.test(file.source)) continue;
  for (const dependency of file.dependencies) {
    const to = moduleOf(dependency.resolved);
    if (to && to !== from) uses.add(`${from} ${to}`);
  }
}
for (const use of uses) {
  const [a, b] = use.split(' ') as [string, string];
  if (a < b && uses.has(`${b} ${a}`)) found.add(`server-module-pair: ${a} <-> ${b}`);
}
/**
 * server-table-sql: no module names another module's table in SQL text (a raw `from battery`, `join
 * cabinet`, `update vehicle`), which the import rules cannot see; nor does app/, db/ or the device
 * link. Each table's owner is the module whose `*.table.ts` declares it; every string and template
 * literal of the server's other product files is searched for it after a keyword that reads or
 * writes rows (from, join, update, into).
 */
const serverDir = path.join(root, 'apps/server/src');
const ownerOf = new Map<string, string>();
const productFiles: string[] = [];
for (const entry of fs.readdirSync(serverDir, { recursive: true, encoding: 'utf8' })) {
  const file = `apps/server/src/${entry.split(path.sep).join('/')}`;
  if (!/\.tsx?$/.test(file) || TEST.test(file)) continue;
  if (file.endsWith('.table.ts')) {
    const module = moduleOf(file) ?? file;
    for (const match of fs.readFileSync(path.join(root, file), 'utf8').matchAll(/pgTable\(\s*'([a-z0-9_]+)'/g))
      ownerOf.set(match[1]!, module);
  } else productFiles.push(file);
}
const tableInSql = new RegExp(`\\b(?:from|join|update|into)\\s+"?(${[...ownerOf.keys()].join('|')})"?(?![\\w"])`, 'gi');
for (const file of productFiles) {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest);
  const visit = (node: ts.Node): void => {
    const texts =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? [node.text]
        : ts.isTemplateExpression(node)
          ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)]
          : [];
    for (const text of texts) {
      for (const match of text.matchAll(tableInSql)) {
        const table = match[1]!.toLowerCase();
        if (ownerOf.get(table) !== moduleOf(file)) found.add(`server-table-sql: ${file} -> ${table}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/**
 * web-feature-entry: a web feature's index.ts only re-exports (`export … from`), rule 4: the build
 * treats it as free of side effects and the page texts follow a name through it to the file that
 * defines it, so code of its own (a lazy part, a component) belongs in a file the entry re-exports.
 */
const featuresDir = path.join(root, 'apps/web/src/features');
for (const feature of fs.readdirSync(featuresDir)) {
  for (const name of ['index.ts', 'index.tsx']) {
    const file = `apps/web/src/features/${feature}/${name}`;
    if (!fs.existsSync(path.join(root, file))) continue;
    const kind = name.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, fs.readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, false, kind);
    if (source.statements.some((statement) => !(ts.isExportDeclaration(statement) && statement.moduleSpecifier)))
      found.add(`web-feature-entry-reexports: ${file}`);
  }
}

const listed = new Set(
  fs.existsSync(listFile)
    ? fs
        .readFileSync(listFile, 'utf8')
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
    : [],
);

const added = [...found].filter((line) => !listed.has(line)).sort();
const fixed = [...listed].filter((line) => !found.has(line)).sort();

if (process.argv.includes('--update')) {
  if (added.length) {
    console.error(`Refusing to list new breaches; fix them instead:\n  ${added.join('\n  ')}`);
    process.exit(1);
  }
  fs.writeFileSync(listFile, HEADER + [...found].sort().join('\n') + '\n');
  console.log(`boundaries: ${found.size} listed breaches remain (${fixed.length} fixed)`);
  process.exit(0);
}
if (added.length) console.error(`New breaches of a module boundary (docs/architecture.md, "Boundaries"):\n  ${added.join('\n  ')}`);
if (fixed.length) console.error(`Fixed breaches still listed: run \`npm run boundaries -- --update\`:\n  ${fixed.join('\n  ')}`);
if (added.length || fixed.length) process.exit(1);
console.log(`boundaries: no new breach (${found.size} listed ones left to fix)`);
