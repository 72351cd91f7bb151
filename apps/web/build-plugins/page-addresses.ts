import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';

/** A page and the address it opens at, as the page's doc comment declares it. */
export interface PageAddress {
  /** Route path exactly as in ROUTES of the contracts, e.g. `/system/area/list`. */
  route: string;
  /** The page module, relative to apps/web (`src/features/area/AreaListPage.tsx`). */
  file: string;
  /** The exported component. */
  component: string;
}

const PAGE_FILE = /Page\.tsx$/;
/** A doc comment and the export it documents. */
const DOCUMENTED_EXPORT = /\/\*\*((?:[^*]|\*(?!\/))*)\*\/\s*export\s+(?:function|const)\s+(\w+)/g;
const ROUTE_TAG = /@route\s+(\S+)/g;

/**
 * Every page of the features with its addresses: a page declares where it opens with `@route <path>`
 * lines in the doc comment of its exported component (docs/web-kits.md, "Pages"), so adding a page
 * touches no shared table. Read from the sources, the same way by the build and by the bundle
 * measurement.
 */
export function findPageAddresses(webRoot: string): PageAddress[] {
  const features = path.join(webRoot, 'src/features');
  const found: PageAddress[] = [];
  for (const feature of readdirSync(features, { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    for (const name of readdirSync(path.join(features, feature.name)).sort()) {
      if (!PAGE_FILE.test(name)) continue;
      const file = `src/features/${feature.name}/${name}`;
      const source = readFileSync(path.join(webRoot, file), 'utf8');
      for (const [, comment = '', component = ''] of source.matchAll(DOCUMENTED_EXPORT))
        for (const [, route = ''] of comment.matchAll(ROUTE_TAG)) found.push({ route, file, component });
    }
  }
  const seen = new Map<string, string>();
  for (const { route, file } of found) {
    const earlier = seen.get(route);
    if (earlier) throw new Error(`The route ${route} is declared by two pages: ${earlier} and ${file}`);
    seen.set(route, file);
  }
  return found;
}

/** Every source file under `dir` of apps/web (tests and texts files, and `skip` folders, left out), path → source. */
function sourcesUnder(webRoot: string, dir: string, skip: readonly string[] = []): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(webRoot, folder), { withFileTypes: true })) {
      const file = `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!skip.includes(file)) walk(file);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(test|texts)\.tsx?$/.test(entry.name))
        sources.set(file, readFileSync(path.join(webRoot, file), 'utf8'));
    }
  };
  walk(dir);
  return sources;
}

/** Every source file of a feature folder (tests and texts files left out), path → source. */
const featureSources = (webRoot: string, feature: string) => sourcesUnder(webRoot, `src/features/${feature}`);

/**
 * What a module loads: the specifiers of its imports (static, dynamic with a written string) and
 * re-exports, read from its code, so a comment or a string naming a file loads nothing; an import
 * of types only is left out (the build drops it). A file that does not parse loads nothing.
 */
export function importedSpecifiers(file: string, source: string): string[] {
  const { module, errors } = parseSync(file, source);
  if (errors.length > 0) return [];
  const specifiers = [
    ...module.staticImports
      .filter((statement) => statement.entries.length === 0 || statement.entries.some((entry) => !entry.isType))
      .map((statement) => statement.moduleRequest.value),
    ...module.staticExports.flatMap((statement) =>
      statement.entries.filter((entry) => entry.moduleRequest && !entry.isType).map((entry) => entry.moduleRequest!.value),
    ),
  ];
  for (const { moduleRequest } of module.dynamicImports) {
    const written = /^\s*(['"`])([^'"`$]*)\1\s*$/.exec(source.slice(moduleRequest.start, moduleRequest.end));
    if (written) specifiers.push(written[2]!);
  }
  return specifiers;
}

/** The feature a specifier written in a feature loads (`'../<feature>'`, `'../<feature>/…'`). */
const OTHER_FEATURE = /^\.\.\/([\w-]+)(?:\/|$)/;
/** The feature a specifier written outside the features loads (`'../features/<feature>/…'`). */
const A_FEATURE = /(?:^|\/)features\/([\w-]+)(?:\/|$)/;

