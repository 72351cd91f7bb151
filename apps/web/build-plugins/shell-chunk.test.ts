import { describe, expect, it } from 'vitest';
import { linksOf, neededModules } from './shell-chunk';

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
