import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  plugins: [slimTable(), react()],
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Routes are split with React.lazy; a larger chunk means an import that should be modular.
    chunkSizeWarningLimit: 600,
  },
});
