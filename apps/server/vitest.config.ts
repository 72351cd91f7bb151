import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Tests read the contracts' source, so they never run against a stale build.
    alias: [
      { find: /^@swap\/contracts$/, replacement: fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)) },
      {
        find: /^@swap\/contracts\/testing$/,
        replacement: fileURLToPath(new URL('../../packages/contracts/src/testing.ts', import.meta.url)),
      },
    ],
  },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    // A server with the demo fleet takes long to seed on a busy two-core machine.
    hookTimeout: 120_000,
    pool: 'forks',
    // Files share a worker process: PGlite's WebAssembly warms up once per worker instead of once per file.
    isolate: false,
  },
});
