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
 * unused ones). A module's own code may use any of its imports, so those are always followed.
 */
export async function neededModules(
  roots: string[],
  links: (id: string) => ModuleLinks | undefined,
  resolve: (specifier: string, importer: string) => Promise<string | undefined>,
): Promise<Set<string>> {
  /** Module → names asked of it so far (`*`: all); a module is in the map once its imports are followed. */
  const asked = new Map<string, Set<string>>();
  const visit = async (id: string, names: string[]): Promise<void> => {
    const known = asked.get(id);
    const fresh = known ? names.filter((name) => !known.has(name) && !known.has('*')) : names;
    if (known && fresh.length === 0) return;
    const seen = known ?? new Set<string>();
    asked.set(id, seen);
    for (const name of fresh) seen.add(name);
    const own = links(id);
    if (!own) return;
    if (!known) for (const target of own.required ?? []) await visit(target, ['*']);
    if (!known)
      for (const { from, names: taken } of own.imports) {
        const target = await resolve(from, id);
        if (target) await visit(target, taken);
      }
    for (const { from, exported, imported } of own.reexports) {
      const wanted = fresh.includes('*') ? [imported] : exported === '*' ? fresh : fresh.includes(exported) ? [imported] : [];
      if (wanted.length === 0) continue;
      const target = await resolve(from, id);
      if (target) await visit(target, wanted);
    }
  };
  for (const root of roots) await visit(root, ['*']);
  return new Set(asked.keys());
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
export function shellChunk(options: { shell: RegExp[]; signIn: RegExp[]; signedOut: RegExp[] }): {
  plugin: Plugin;
  /** The shell's own modules: what only signed-in pages load. */
  shell: (id: string) => boolean;
  /** The shell's modules a signed-out page other than sign-in loads too (antd's core). */
  core: (id: string) => boolean;
} {
  const shell = new Set<string>();
  const core = new Set<string>();
  return {
    shell: (id) => shell.has(id),
    core: (id) => core.has(id),
    plugin: {
      name: 'shell-chunk',
      apply: 'build',
      async buildEnd(error) {
        shell.clear();
        core.clear();
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
        const matching = (patterns: RegExp[]) => ids.filter((id) => patterns.some((pattern) => pattern.test(id.replaceAll('\\', '/'))));
        const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
        const first = await neededModules([...entries, ...matching(options.signIn)], links, resolve);
        const signedOut = await neededModules(matching(options.signedOut), links, resolve);
        // A module loaded lazily keeps its own file (and its place in the manifest), importing these.
        const lazy = (id: string) => (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;
        for (const id of await neededModules(matching(options.shell), links, resolve))
          if (!first.has(id) && !lazy(id)) (signedOut.has(id) ? core : shell).add(id);
      },
    },
  };
}
