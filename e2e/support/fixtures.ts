import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { test as base, inject } from 'vitest';
import { artefactName, launchBrowser, newContext, resultsDir } from './browser.js';

/**
 * `test` with Playwright fixtures: one Chromium per spec file; a fresh context and page per test
 * (first-visit tour marked finished); a full-page screenshot in e2e/test-results/ when a test fails.
 * A test that wants the tour uses `test.override({ tour: true })` in its describe block.
 */
export const test = base
  .extend('baseURL', { scope: 'file' }, () => inject('baseURL'))
  .extend('tour', false as boolean)
  // Vitest reads a fixture's dependencies from its destructured first argument; this one has none.
  // eslint-disable-next-line no-empty-pattern
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }): Promise<Browser> => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('context', async ({ browser, baseURL, tour }, { onCleanup }): Promise<BrowserContext> => {
    const context = await newContext(browser, { baseURL, tour });
    onCleanup(() => context.close());
    return context;
  })
  .extend('page', async ({ context, task }, { onCleanup }): Promise<Page> => {
    const page = await context.newPage();
    // Generous: on a busy two-core machine a click can wait long for the page to settle.
    page.setDefaultTimeout(30_000);
    page.setDefaultNavigationTimeout(30_000);
    onCleanup(async () => {
      if (task.result?.state !== 'fail') return;
      fs.mkdirSync(resultsDir, { recursive: true });
      const names = [path.basename(task.file.name, '.spec.ts'), task.name];
      const file = path.join(resultsDir, `${artefactName(names)}.png`);
      try {
        await page.screenshot({ path: file, fullPage: true });
        console.error(`screenshot of the failure: ${path.relative(process.cwd(), file)} (at ${page.url()})`);
      } catch (error) {
        console.error(`could not take a screenshot: ${String(error)}`);
      }
    });
    return page;
  });

export { expect, describe } from 'vitest';
