import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defineConfig, parseSync, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type * as Contracts from '@swap/contracts';
import { CONTRACT_TEXTS_OF, contractTextNeeds, contractTextsOf } from './build-plugins/page-addresses';
import { prerenderSignIn } from './build-plugins/prerender-sign-in';
import { routeTablesPlugin } from './build-plugins/route-tables';
import { shellChunk } from './build-plugins/shell-chunk';

const apiProxy = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } };

const TREE_HELPERS = '\0antd-table-tree-helpers';
const NOTHING = '\0antd-unused-part';

/**
 * Keeps two parts of antd's Table that the app never uses off every list page:
 * - the column-filter dropdown (it brings antd's Tree, Menu and Checkbox group, about 7 KB
 *   gzipped): lists filter through the search form, so src/shared/table/columnFilter.tsx stands in;
 * - rc-tree's whole Tree component (about 8 KB gzipped), which row selection pulls in through the
 *   package index for four small helpers: they come from rc-tree's own helper files instead.
 * - the virtual table, radio-button row selection and card tabs: no table here sets `virtual`, no row
 *   selection is of type radio and no Card takes `tabList` (about 18 KB gzipped on list and detail
 *   pages); the plain table stands in for the first, a component rendering nothing for the others.
 * Other antd components (Tree, TreeSelect) still get the real modules.
 */
function slimTable(): Plugin {
  const columnFilter = fileURLToPath(new URL('./src/shared/table/columnFilter.tsx', import.meta.url));
  const inAntd = (importer: string | undefined, file: string) => !!importer?.replaceAll('\\', '/').includes(`/antd/es/${file}`);
  const inTable = (importer: string | undefined, folder: string) => inAntd(importer, `table/${folder}`);
  return {
    name: 'slim-antd-table',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './FilterDropdown' && inTable(importer, 'hooks/useFilter/')) return columnFilter;
      if (source === '@rc-component/tree' && inTable(importer, 'hooks/useSelection')) return TREE_HELPERS;
      if (source === '../../radio' && inTable(importer, 'hooks/useSelection')) return NOTHING;
      if (source === '../tabs' && inAntd(importer, 'card/Card.js')) return NOTHING;
      if (source === './RcTable/VirtualTable' && inTable(importer, 'InternalTable.js')) return this.resolve('./RcTable', importer);
      return null;
    },
    load(id) {
      if (id === NOTHING) return 'export default function Unused() { return null; }';
      if (id !== TREE_HELPERS) return null;
      return [
        "export { conductCheck } from '@rc-component/tree/es/utils/conductUtil';",
        "export { convertDataToEntities } from '@rc-component/tree/es/utils/treeUtil';",
        // Same as rc-tree's util.js, whose module would bring TreeNode along.
        'export const arrAdd = (list, value) => ((list ?? []).includes(value) ? (list ?? []).slice() : [...(list ?? []), value]);',
        'export const arrDel = (list, value) => { const clone = (list ?? []).slice(); const i = clone.indexOf(value); if (i >= 0) clone.splice(i, 1); return clone; };',
      ].join('\n');
    },
  };
}

const NO_JSON_SCHEMA = '\0zod-json-schema-unavailable:';

/**
 * Keeps zod's JSON-schema code (its processors and `toJSONSchema`, about 18 KB raw; 4.9 KB gzipped
 * on every route) out of the web build: each zod schema class holds it for `schema.toJSONSchema()`
 * and `~standard.jsonSchema`, which no screen calls (the server writes the OpenAPI document, and
 * lint refuses such a call in apps/web/src). In the web build the two modules zod's classes import
 * it from answer with functions that refuse, named as the real modules' exports, so a call would
 * fail loudly, not silently. The server, the tests and the docs generator read zod unchanged.
 */
function noJsonSchemas(): Plugin {
  const files = ['../core/json-schema-processors.js', '../core/to-json-schema.js'];
  return {
    name: 'no-json-schemas',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!files.includes(source) || !importer?.replaceAll('\\', '/').includes('/zod/v4/classic/')) return null;
      const real = await this.resolve(source, importer, { skipSelf: true });
      return real ? NO_JSON_SCHEMA + real.id : null;
    },
    async load(id) {
      if (!id.startsWith(NO_JSON_SCHEMA)) return null;
      const real = id.slice(NO_JSON_SCHEMA.length);
      const program = parseSync(real, await readFile(real, 'utf8')).program as unknown as { body: Node[] };
      const names: string[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : null;
        if (declaration?.type === 'FunctionDeclaration') names.push((declaration.id as Node).name as string);
        if (declaration?.type === 'VariableDeclaration')
          for (const declarator of declaration.declarations as Node[]) names.push((declarator.id as Node).name as string);
      }
      const refuse = "() => { throw new Error('JSON schemas are not part of the web build (vite.config.ts, noJsonSchemas)'); }";
      // The classes call create…Method when built or read; the method it makes refuses.
      return names.map((name) => `export const ${name} = ${name.startsWith('create') ? `() => ${refuse}` : refuse};`).join('\n');
    },
  };
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Every node under `node`, depth first. */
function* nodesOf(node: unknown): Generator<Node> {
  if (Array.isArray(node)) {
    for (const item of node) yield* nodesOf(item);
    return;
  }
  if (!isNode(node)) return;
  yield node;
  for (const [key, value] of Object.entries(node)) if (key !== 'type' && typeof value === 'object') yield* nodesOf(value);
}

