import { defineConfig } from 'vitest/config';

/**
 * How many spec files run at once, each in a worker of its own with its Chromium, against the one
 * server (E2E_WORKERS; one by one unless set: docs/testing.md, "Browser specs side by side").
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1) || 1);

/**
 * End-to-end tests: Chromium (Debian's /usr/bin/chromium) against the built app served by a
 * server this run starts itself (support/global-setup.ts); generous timeouts. Each spec makes its own
 * data and changes no setting another relies on, so files may run side by side (E2E_WORKERS).
 */
export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: workers,
    fileParallelism: workers > 1,
    // A test is a whole user workflow; on a busy two-core machine one can take most of a minute.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // expect.poll waits for what the page shows next, as long as a locator waits (the page's 30 s,
    // support/fixtures.ts); vitest's own 1 s is less than a busy machine takes to load a language's texts.
    expect: { poll: { timeout: 30_000 } },
  },
});
