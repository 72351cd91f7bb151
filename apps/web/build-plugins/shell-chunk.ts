import fs from 'node:fs';
import { parseSync, type Plugin } from 'vite';

/** What a module imports and re-exports, as read from its code. */
export interface ModuleLinks {
  /** Each static import: the specifier and the names taken (`*` for a namespace; none for a bare import). */
  imports: { from: string; names: string[] }[];
  /** Each re-export: the specifier, the name exported here and the name imported there (`*` for `export *`). */
  reexports: { from: string; exported: string; imported: string }[];
  /** A module without import or export statements (CommonJS): every module it requires, resolved. */
  required?: string[];
}

/** The static imports and re-exports of a module's code (ESM; a module that cannot be parsed links to nothing). */
export function linksOf(file: string, code: string): ModuleLinks {
  let module: ReturnType<typeof parseSync>['module'];
  try {
    module = parseSync(file, code).module;
  } catch {
    return { imports: [], reexports: [] };
  }
  const imports: ModuleLinks['imports'] = module.staticImports.map((statement) => ({
    from: statement.moduleRequest.value,
    names: statement.entries
      .filter((entry) => !entry.isType)
      .map((entry) =>
        entry.importName.kind === 'NamespaceObject'
          ? '*'
          : entry.importName.kind === 'Default'
            ? 'default'
            : (entry.importName.name ?? '*'),
      ),
  }));
  const reexports: ModuleLinks['reexports'] = [];
  for (const statement of module.staticExports)
    for (const entry of statement.entries) {
      if (!entry.moduleRequest || entry.isType) continue;
      const exported = entry.exportName.kind === 'None' ? '*' : (entry.exportName.name ?? 'default');
      const imported =
        entry.importName.kind === 'AllButDefault' || entry.importName.kind === 'All' ? '*' : (entry.importName.name ?? 'default');
      reexports.push({ from: entry.moduleRequest.value, exported, imported });
    }
  return { imports, reexports };
}

/**
 * The modules a set of roots needs, following each static import, and through a re-export only the
 * names asked for: `import { Button } from 'antd'` reaches antd's button and what it imports, not
 * every component antd's index re-exports (the module graph lists them all; the build drops the
 * unused ones). A module's own code may use any of its imports, so those are followed once any of
 * its names is asked, except of a module the build drops when only names it re-exports are used
 * (`dropsUnused`: a package declaring no side effects): that one is needed, and its imports
 * followed, only once a name of its own code is asked (antd's Input when TextArea takes only the
 * `triggerFocus` it re-exports).
 */
export async function neededModules(
  roots: string[],
  links: (id: string) => ModuleLinks | undefined,
  resolve: (specifier: string, importer: string) => Promise<string | undefined>,
  dropsUnused: (id: string) => boolean = () => false,
): Promise<Set<string>> {
  /** Module → names asked of it so far (`*`: all). */
  const asked = new Map<string, Set<string>>();
  /** The modules whose own code is needed, their imports followed. */
  const needed = new Set<string>();
  const visit = async (id: string, names: string[]): Promise<void> => {
    const known = asked.get(id);
    const fresh = known ? names.filter((name) => !known.has(name) && !known.has('*')) : names;
    if (known && fresh.length === 0) return;
    const seen = known ?? new Set<string>();
    asked.set(id, seen);
    for (const name of fresh) seen.add(name);
    const own = links(id);
    if (!own) {
      needed.add(id);
      return;
    }
    const reexported = new Set(own.reexports.map(({ exported }) => exported));
    const ownCode = !dropsUnused(id) || fresh.length === 0 || fresh.some((name) => name === '*' || !reexported.has(name));
    if (ownCode && !needed.has(id)) {
      needed.add(id);
      for (const target of own.required ?? []) await visit(target, ['*']);
      for (const { from, names: taken } of own.imports) {
        const target = await resolve(from, id);
        if (target) await visit(target, taken);
      }
    }
    for (const { from, exported, imported } of own.reexports) {
      const wanted = fresh.includes('*') ? [imported] : exported === '*' ? fresh : fresh.includes(exported) ? [imported] : [];
      if (wanted.length === 0) continue;
      const target = await resolve(from, id);
      if (target) await visit(target, wanted);
    }
  };
  for (const root of roots) await visit(root, ['*']);
  return needed;
}