/**
 * Keeps the answer schemas of the endpoint declarations (packages/contracts) out of the web build:
 * the web calls endpoints by their declarations but never parses an answer, so in the build
 * - `answer: <schema>` in each `endpoint({...})` becomes `answer: null` (a file, CSV or stream
 *   answer keeps its string, which the web reads), and so does `record: <schema>` in each
 *   `resourceEndpoints({...})`;
 * - each top-level constant of the contracts is built by a call marked pure, so a schema or a
 *   declaration no screen uses any more (a record schema only answers used) is dropped. The
 *   package declares no side effects (`"sideEffects": false`); its constants only build values.
 * The server, the tests and the docs generator read the contracts unchanged.
 */
function dropAnswerSchemas(): Plugin {
  const contracts = fileURLToPath(new URL('../../packages/contracts/', import.meta.url)).replaceAll('\\', '/');
  return {
    name: 'drop-answer-schemas',
    apply: 'build',
    transform(code, id) {
      const file = id.replaceAll('\\', '/');
      if (!file.startsWith(contracts) || !/\.[cm]?js$/.test(file) || file.includes('/node_modules/')) return null;
      const program = parseSync(id, code).program as unknown as { body: Node[] };
      const edits: { start: number; end: number; text: string }[] = [];
      for (const node of nodesOf(program.body)) {
        const callee = node.callee as Node | undefined;
        const [def] = (node.arguments as Node[] | undefined) ?? [];
        if (node.type !== 'CallExpression' || callee?.type !== 'Identifier' || def?.type !== 'ObjectExpression') continue;
        // endpoint({ answer }), and resourceEndpoints({ record }), whose record only makes answers.
        const dropped = callee.name === 'endpoint' ? 'answer' : callee.name === 'resourceEndpoints' ? 'record' : null;
        if (!dropped) continue;
        for (const property of def.properties as Node[]) {
          const key = property.key as Node | undefined;
          const value = property.value as Node | undefined;
          const named = key?.type === 'Identifier' && key.name === dropped;
          if (named && value && !(value.type === 'Literal' && typeof value.value === 'string'))
            edits.push({ start: value.start, end: value.end, text: 'null' });
        }
      }
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) {
          const init = declarator.init as Node | null;
          if (!init || init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression') continue;
          if (![...nodesOf(init)].some((inner) => inner.type === 'CallExpression' || inner.type === 'NewExpression')) continue;
          edits.push(
            { start: init.start, end: init.start, text: '/* @__PURE__ */ (() => (' },
            { start: init.end, end: init.end, text: '))()' },
          );
        }
      }
      if (edits.length === 0) return null;
      let out = code;
      for (const edit of edits.sort((a, b) => b.start - a.start || b.end - a.end))
        out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
      return { code: out, map: null };
    },
  };
}

/**
 * A feature keeps its texts beside it in one file, `<namespace>.texts.ts`, every language side by
 * side (`export const texts = { en: {…}, in: {…}, th: {…}, zh: {…} }`; docs/web-kits.md, "Texts"). Each
 * language's bundle imports the file as `….texts.ts?lang=<language>`, and this answers that with
 * the one language's object only, so a language's chunk never carries another language's texts.
 */
function featureTextsByLanguage(): Plugin {
  return {
    name: 'feature-texts-by-language',
    enforce: 'pre',
    async load(id) {
      const match = /^(.+\.texts\.ts)\?lang=([a-z]+)$/.exec(id);
      if (!match) return null;
      const [, file, language] = match as unknown as [string, string, string];
      const source = await readFile(file, 'utf8');
      const program = parseSync(file, source).program as unknown as { body: Node[] };
      for (const node of nodesOf(program.body)) {
        if (node.type !== 'VariableDeclarator' || (node.id as Node).name !== 'texts') continue;
        let init = node.init as Node;
        while (init.type === 'TSSatisfiesExpression' || init.type === 'TSAsExpression') init = init.expression as Node;
        for (const property of (init.properties as Node[] | undefined) ?? []) {
          const key = property.key as Node;
          if (key.name === language || key.value === language)
            return `export default ${source.slice((property.value as Node).start, (property.value as Node).end)};`;
        }
      }
      this.error(`${file} has no texts for the language "${language}"`);
    },
  };
}

