import { describe, expect, it } from 'vitest';
import { linksOf, neededModules, pagesChunks, SHELL, withoutSideEffects } from './shell-chunk';

/** Modules by name, each its code; a specifier names the module directly. */
async function needed(modules: Record<string, string>, roots: string[]) {
  const links = (id: string) => (modules[id] === undefined ? undefined : linksOf(`${id}.js`, modules[id]));
  const found = await neededModules(roots, links, (specifier) => Promise.resolve(modules[specifier] === undefined ? undefined : specifier));
  return [...found].sort();
}

describe('the modules a root needs', () => {
  it('follows a re-export only for the names asked, and every import of a module that is reached', async () => {
    const modules = {
      shell: "import { Button, Menu } from 'antd'; import 'styles'; export const Shell = () => [Button, Menu];",
      antd: "export { default as Button } from 'button'; export { default as Menu } from 'menu'; export { default as Table } from 'table'; export * from 'locale';",
      button: "import { useToken } from 'theme'; export default function Button() { return useToken(); }",
      menu: "import Tooltip from 'tooltip'; export default function Menu() { return Tooltip; }",
      tooltip: 'export default function Tooltip() {}',
      theme: 'export const useToken = () => 1;',
      table: "import Pagination from 'pagination'; export default Pagination;",
      pagination: 'export default 1;',
      locale: 'export const en = {};',
      styles: '',
    };
    expect(await needed(modules, ['shell'])).toEqual(['antd', 'button', 'locale', 'menu', 'shell', 'styles', 'theme', 'tooltip']);
  });

  it('takes a whole module asked for by a namespace import or `export * as`', async () => {
    const modules = {
      page: "import * as ui from 'ui'; import { icons } from 'set'; export default [ui, icons];",
      ui: "export { a } from 'a'; export { b } from 'b';",
      set: "export * as icons from 'icons';",
      icons: "export { x } from 'x';",
      a: 'export const a = 1;',
      b: 'export const b = 1;',
      x: 'export const x = 1;',
    };
    expect(await needed(modules, ['page'])).toEqual(['a', 'b', 'icons', 'page', 'set', 'ui', 'x']);
  });

  it('takes everything a module without import or export statements requires (CommonJS)', async () => {
    const links = (id: string) =>
      id === 'react-dom'
        ? { ...linksOf('react-dom.js', "module.exports = require('scheduler');"), required: ['scheduler'] }
        : linksOf(`${id}.js`, '');
    expect([...(await neededModules(['react-dom'], links, (specifier) => Promise.resolve(specifier)))].sort()).toEqual([
      'react-dom',
      'scheduler',
    ]);
  });
});

describe('the modules a page needs, of packages declaring no side effects', () => {
  const modules: Record<string, string> = {
    page: "import TextArea from 'textarea'; export default TextArea;",
    textarea: "import { triggerFocus } from 'input'; export default function TextArea() { return triggerFocus; }",
    input:
      "import { triggerFocus } from 'util'; import Field from 'field'; export { triggerFocus }; export default function Input() { return Field; }",
    util: 'export const triggerFocus = 1;',
    field: 'export default 1;',
  };
  const needed = async (roots: string[], dropsUnused?: (id: string) => boolean) => {
    const links = (id: string) => (modules[id] === undefined ? undefined : linksOf(`${id}.js`, modules[id]));
    const resolve = (specifier: string) => Promise.resolve(modules[specifier] === undefined ? undefined : specifier);
    return [...(await neededModules(roots, links, resolve, dropsUnused))].sort();
  };

  it('leaves out a module only re-exported from, as the build does, and takes it once its own code is asked', async () => {
    expect(await needed(['page'], () => true)).toEqual(['page', 'textarea', 'util']);
    expect(await needed(['page', 'input'], () => true)).toEqual(['field', 'input', 'page', 'textarea', 'util']);
    // Where the build keeps a module whose code is not used (side effects), it is needed.
    expect(await needed(['page'])).toEqual(['field', 'input', 'page', 'textarea', 'util']);
  });

  it('reads which files a package declares free of side effects', () => {
    const packages: Record<string, { sideEffects?: unknown }> = {
      '/app/node_modules/antd': { sideEffects: ['*.css', './es/global.js'] },
      '/app/node_modules/@rc-component/input': { sideEffects: false },
      '/app/node_modules/leaflet': {},
    };
    const free = (id: string) => withoutSideEffects(id, (root) => packages[root]);
    expect(free('/app/node_modules/antd/es/input/Input.js')).toBe(true);
    expect(free('/app/node_modules/antd/es/style/reset.css')).toBe(false);
    expect(free('/app/node_modules/antd/es/global.js')).toBe(false);
    expect(free('/app/node_modules/@rc-component/input/es/TextArea.js?v=1')).toBe(true);
    expect(free('/app/node_modules/leaflet/dist/leaflet-src.js')).toBe(false);
    expect(free('/app/apps/web/src/shared/table/index.ts')).toBe(false);
  });
});

describe('the chunks of what several pages load', () => {
  it('puts the modules the same pages load in one chunk, what every page loads in the shell, and leaves one page’s own', () => {
    const usedBy = new Map([
      ['card', [0, 2]],
      ['card-style', [2, 0]],
      ['descriptions', [0, 1, 2]],
      ['spin', [0, 1, 2, 3]],
      ['chart', [3]],
      ['tag', [1, 2]],
    ]);
    const chunks = pagesChunks(usedBy, 4);
    expect(chunks.get('card')).toBe(chunks.get('card-style'));
    expect(new Set([chunks.get('card'), chunks.get('descriptions'), chunks.get('tag')]).size).toBe(3);
    expect(chunks.get('descriptions')).not.toBe(SHELL);
    expect(chunks.get('spin')).toBe(SHELL);
    expect(chunks.has('chart')).toBe(false);
  });
});