/**
 * Whether the build drops a module's code when none of it is used: its package declares no side
 * effects (package.json `sideEffects: false`, or a list of patterns the file matches none of, as
 * antd's `["*.css"]`). `packageOf` reads a package's package.json (cached by the caller).
 */
export function withoutSideEffects(id: string, packageOf: (root: string) => { sideEffects?: unknown } | undefined): boolean {
  const path = id.replaceAll('\\', '/').replace(/\?.*$/, '');
  const match = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\/(.+)$/.exec(path);
  const root = match?.[1];
  const file = match?.[2];
  if (!root || !file) return false;
  const declared = packageOf(root)?.sideEffects;
  if (declared === false) return true;
  if (!Array.isArray(declared)) return false;
  return !declared.some((pattern) => {
    if (typeof pattern !== 'string') return true;
    const glob = pattern.replace(/^\.\//, '');
    const source = glob
      .split('**')
      .map((part) =>
        part
          .split('*')
          .map((text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]*'),
      )
      .join('.*');
    // A pattern without a slash matches the file's name in any folder.
    return new RegExp(`^${source}$`).test(glob.includes('/') ? file : file.slice(file.lastIndexOf('/') + 1));
  });
}

/**
 * Puts what every signed-in page loads with the shell into one chunk (docs/scaling.md, "Web
 * bundle"). Left to itself the bundler splits modules by the set of pages that reach them: with
 * some 150 pages, the shell's menu, dropdown, tooltip, form state and theme came in some 40 files
 * on every signed-in page, each compressed on its own (about 20 KB more gzipped than one file),
 * and a new page could regroup them (adding /statistics/vehicle grew every route by about 4 KB).
 * The chunk holds the modules the shell and the kit parts every page shows (`roots`) need, less
 * what the entry or a signed-out page loads (those stay with the entry or in their own files, so
 * the sign-in page never loads the shell).
 */
export function shellChunk(options: {
  shell: RegExp[];
  signIn: RegExp[];
  signedOut: RegExp[];
  pages: (importer: string) => boolean;
  library: (id: string) => boolean;
}): {
  plugin: Plugin;
  /** The shell's own modules: what only signed-in pages load. */
  shell: (id: string) => boolean;
  /** The shell's modules a signed-out page other than sign-in loads too (antd's core). */
  core: (id: string) => boolean;
  /** The chunk a module shared by signed-in pages goes to, named by the pages loading it (pagesChunk); null: the bundler's choice. */
  shared: (id: string) => string | null;
} {
  const shell = new Set<string>();
  const core = new Set<string>();
  const shared = new Map<string, string>();
  return {
    shell: (id) => shell.has(id),
    core: (id) => core.has(id),
    shared: (id) => shared.get(id) ?? null,
    plugin: {
      name: 'shell-chunk',
      apply: 'build',
      async buildEnd(error) {
        shell.clear();
        core.clear();
        shared.clear();
        if (error) return;
        const ids = [...this.getModuleIds()];
        const cache = new Map<string, ModuleLinks | undefined>();
        const links = (id: string) => {
          if (!cache.has(id)) {
            const info = this.getModuleInfo(id);
            const own = info?.code ? linksOf(id.replace(/\?.*$/, ''), info.code) : undefined;
            // CommonJS (react-dom, say) requires what it needs: all of it is taken.
            if (own && own.imports.length === 0 && own.reexports.length === 0) own.required = [...(info?.importedIds ?? [])];
            cache.set(id, own);
          }
          return cache.get(id);
        };
        const resolved = new Map<string, string | undefined>();
        const resolve = async (specifier: string, importer: string) => {
          const key = `${importer}\0${specifier}`;
          if (!resolved.has(key)) resolved.set(key, (await this.resolve(specifier, importer))?.id);
          return resolved.get(key);
        };
        const packages = new Map<string, { sideEffects?: unknown } | undefined>();
        const dropsUnused = (id: string) =>
          withoutSideEffects(id, (root) => {
            if (!packages.has(root))
              packages.set(
                root,
                fs.existsSync(`${root}/package.json`)
                  ? (JSON.parse(fs.readFileSync(`${root}/package.json`, 'utf8')) as { sideEffects?: unknown })
                  : undefined,
              );
            return packages.get(root);
          });
        const matching = (patterns: RegExp[]) => ids.filter((id) => patterns.some((pattern) => pattern.test(id.replaceAll('\\', '/'))));
        const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
        const first = await neededModules([...entries, ...matching(options.signIn)], links, resolve);
        const signedOut = await neededModules(matching(options.signedOut), links, resolve);
        // A module loaded lazily keeps its own file (and its place in the manifest), importing these.
        const lazy = (id: string) => (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;
        for (const id of await neededModules(matching(options.shell), links, resolve))
          if (!first.has(id) && !lazy(id)) (signedOut.has(id) ? core : shell).add(id);
        // The signed-in pages: the modules a route table loads lazily.
        const pages = ids.filter((id) => this.getModuleInfo(id)?.dynamicImporters.some(options.pages));
        // What the entry loads lazily for any address (the fallback screen, the error pages, the
        // shell) keeps to the bundler's files, so it never fetches pages' chunks.
        const fromEntry = await neededModules(
          ids.filter((id) => !pages.includes(id) && this.getModuleInfo(id)?.dynamicImporters.some((importer) => first.has(importer))),
          links,
          resolve,
        );
        // Read as the build drops code (dropsUnused): a module counted for a page that does not load
        // it would put that page on its file. The readings above count more than is loaded, on
        // purpose: what the entry or a signed-out page loads must never go into a signed-in file.
        const usedBy = new Map<string, number[]>();
        for (const [index, page] of pages.entries())
          for (const id of await neededModules([page], links, resolve, dropsUnused)) {
            if (first.has(id) || signedOut.has(id) || shell.has(id) || fromEntry.has(id) || lazy(id) || !options.library(id)) continue;
            const users = usedBy.get(id);
            if (users) users.push(index);
            else usedBy.set(id, [index]);
          }
        for (const [id, name] of pagesChunks(usedBy, pages.length))
          if (name === SHELL) shell.add(id);
          else shared.set(id, name);
        // A module imported only by modules of one such chunk (over-counted as needed by the entry,
        // or reached by a name this reading does not follow) goes with them, not in a file of its own.
        for (let changed = true; changed;) {
          changed = false;
          for (const id of ids) {
            if (shared.has(id) || shell.has(id) || core.has(id) || first.has(id) || signedOut.has(id) || lazy(id)) continue;
            const chunks = new Set(this.getModuleInfo(id)?.importers.map((importer) => shared.get(importer)));
            const [only] = chunks;
            if (chunks.size !== 1 || !only) continue;
            shared.set(id, only);
            changed = true;
          }
        }
      },
    },
  };
}

/** pagesChunks' name for what every signed-in page loads: it joins the shell. */
export const SHELL = 'shell';

/**
 * Which chunk each module goes to, by the signed-in pages that load it (`usedBy`: module → the
 * indexes of those pages, of `pageCount`). Left to itself the bundler splits modules by every
 * lazily loaded module reaching them (each drawer, dialog and texts file too), so a page loads many
 * small files that hold what the very same pages load. Modules loaded by the same pages go into one
 * chunk, named by those pages; those every page loads join the shell. A module one page alone loads
 * stays with the bundler (in the page's own file, or beside what a drawer of it shares).
 */
export function pagesChunks(usedBy: ReadonlyMap<string, readonly number[]>, pageCount: number): Map<string, string> {
  const chunks = new Map<string, string>();
  for (const [id, users] of usedBy) {
    if (users.length < 2) continue;
    chunks.set(id, users.length === pageCount ? SHELL : `pages-${pageSetName(users)}`);
  }
  return chunks;
}

/** A short stable name for a set of pages (the same pages, the same name, whatever their order). */
function pageSetName(users: readonly number[]): string {
  let hash = 0x811c9dc5;
  for (const index of [...users].sort((a, b) => a - b)) {
    hash ^= index + 1;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