const CONTRACT_TEXTS = 'virtual:contract-texts/';
/** The part holding every contract text of a language (feature folders never start with `_`). */
const EVERY_CONTRACT_TEXT = '_all';

/**
 * The contracts hold texts in every language side by side (server messages, validation texts,
 * record-field labels, enumeration words). A language's bundle imports
 * `virtual:contract-texts/<language>`, and this answers with that language's texts only
 * (textCatalogue of packages/contracts, evaluated here at build time), so no route carries the
 * four languages, and of them only those the code outside the features names, and the validation
 * texts. Its `features` export loads a feature's others (`virtual:contract-texts/<language>/<feature>`:
 * those its sources name, see contractTextNeeds), which a page fetches with its chunk; `every`
 * loads all of them, for a text no page named (docs/web-kits.md, "Texts"). The contracts are read
 * as the web reads them (`@swap/contracts`); in `npm run dev` a rebuilt contracts package reloads
 * the texts.
 */
function contractTexts(): Plugin {
  const resolved = '\0' + CONTRACT_TEXTS;
  const webRoot = fileURLToPath(new URL('.', import.meta.url));
  let contracts: Promise<typeof Contracts> | undefined;
  let entry: string | undefined;
  let needs: ReturnType<typeof contractTextNeeds> | undefined;
  return {
    name: 'contract-texts',
    enforce: 'pre',
    buildStart() {
      contracts = undefined;
      needs = undefined;
    },
    resolveId(source) {
      return source.startsWith(CONTRACT_TEXTS) ? resolved + source.slice(CONTRACT_TEXTS.length) : null;
    },
    async load(id) {
      if (!id.startsWith(resolved)) return null;
      const [language = '', part] = id.slice(resolved.length).split('/');
      entry ??= (await this.resolve('@swap/contracts', fileURLToPath(new URL('./src/main.tsx', import.meta.url))))?.id;
      if (!entry) return this.error('@swap/contracts could not be resolved');
      contracts ??= runnerImport<typeof Contracts>(entry).then((loaded) => loaded.module);
      const { isLanguage, textCatalogue } = await contracts;
      if (!isLanguage(language)) return this.error(`${CONTRACT_TEXTS}${language}: no such language`);
      const catalogue = textCatalogue(language);
      needs ??= contractTextNeeds(webRoot);
      const core = new Set([
        ...Object.keys(catalogue).filter((key) => key.startsWith('validation.')),
        ...contractTextsOf(Object.keys(catalogue), needs.core),
      ]);
      const pick = (keys: Iterable<string>) => Object.fromEntries([...keys].map((key) => [key, catalogue[key]]));
      if (part === undefined) {
        const loaders = Object.keys(needs.features).map(
          (feature) =>
            `  ${JSON.stringify(CONTRACT_TEXTS_OF + feature)}: () => import(${JSON.stringify(`${CONTRACT_TEXTS}${language}/${feature}`)}).then((m) => m.default),`,
        );
        return [
          `export default ${JSON.stringify(pick(core))};`,
          `export const features = {\n${loaders.join('\n')}\n};`,
          `export const every = () => import(${JSON.stringify(`${CONTRACT_TEXTS}${language}/${EVERY_CONTRACT_TEXT}`)}).then((m) => m.default);`,
        ].join('\n');
      }
      const named = part === EVERY_CONTRACT_TEXT ? undefined : needs.features[part];
      if (part !== EVERY_CONTRACT_TEXT && !named) return this.error(`${CONTRACT_TEXTS}${language}/${part}: no such feature`);
      const keys = named ? contractTextsOf(Object.keys(catalogue), named) : Object.keys(catalogue);
      return `export default ${JSON.stringify(pick(keys.filter((key) => !core.has(key))))};`;
    },
    configureServer(server) {
      // A rebuilt contracts package (npm run build -w packages/contracts) may hold new texts.
      const dist = fileURLToPath(new URL('../../packages/contracts/dist/', import.meta.url));
      server.watcher.add(dist);
      server.watcher.on('change', (file) => {
        if (!file.startsWith(dist)) return;
        contracts = undefined;
        needs = undefined;
        const graph = server.environments.client.moduleGraph;
        for (const module of graph.idToModuleMap.values()) if (module.id?.startsWith(resolved)) graph.invalidateModule(module);
        server.ws.send({ type: 'full-reload' });
      });
    },
  };
}