/** The features `sources` (path → source) import, by the pattern naming the feature in a specifier. */
const featuresImported = (sources: Map<string, string>, pattern: RegExp) =>
  new Set(
    [...sources].flatMap(([file, source]) => importedSpecifiers(file, source).flatMap((specifier) => pattern.exec(specifier)?.[1] ?? [])),
  );
/** What a module links to: each specifier it loads, with the names it takes (null: all, or the whole module). */
interface ModuleLink {
  specifier: string;
  names: string[] | null;
  /** A re-export (`export { A } from './a'`): `names` are the names it exports, each from `specifier`. */
  reexport: boolean;
}

/**
 * What a module loads, as importedSpecifiers reads it, with the names: an import's value names (a
 * default or namespace import takes all), a re-export's exported names (`export *` is `*`), a
 * dynamic import all. Type-only imports and re-exports are left out.
 */
function moduleLinks(file: string, source: string): ModuleLink[] {
  const { module, errors } = parseSync(file, source);
  if (errors.length > 0) return [];
  const links: ModuleLink[] = [];
  for (const statement of module.staticImports) {
    const values = statement.entries.filter((entry) => !entry.isType);
    if (statement.entries.length > 0 && values.length === 0) continue;
    const all = statement.entries.length === 0 || values.some((entry) => entry.importName.kind !== 'Name');
    links.push({
      specifier: statement.moduleRequest.value,
      names: all ? null : values.map((entry) => entry.importName.name!),
      reexport: false,
    });
  }
  for (const statement of module.staticExports)
    for (const entry of statement.entries)
      if (entry.moduleRequest && !entry.isType)
        links.push({ specifier: entry.moduleRequest.value, names: [entry.exportName.name ?? '*'], reexport: true });
  for (const { moduleRequest } of module.dynamicImports) {
    const written = /^\s*(['"`])([^'"`$]*)\1\s*$/.exec(source.slice(moduleRequest.start, moduleRequest.end));
    if (written) links.push({ specifier: written[2]!, names: null, reexport: false });
  }
  return links;
}

/** A feature's entry (`src/features/<feature>/index.ts`). */
const FEATURE_ENTRY = /^src\/features\/[^/]+\/index\.tsx?$/;

/**
 * The source files of the features each feature's pages load, by feature: the feature's own files
 * and, followed from them file by file, the files they import, statically or lazily. Through
 * another feature's entry only the files its imported names come from are followed (an entry only
 * re-exports, docs/architecture.md, "Boundaries"), so a page showing one piece of another feature
 * reaches that piece's files, not the whole feature. Type-only imports load nothing and are not
 * followed.
 */
function featureReach(webRoot: string, features: readonly string[]): Map<string, Map<string, string>> {
  const sources = sourcesUnder(webRoot, 'src/features');
  const resolve = (from: string, specifier: string) => {
    if (!specifier.startsWith('.')) return undefined;
    const base = path.posix.join(path.posix.dirname(from), specifier);
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((file) => sources.has(file));
  };
  const linksOf = new Map<string, ModuleLink[]>();
  const links = (file: string) => {
    let found = linksOf.get(file);
    if (!found) linksOf.set(file, (found = moduleLinks(file, sources.get(file)!)));
    return found;
  };
  const reach = new Map<string, Map<string, string>>();
  for (const feature of features) {
    const reached = new Set([...sources.keys()].filter((file) => file.startsWith(`src/features/${feature}/`)));
    const add = (file: string, names: string[] | null) => {
      if (!FEATURE_ENTRY.test(file) || names === null) return void reached.add(file);
      const reexports = links(file).filter((link) => link.reexport);
      for (const name of names) {
        const from = reexports.filter((link) => link.names![0] === name);
        // A name the entry does not re-export by name is its own (a lazy part) or an `export *`'s.
        const files = from.length > 0 ? from : reexports.filter((link) => link.names![0] === '*');
        for (const link of files) {
          const target = resolve(file, link.specifier);
          if (target) reached.add(target);
        }
        if (from.length === 0) reached.add(file);
      }
    };
    for (const file of reached)
      for (const link of links(file)) {
        // An entry's own re-exports are followed by name, from the files importing them.
        if (link.reexport && FEATURE_ENTRY.test(file)) continue;
        const target = resolve(file, link.specifier);
        if (target && link.names?.length !== 0) add(target, link.reexport ? null : link.names);
      }
    reach.set(feature, new Map([...reached].map((file) => [file, sources.get(file)!])));
  }
  return reach;
}

/** String literals that may be text keys or the start of one: `'ns.key'`, `"ns.key"`, `` `ns.prefix.${…}` ``. */
const KEY_LITERAL = /'([A-Za-z][\w-]*\.[\w.-]*)'|"([A-Za-z][\w-]*\.[\w.-]*)"|`([A-Za-z][\w-]*\.[\w.-]*)(?:`|\$\{)/g;
/** A node of the parser's tree, as far as textKeysOf reads it. */
interface TreeNode {
  type: string;
  start: number;
  end: number;
  [field: string]: unknown;
}

/**
 * The keys of a feature texts file (`export const texts = { en: {…}, in: {…}, … }`), read with the
 * parser the build splits the file by language with, however the file is laid out (one text a
 * line, or a language on one line). A file it cannot read whole stops the build and the catalogue
 * test, naming the file: no `texts`, a language that is not an object, a text whose key is not
 * written as a string (spread, computed), or languages that name different keys
 * (docs/web-kits.md, "Texts").
 */
export function textKeysOf(source: string, file: string): string[] {
  const fail = (why: string): never => {
    throw new Error(`The texts file ${file} cannot be read: ${why} (docs/web-kits.md, "Texts")`);
  };
  const { program, errors } = parseSync(file, source) as unknown as { program: { body: TreeNode[] }; errors: unknown[] };
  if (errors.length > 0) fail('it does not parse');
  let texts: TreeNode | undefined;
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as TreeNode | null) : null;
    for (const declarator of (declaration?.declarations as TreeNode[] | undefined) ?? [])
      if ((declarator.id as TreeNode).name === 'texts') texts = declarator.init as TreeNode;
  }
  while (texts && (texts.type === 'TSSatisfiesExpression' || texts.type === 'TSAsExpression')) texts = texts.expression as TreeNode;
  if (texts?.type !== 'ObjectExpression') return fail('it exports no `texts = { en: {…}, … }`');
  const written = (node: TreeNode) => source.slice(node.start, node.end);
  const languages = (texts.properties as TreeNode[]).map((language) => {
    const catalogue = language.value as TreeNode | undefined;
    if (language.type !== 'Property' || language.computed || catalogue?.type !== 'ObjectExpression')
      return fail(`\`${written(language).slice(0, 60)}\` is not a language's object of texts`);
    const keys = (catalogue.properties as TreeNode[]).map((text) => {
      const key = text.key as TreeNode | undefined;
      if (text.type !== 'Property' || text.computed || key?.type !== 'Literal' || typeof key.value !== 'string')
        return fail(`\`${written(text).slice(0, 60)}\` is not a text written as 'namespace.key': '…'`);
      return key.value;
    });
    return { name: written(language.key as TreeNode), keys };
  });
  const [first] = languages;
  if (!first || first.keys.length === 0) return fail('it holds no text');
  const listed = (keys: string[]) => [...keys].sort().join();
  for (const other of languages)
    if (listed(other.keys) !== listed(first.keys)) fail(`${other.name} does not name the same keys as ${first.name}`);
  return first.keys;
}

