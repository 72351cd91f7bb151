import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: Chromium (Debian's /usr/bin/chromium) against the built app served by a
 * server this run starts itself (support/global-setup.ts). One file at a time, generous timeouts.
 */
export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    // A test is a whole user workflow; on a busy two-core machine one can take most of a minute.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