/**
 * A feature's index.ts only re-exports (docs/architecture.md, "Boundaries"): marked free of side
 * effects, an import through it binds to the module that defines the name, so a page loads what it
 * uses of another feature and not everything the entry lists.
 */
function featureEntries(): Plugin {
  const entry = /\/src\/features\/[^/]+\/index\.tsx?$/;
  return {
    name: 'feature-entries',
    apply: 'build',
    transform(_code, id) {
      return entry.test(id.replaceAll('\\', '/')) ? { moduleSideEffects: false } : null;
    },
  };
}

/**
 * A lazy chunk's import names the files to fetch with it (`__vite__mapDeps`): by default every file
 * it imports, transitively, though the chunk importing it has loaded most of them already (a station
 * detail's live rows listed 38 files, 0.6 KB gzipped on the page). This records the built chunks'
 * static imports (generateBundle runs here before Vite writes the lists) so that `modulePreload`
 * below leaves out what the importing chunk and its own imports already hold: that is loaded
 * before the lazy import can run (docs/scaling.md, "Web bundle"). `loadedFirst` names chunks
 * (by their module) that only run after others have loaded: a centre's route table is imported
 * only by the signed-in area, so the entry and the shell are there before any page it lists.
 */
function preloadOnlyNew(loadedFirst: { host: RegExp; after: RegExp[] }[] = []): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[];
} {
  const imports = new Map<string, readonly string[]>();
  /** Chunk file → its module, `entry` for the entry chunk. */
  const modules = new Map<string, string>();
  const loadedWith = (hosts: string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of imports.get(file) ?? []) visit(next);
    };
    for (const host of hosts) visit(host);
    return seen;
  };
  return {
    plugin: {
      name: 'preload-only-new',
      apply: 'build',
      generateBundle(_options, bundle) {
        imports.clear();
        modules.clear();
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          imports.set(output.fileName, output.imports);
          modules.set(output.fileName, output.isEntry ? 'entry' : (output.facadeModuleId ?? ''));
        }
      },
    },
    resolveDependencies(file, deps, { hostId }) {
      if (!imports.has(hostId)) return deps;
      const host = modules.get(hostId) ?? '';
      const first = loadedFirst.filter((rule) => rule.host.test(host)).flatMap((rule) => rule.after);
      const before = [...modules].filter(([, module]) => first.some((pattern) => pattern.test(module))).map(([chunk]) => chunk);
      const loaded = loadedWith([hostId, ...before]);
      return deps.filter((dep) => dep === file || !loaded.has(dep));
    },
  };
}

/**
 * What every signed-in page loads with the shell, in two files instead of some 40 (docs/scaling.md,
 * "Web bundle"; build-plugins/shell-chunk.ts): the shell with the kit parts every page shows (title
 * bar, loading and error states, status tags), less what the entry and the sign-in page load; of it,
 * what the other signed-out pages load too (antd's core) in the second.
 */
const shell = shellChunk({
  shell: [/\/src\/app\/AuthedLayout\.tsx$/, /\/src\/shared\/(TitleBar|StateView|StatusTag)\.tsx$/],
  signIn: [/\/src\/features\/session\/LoginPage\.tsx$/],
  signedOut: [/\/src\/features\/session\/(RecoveryPages|SignUpPage|CallbackPage)\.tsx$/, /\/src\/features\/errors\/\w+Page\.tsx$/],
  pages: (importer) => importer.startsWith('\0virtual:route-table/'),
  library: (id) => !id.replaceAll('\\', '/').includes('/apps/web/src/'),
});

const preload = preloadOnlyNew([{ host: /^\0virtual:route-table\//, after: [/^entry$/, /\/src\/app\/AuthedLayout\.tsx$/] }]);

export default defineConfig({
  plugins: [
    routeTablesPlugin(),
    contractTexts(),
    featureTextsByLanguage(),
    slimTable(),
    noJsonSchemas(),
    dropAnswerSchemas(),
    featureEntries(),
    react(),
    preload.plugin,
    shell.plugin,
    prerenderSignIn(),
  ],
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'shell', test: shell.shell, includeDependenciesRecursively: false, priority: 2 },
            { name: 'ui-core', test: shell.core, includeDependenciesRecursively: false, priority: 1 },
            { name: (id) => shell.shared(id), debugName: 'pages', includeDependenciesRecursively: false },
          ],
        },
      },
    },
    // Routes are split with React.lazy; a larger chunk means an import that should be modular.
    chunkSizeWarningLimit: 600,
  },
});