/**
 * The feature texts files (`src/features/<feature>/<namespace>.texts.ts`, relative to
 * src/features) each feature's pages need, by feature: the feature's own, and every other one whose
 * keys the feature's files, or the files of other features they import (featureReach), name with a
 * literal, whole or as the
 * start of a key built at run time (`t(\`swap.return.${value}\`)`). A page loads these with its
 * chunk (docs/web-kits.md, "Texts"); the catalogue test checks that every key a feature names is
 * in the language bundle or in these.
 */
export function featureTextFiles(webRoot: string): Record<string, string[]> {
  const root = path.join(webRoot, 'src/features');
  const features = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const textFiles = features.flatMap((feature) =>
    readdirSync(path.join(root, feature))
      .filter((name) => name.endsWith('.texts.ts'))
      .sort()
      .map((name) => {
        const file = `${feature}/${name}`;
        const keys = textKeysOf(readFileSync(path.join(root, file), 'utf8'), file);
        return { feature, file, namespace: name.slice(0, -'.texts.ts'.length), keys: new Set(keys) };
      }),
  );
  const reach = featureReach(webRoot, features);
  const answer: Record<string, string[]> = {};
  for (const feature of features) {
    const named = [
      ...new Set(
        [...reach.get(feature)!.values()].flatMap((source) => [...source.matchAll(KEY_LITERAL)].map((m) => (m[1] ?? m[2] ?? m[3])!)),
      ),
    ];
    answer[feature] = textFiles
      .filter(
        (texts) =>
          texts.feature === feature ||
          named.some((literal) => literal.startsWith(`${texts.namespace}.`) && [...texts.keys].some((key) => key.startsWith(literal))),
      )
      .map((texts) => texts.file);
  }
  return answer;
}

