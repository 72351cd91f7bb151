import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@swap\/contracts$/, replacement: fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)) },
      {
        find: /^@swap\/contracts\/testing$/,
        replacement: fileURLToPath(new URL('../../packages/contracts/src/testing.ts', import.meta.url)),
      },
    ],
  },
  test: { include: ['src/**/*.test.ts'] },
});
