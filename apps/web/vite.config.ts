import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const apiProxy = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } };

/** Replaces antd Table's column-filter dropdown; see src/shared/table/columnFilter.tsx for why. */
function withoutTableColumnFilters(): Plugin {
  const replacement = fileURLToPath(new URL('./src/shared/table/columnFilter.tsx', import.meta.url));
  return {
    name: 'without-table-column-filters',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './FilterDropdown' && importer?.replaceAll('\\', '/').includes('/antd/es/table/hooks/useFilter/')) return replacement;
      return null;
    },
  };
}

export default defineConfig({
  plugins: [withoutTableColumnFilters(), react()],
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