/** A quoted word that may be a record field's name (`'createdAt'`, `"ratedVoltage"`). */
const WORD_LITERAL = /'([A-Za-z][A-Za-z0-9]*)'|"([A-Za-z][A-Za-z0-9]*)"/g;

/** What some sources name of the texts: key literals, whole or as the start of a key, and words. */
export interface NamedTexts {
  prefixes: string[];
  words: string[];
}

function namedIn(sources: Iterable<string>): NamedTexts {
  const prefixes = new Set<string>();
  const words = new Set<string>();
  for (const source of sources) {
    for (const match of source.matchAll(KEY_LITERAL)) {
      const literal = (match[1] ?? match[2] ?? match[3])!;
      // `field.${name}` (a helper building the key of any field) names no field by itself: the
      // fields a screen shows are named by their words. A written literal ('field.') names them all.
      if (match[3] !== undefined && /^[\w-]+\.$/.test(literal)) continue;
      prefixes.add(literal);
    }
    for (const match of source.matchAll(WORD_LITERAL)) words.add((match[1] ?? match[2])!);
  }
  return { prefixes: [...prefixes].sort(), words: [...words].sort() };
}

/**
 * What the contracts' texts (message.*, validation.*, field.*, enumeration words) the web may show are
 * named where: `core`, by the code outside the features and by the features the app loads itself
 * (sign-in, errors), and by each feature with the files of other features it imports
 * (featureReach). A language's bundle holds the core's, and each page loads its feature's with its chunk (contractTextsOf;
 * docs/web-kits.md, "Texts").
 */
export function contractTextNeeds(webRoot: string): { core: NamedTexts; features: Record<string, NamedTexts> } {
  const root = path.join(webRoot, 'src/features');
  const features = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const files = new Map(features.map((feature) => [feature, featureSources(webRoot, feature)]));
  const sources = new Map(features.map((feature) => [feature, [...files.get(feature)!.values()]]));
  const imports = new Map(features.map((feature) => [feature, featuresImported(files.get(feature)!, OTHER_FEATURE)]));
  const reach = (start: Iterable<string>) => {
    const reached = new Set(start);
    for (const next of reached) for (const other of imports.get(next) ?? []) if (sources.has(other)) reached.add(other);
    return reached;
  };
  const outside = sourcesUnder(webRoot, 'src', ['src/features', 'src/i18n', 'src/test']);
  const shell = [...outside.values()];
  // Features the app itself imports (the sign-in and error pages) load no texts of their own; a
  // comment or a string naming a feature's folder imports nothing.
  const loadedByApp = [...featuresImported(outside, A_FEATURE)].filter((feature) => sources.has(feature));
  const core = namedIn([...shell, ...[...reach(loadedByApp)].flatMap((feature) => sources.get(feature)!)]);
  return {
    core,
    features: Object.fromEntries([...featureReach(webRoot, features)].map(([feature, reached]) => [feature, namedIn(reached.values())])),
  };
}

/** Of the contracts' catalogue keys, those `named` names: a key a literal starts, or `field.<word>`. */
export function contractTextsOf(keys: Iterable<string>, named: NamedTexts): string[] {
  const words = new Set(named.words);
  return [...keys].filter(
    (key) =>
      (key.startsWith('field.') && words.has(key.slice('field.'.length))) ||
      named.prefixes.some((prefix) => key === prefix || (key.startsWith(prefix) && (prefix.endsWith('.') || key[prefix.length] === '.'))),
  );
}

/**
 * The name a page's texts list gives its feature's part of the contracts' texts (`contract:area`);
 * `contract:*` is every contract text (i18n/index.ts, EVERY_CONTRACT_TEXT).
 */
export const CONTRACT_TEXTS_OF = 'contract:';
